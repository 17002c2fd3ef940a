import { describe, expect, it } from 'vitest';
import { chartAxis } from './chart';
import { DATE_FORMATS, formatDate, localDateString } from './date';
import {
  dateRangeLabel,
  dateRangePresets,
  isApplicableDateRange,
  previousSpan,
  spanDays,
  workingDays,
} from './date-range';
import { formatDuration, formatDurationSeconds } from './duration';
import { importReportRest, importReportSummary } from './import-report';
import { formatCurrency, formatNumber, formatPercent } from './number';
import { workHours, workHoursSummary } from './work-hours';

describe('formatDate', () => {
  const instant = Date.UTC(2025, 2, 3, 17, 5); // Monday March 3rd 2025, 17:05 UTC
  it.each([
    ['Default', 'March 3rd 2025'],
    ['Long', 'Monday, March 3rd 2025'],
    ['Short', '3/3/25'],
    ['NoYear', 'March 3rd'],
    ['Time', '5:05 pm'],
    ['Hash', '2025-03-03'],
    ['NudgeDay', '3/3/2025'],
  ] as const)('%s', (name, text) => expect(formatDate(instant, name)).toBe(text));

  it('formats in a time zone', () => {
    expect(formatDate(instant, 'Time', 'America/New_York')).toBe('12:05 pm');
    expect(formatDate(Date.UTC(2025, 2, 4, 2), 'Default', 'America/New_York')).toBe('March 3rd 2025');
    expect(formatDate(Date.UTC(2025, 2, 4, 2), 'Long', 'Asia/Tokyo')).toBe('Tuesday, March 4th 2025');
    expect(localDateString(Date.UTC(2025, 2, 4, 2), 'America/Los_Angeles')).toBe('2025-03-03');
  });

  it('a YYYY-MM-DD date is not shifted; custom patterns and bad input', () => {
    expect(formatDate('2025-11-22', 'Default', 'Pacific/Kiritimati')).toBe('November 22nd 2025');
    expect(formatDate(instant, 'ddd D MMM')).toBe('Mon 3 Mar');
    expect(formatDate('not a date')).toBe('');
    expect(formatDate(null)).toBe('');
    expect(Object.keys(DATE_FORMATS)).toEqual([
      'Default',
      'Long',
      'Short',
      'NoYear',
      'Time',
      'Hash',
      'NudgeDay',
    ]);
  });
});

describe('numbers', () => {
  it.each([
    [0, '0.00'],
    [1234.5, '1,234.50'],
    [1234567.891, '1,234,567.89'],
    [-1234.5, '-1,234.50'],
    [0.005, '0.01'],
    [1.005, '1.01'],
    [999.999, '1,000.00'],
    [-0.001, '0.00'],
    [Number.NaN, '-'],
  ])('formatNumber(%d) = %s', (n, text) => expect(formatNumber(n)).toBe(text));

  it('decimals, currency and percent', () => {
    expect(formatNumber(1234.5, 0)).toBe('1,235');
    expect(formatCurrency(1234.5)).toBe('$1,235');
    expect(formatCurrency(-20)).toBe('-$20');
    expect(formatPercent(12.5)).toBe('12.5%');
    expect(formatPercent(100)).toBe('100%');
    expect(formatPercent(100, 0)).toBe('100%');
    expect(formatPercent(33.333)).toBe('33.33%');
  });
});

describe('durations', () => {
  it.each([
    [0, '0 minutes'],
    [1, '1 minute'],
    [45, '45 minutes'],
    [60, '1 hour'],
    [90, '1 hour 30 minutes'],
    [1440, '1 day'],
    [1441, '1 day 1 minute'],
    [3 * 1440 + 125, '3 days 2 hours 5 minutes'],
    [-90, '-1 hour 30 minutes'],
    [29.6, '30 minutes'],
  ])('%d → %s', (minutes, text) => expect(formatDuration(minutes)).toBe(text));

  it('short style, unit limit and seconds', () => {
    expect(formatDuration(3 * 1440 + 125, { style: 'short' })).toBe('3d 2h 5m');
    expect(formatDuration(3 * 1440 + 125, { maxUnits: 2 })).toBe('3 days 2 hours');
    expect(formatDurationSeconds(5400)).toBe('1 hour 30 minutes');
  });
});

