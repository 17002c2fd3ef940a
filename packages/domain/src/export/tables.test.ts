import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import {
  compliantMeetingsFromSums,
  countFromSums,
  durationAndCostDetailsFromGroups,
  durationAndCostsFromSums,
  overtimeFromSums,
  reportAverageAttendees,
  reportAverages,
} from '../reports/index';
import { HOUR, MIN, row, T0 } from '../testing/factories';
import { CSV_BOM, toCsv } from './csv';
import { MEETING_EXPORT_COLUMNS, meetingExportRecord, wallClockText } from './meetings';
import {
  type ExportFormat,
  exportCellText,
  exportCellValue,
  exportTablesToRecords,
  type ReviewExportInput,
  reviewExportTables,
} from './tables';

const rows = [
  row({ eventId: 'a', score: 92, startsAt: T0, endsAt: T0 + HOUR, attendeesCount: 4 }),
  row({
    eventId: 'b',
    score: 55,
    startsAt: T0 + 2 * HOUR,
    endsAt: T0 + 2 * HOUR + 30 * MIN,
    attendeesCount: 8,
  }),
];

function input(): ReviewExportInput {
  const range = { start: '2025-03-10', end: '2025-03-16' };
  return {
    averages: { rows: reportAverages(rows), previous: null },
    costs: {
      rows: durationAndCostsFromSums(
        { meetings: 2, good: 1, seconds: 5400, cost: 250, memberSeconds: 5400 },
        { annualSalary: 100_000, range },
      ),
      previous: null,
    },
    details: {
      rows: durationAndCostDetailsFromGroups(
        {
          organizers: [
            {
              key: '=cmd@evil.example',
              meetings: 1,
              seconds: 3600,
              goodSeconds: 3600,
              cost: 200,
              name: '=HYPERLINK("x")',
            },
            { key: 'boss@acme.com', meetings: 1, seconds: 1800, goodSeconds: 0, cost: 50, name: 'Boss, The' },
          ],
          intentions: [{ key: 'information', meetings: 2, seconds: 5400, goodSeconds: 3600, cost: 250 }],
          categories: [{ key: 'single', meetings: 2, seconds: 5400, goodSeconds: 3600, cost: 250 }],
        },
        { pastActionsByOrganizer: new Map([['boss@acme.com', 3]]) },
      ),
    },
    overtime: { rows: overtimeFromSums({ overtimeMeetings: 1, overtimeMs: 5_400_000 }) },
    attendees: { rows: reportAverageAttendees(rows) },
    focus: { rows: countFromSums({ matching: 1, meetings: 2 }) },
    late: { rows: countFromSums({ matching: 0, meetings: 2 }) },
    compliant: { rows: compliantMeetingsFromSums({ compliant: 0, nonCompliant: 0, meetings: 2 }) },
    scores: {
      rows: [],
      leaderboard: [
        {
          organizer_email: 'boss@acme.com',
          name: 'Boss',
          profile_image: null,
          average: 55,
          count: 1,
          nudges: 3,
          color: '#000',
        },
      ],
    },
    nudges: { rows: [], total: 3 },
  };
}

