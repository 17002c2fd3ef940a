import { describe, expect, it } from 'vitest';
import {
  applicableRange,
  nextStatuses,
  rangeFromSearch,
  rangeInSentence,
  rangeLabel,
  rangePresets,
  reviewPath,
  statusesFromSegment,
} from './reviewState';

const TODAY = '2025-03-12'; // a Wednesday

describe('invite-status filter', () => {
  it.each([
    [['all'], ['all', 'confirmed'], ['confirmed']],
    [['confirmed'], ['confirmed', 'all'], ['all']],
    [['confirmed'], [], ['all']],
    [['all'], [], ['all']],
    [['all'], ['all', 'tentative'], ['all']],
    [['confirmed'], ['confirmed', 'declined'], ['confirmed']],
  ])('%j then %j → %j', (previous, next, expected) => expect(nextStatuses(previous, next)).toEqual(expected));

  it('reads the URL segment, keeping only selectable statuses', () => {
    expect(statusesFromSegment(undefined)).toEqual(['all']);
    expect(statusesFromSegment('confirmed')).toEqual(['confirmed']);
    expect(statusesFromSegment('tentative')).toEqual(['all']);
    expect(statusesFromSegment('all,confirmed')).toEqual(['all']);
  });

  it('builds the path: no segment for All', () => {
    const range = { start: '2025-03-09', end: '2025-03-15' };
    expect(reviewPath('you', ['all'], range)).toBe('/my/review/you?s=2025-03-09&e=2025-03-15');
    expect(reviewPath('team', ['confirmed'], range)).toBe(
      '/my/review/team/confirmed?s=2025-03-09&e=2025-03-15',
    );
  });
});

describe('date range', () => {
  it('defaults to this week (Sunday to Saturday) and ignores ranges shorter than a day', () => {
    expect(rangeFromSearch(new URLSearchParams(''), TODAY)).toEqual({
      start: '2025-03-09',
      end: '2025-03-15',
    });
    expect(rangeFromSearch(new URLSearchParams('s=2025-03-01&e=2025-03-01'), TODAY)).toEqual({
      start: '2025-03-09',
      end: '2025-03-15',
    });
    expect(rangeFromSearch(new URLSearchParams('s=2025-03-01&e=2025-03-02'), TODAY)).toEqual({
      start: '2025-03-01',
      end: '2025-03-02',
    });
    expect(rangeFromSearch(new URLSearchParams('s=garbage&e=2025-03-02'), TODAY)).toEqual({
      start: '2025-03-09',
      end: '2025-03-15',
    });
  });

  it('applies a picked range only when it spans a day or more', () => {
    expect(applicableRange('2025-03-04', '2025-03-04')).toBeNull();
    expect(applicableRange('2025-03-04', null)).toBeNull();
    expect(applicableRange('2025-03-04', '2025-03-05')).toEqual({ start: '2025-03-04', end: '2025-03-05' });
    expect(applicableRange('2025-03-05', '2025-03-04')).toEqual({ start: '2025-03-04', end: '2025-03-05' });
  });

  it('labels the presets and the last N days', () => {
    expect(rangePresets(TODAY).map((p) => [p.label, p.start, p.end])).toEqual([
      ['This week', '2025-03-09', '2025-03-15'],
      ['Last week', '2025-03-02', '2025-03-08'],
      ['This month', '2025-03-01', '2025-03-31'],
      ['Last month', '2025-02-01', '2025-02-28'],
    ]);
    for (const preset of rangePresets(TODAY)) expect(rangeLabel(preset, TODAY)).toBe(preset.label);
    expect(rangeLabel({ start: '2025-03-06', end: '2025-03-12' }, TODAY)).toBe('Last 7 days');
    expect(rangeLabel({ start: '2025-01-01', end: '2025-01-31' }, TODAY)).toBe(
      'January 1st 2025 - January 31st 2025',
    );
  });
});

describe('a range inside a sentence', () => {
  it('lower-cases a relative label and keeps the capitals of month names', () => {
    expect(rangeInSentence({ start: '2025-03-09', end: '2025-03-15' }, TODAY)).toBe('this week');
    expect(rangeInSentence({ start: '2025-02-01', end: '2025-02-28' }, TODAY)).toBe('last month');
    expect(rangeInSentence({ start: '2024-09-01', end: '2024-09-30' }, TODAY)).toBe(
      'September 1st 2024 - September 30th 2024',
    );
    expect(rangeInSentence({ start: '2025-01-01', end: '2025-01-01' }, TODAY)).toBe('January 1st 2025');
  });
});