describe('date ranges (today is Wednesday March 12th 2025)', () => {
  const today = '2025-03-12';
  it.each([
    [{ start: '2025-03-09', end: '2025-03-15' }, 'This week'],
    [{ start: '2025-03-09', end: '2025-03-12' }, 'This week'],
    [{ start: '2025-03-02', end: '2025-03-08' }, 'Last week'],
    [{ start: '2025-03-01', end: '2025-03-31' }, 'This month'],
    [{ start: '2025-03-01', end: '2025-03-12' }, 'This month'],
    [{ start: '2025-02-01', end: '2025-02-28' }, 'Last month'],
    [{ start: '2025-03-06', end: '2025-03-12' }, 'Last 7 days'],
    [{ start: '2025-02-11', end: '2025-03-12' }, 'Last 30 days'],
    [{ start: '2025-03-12', end: '2025-03-12' }, 'Last 1 day'],
    [{ start: '2025-01-06', end: '2025-01-12' }, 'January 6th 2025 - January 12th 2025'],
  ])('%j → %s', (range, label) => expect(dateRangeLabel(range, today)).toBe(label));

  it('weeks can start on Monday', () => {
    expect(dateRangeLabel({ start: '2025-03-10', end: '2025-03-16' }, today, { weekStartsOn: 1 })).toBe(
      'This week',
    );
  });

  it('January: last month is December of the year before', () => {
    expect(dateRangeLabel({ start: '2024-12-01', end: '2024-12-31' }, '2025-01-15')).toBe('Last month');
  });

  it('presets', () => {
    expect(dateRangePresets(today)).toEqual([
      { label: 'This week', start: '2025-03-09', end: '2025-03-15' },
      { label: 'Last week', start: '2025-03-02', end: '2025-03-08' },
      { label: 'This month', start: '2025-03-01', end: '2025-03-31' },
      { label: 'Last month', start: '2025-02-01', end: '2025-02-28' },
    ]);
    for (const p of dateRangePresets(today)) expect(dateRangeLabel(p, today)).toBe(p.label);
  });

  it('spans', () => {
    expect(spanDays({ start: '2025-03-01', end: '2025-03-31' })).toBe(31);
    expect(previousSpan({ start: '2025-03-01', end: '2025-03-31' })).toEqual({
      start: '2025-01-29',
      end: '2025-02-28',
    });
    expect(isApplicableDateRange({ start: '2025-03-01', end: '2025-03-01' })).toBe(false);
    expect(isApplicableDateRange({ start: '2025-03-01', end: '2025-03-02' })).toBe(true);
    expect(workingDays({ start: '2025-03-01', end: '2025-03-31' })).toBe(21);
    expect(workingDays({ start: '2025-03-08', end: '2025-03-09' })).toBe(0);
    expect(workHours({ start: '2025-03-10', end: '2025-03-16' })).toBe(40);
  });
});

describe('chartAxis', () => {
  it.each([
    [[80, 90, 100], 30],
    [[], 30],
    [[30], 30],
    [[29], 25],
    [[12, 80], 10],
    [[0], 0],
    [[-5], 0],
    [[null, 55], 30],
  ])('%j → min %i', (values, min) => {
    const axis = chartAxis(values);
    expect(axis.min).toBe(min);
    expect(axis.max).toBe(110);
    expect(axis.ticks.at(-1)).toBe(100);
    expect(axis.ticks.every((t) => t >= min && t <= 100)).toBe(true);
  });
  it('ticks', () => expect(chartAxis([]).ticks).toEqual([30, 40, 50, 60, 70, 80, 90, 100]));
});

describe('work hours', () => {
  it("under 50 % reads 'plenty of time'", () => {
    expect(workHoursSummary(10, 40)).toMatchObject({
      percentOfTime: 25,
      tone: 'ok',
      message: 'plenty of time',
    });
    expect(workHoursSummary(19.99, 40).message).toBe('plenty of time');
  });
  it('otherwise a warning with the remaining hours', () => {
    expect(workHoursSummary(30, 40)).toMatchObject({
      percentOfTime: 75,
      remainingHours: 10,
      tone: 'warning',
      message: 'only 10 of 40 work hours left outside meetings',
    });
    expect(workHoursSummary(5, 0).percentOfTime).toBe(0);
  });
});

describe('import report lines', () => {
  const report = (events: number, problems: number, listed: number) => ({
    read_at: '2026-11-29T20:00:00.000Z',
    events,
    problems: Array.from({ length: listed }, () => ({ message: 'Unreadable DTEND' })),
    problems_total: problems,
  });

  it('groups thousands in what was read and how many problems there were', () => {
    expect(importReportSummary(report(1, 0, 0))).toBe('Read 1 event');
    expect(importReportSummary(report(50_120, 1, 1))).toBe('Read 50,120 events · 1 problem');
    expect(importReportSummary(report(50_120, 5_000, 100))).toBe('Read 50,120 events · 5,000 problems');
  });

  it('counts the problems left out of the list, and says nothing when it holds them all', () => {
    expect(importReportRest(report(50_120, 5_000, 100))).toBe('…and 4,900 more');
    expect(importReportRest(report(10, 3, 3))).toBeNull();
  });
});