describe('reviewExportTables', () => {
  it('lays out the report card, leaderboard and breakdowns with the screen’s figures', () => {
    const tables = reviewExportTables(input());
    expect(tables.map((t) => t.id)).toEqual(['summary', 'leaderboard', 'intentions', 'kinds', 'organizers']);
    const summary = Object.fromEntries(
      tables[0]!.rows.map(([label, value]) => [exportCellText(label!), exportCellText(value!)]),
    );
    expect(summary['Average score']).toBe('74');
    expect(summary.Meetings).toBe('2');
    expect(summary['Time in meetings (hours)']).toBe('1.5 h');
    expect(summary['Meeting cost ($)']).toBe('$250');
    expect(summary['Average attendees']).toBe('6.0');
    expect(summary['Outside work hours (hours)']).toBe('1.50 h');
    // Nothing was checked: not applicable, not 0 %.
    expect(summary['Compliant meetings (%)']).toBe('not applicable');
    expect(summary['Nudges sent']).toBe('3');
    const organizers = tables.find((t) => t.id === 'organizers')!;
    expect(organizers.rows.map((r) => exportCellText(r[1]!))).toEqual(['=cmd@evil.example', 'boss@acme.com']);
  });

  it('writes the tables as one rectangular CSV, formulas guarded', () => {
    const csv = toCsv(
      exportTablesToRecords(['MeetWell review', '2025-03-10', '2025-03-16'], reviewExportTables(input())),
    );
    const parsed = Papa.parse<string[]>(csv.slice(CSV_BOM.length), { delimiter: ',', newline: '\r\n' }).data;
    const widths = new Set(parsed.filter((r) => r.length > 1).map((r) => r.length));
    expect(widths.size).toBe(1);
    const organizerRows = parsed.filter((r) => r[1] === "'=cmd@evil.example");
    expect(organizerRows[0]?.[0]).toBe('\'=HYPERLINK("x")');
    expect(parsed.find((r) => r[0] === 'Meeting cost ($)')?.[1]).toBe('250');
    expect(parsed.find((r) => r[0] === 'Time in meetings (hours)')?.[1]).toBe('1.5');
  });
});

describe('exportCellText and exportCellValue', () => {
  const numeric: ExportFormat[] = ['count', 'score', 'hours', 'hours1', 'currency', 'percent', 'decimal1'];
  it('are one figure: the text, unit and separators removed, is the CSV number', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1e9, noNaN: true }),
        fc.constantFrom(...numeric),
        (value, format) => {
          const cell = { value, format };
          const fromText = Number(exportCellText(cell).replace(/[$,%h\s]/g, ''));
          expect(fromText).toBe(exportCellValue(cell));
        },
      ),
    );
  });

  it('shows a missing figure as a dash and leaves it empty in a CSV', () => {
    expect(exportCellText({ value: null, format: 'count' })).toBe('–');
    expect(exportCellValue({ value: null, format: 'count' })).toBeNull();
  });
});

describe('meetingExportRecord', () => {
  it('gives the meeting its local times, cost, grade and each rule’s result', () => {
    const record = meetingExportRecord(
      {
        title: '@channel sync',
        startsAt: T0,
        endsAt: T0 + 45 * MIN,
        organizerEmail: 'boss@acme.com',
        organizerName: null,
        attendeesCount: 6,
        score: 85,
        results: { focus_block_conflict: { score: 100 }, required_agenda: { score: 0 } },
      },
      { timeZone: 'America/New_York', annualSalary: 100_000 },
    );
    const byColumn = Object.fromEntries(MEETING_EXPORT_COLUMNS.map((c, i) => [c, record[i]]));
    expect(byColumn.Title).toBe('@channel sync');
    expect(byColumn.Start).toBe('2025-03-10 11:00');
    expect(byColumn.End).toBe('2025-03-10 11:45');
    expect(byColumn['Duration (minutes)']).toBe(45);
    expect(byColumn['Cost ($)']).toBe(216);
    expect(byColumn.Grade).toBe('B');
    expect(byColumn.focus_block_conflict).toBe('pass');
    expect(byColumn.required_agenda).toBe('fail');
    expect(byColumn.meeting_conflict).toBe('');
    expect(toCsv([record])).toContain("'@channel sync");
  });

  it('reads the wall clock of the zone, UTC for an unknown zone', () => {
    expect(wallClockText(Date.UTC(2025, 6, 1, 12, 0), 'Europe/Paris')).toBe('2025-07-01 14:00');
    expect(wallClockText(Date.UTC(2025, 6, 1, 12, 0), 'Not/AZone')).toBe('2025-07-01 12:00');
  });
});
