import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { personColor } from '../constants/colors';
import { HOUR, MIN, row, T0 } from '../testing/factories';
import {
  complianceCountsText,
  reportAverageAttendees,
  reportAverageScoresBy,
  reportAverages,
  reportCompliantMeetings,
  reportDurationAndCostDetails,
  reportDurationAndCosts,
  reportFocusBlockConflicts,
  reportOvertime,
  reportPastActionsBy,
  reportScheduledLate,
  reportTotals,
  reportUserCounts,
} from './index';
import { isReportable, type ReportMeetingRow, ratio, reportableRows } from './rows';
import { trend } from './trend';

describe('reportable rows', () => {
  it.each<[string, Partial<ReportMeetingRow>, boolean]>([
    ['scored', {}, true],
    ['unscored', { score: null }, false],
    ['all day', { allDay: true }, false],
    ['6 hours', { endsAt: T0 + 6 * HOUR }, false],
    ['broken times', { endsAt: T0 - MIN }, false],
  ])('%s → %s', (_name, overrides, expected) => expect(isReportable(row(overrides))).toBe(expected));

  it('one row per event: the organizer’s, else the smallest meeting id', () => {
    const rows = [
      row({ eventId: 'E', meetingId: 'm3', score: 10 }),
      row({ eventId: 'E', meetingId: 'm2', score: 20 }),
      row({ eventId: 'F', meetingId: 'm9', score: 30 }),
      row({ eventId: 'F', meetingId: 'm8', score: 40, isOrganizer: true }),
      row({ eventId: 'F', meetingId: 'm1', score: 50 }),
      row({ eventId: 'G', meetingId: 'm1', score: null }),
      row({ eventId: 'G', meetingId: 'm5', score: 60 }),
    ];
    expect(reportableRows(rows).map((r) => [r.row.eventId, r.score])).toEqual([
      ['E', 20],
      ['F', 40],
      ['G', 60],
    ]);
  });

  it('property: duplicating rows never changes any figure', () => {
    const rowArb = fc.record({
      eventId: fc.constantFrom('a', 'b', 'c', 'd', 'e'),
      score: fc.option(fc.integer({ min: 0, max: 100 })),
      attendeesCount: fc.integer({ min: 2, max: 30 }),
      minutes: fc.integer({ min: 5, max: 500 }),
    });
    fc.assert(
      fc.property(fc.array(rowArb, { maxLength: 20 }), (specs) => {
        // Same event → same figures (as the same event seen by two users would be after dedupe).
        const byEvent = new Map(specs.map((s) => [s.eventId, s]));
        const rows = [...byEvent.values()].map((s) =>
          row({
            eventId: s.eventId,
            meetingId: s.eventId,
            score: s.score,
            attendeesCount: s.attendeesCount,
            endsAt: T0 + s.minutes * MIN,
          }),
        );
        const doubled = [...rows, ...rows.map((r) => ({ ...r, meetingId: `z${r.meetingId}` }))];
        const options = { annualSalary: 80_000, range: { start: '2025-03-10', end: '2025-03-16' } };
        return (
          JSON.stringify(reportAverages(rows)) === JSON.stringify(reportAverages(doubled)) &&
          JSON.stringify(reportDurationAndCosts(rows, options)) ===
            JSON.stringify(reportDurationAndCosts(doubled, options)) &&
          JSON.stringify(reportAverageAttendees(rows)) === JSON.stringify(reportAverageAttendees(doubled))
        );
      }),
    );
  });

  it('ratio rounds half away from zero from integers', () => {
    expect(ratio(3201, 40)).toBe(80.03);
    expect(ratio(1, 8)).toBe(0.13);
    expect(ratio(-1, 8)).toBe(-0.13);
    expect(ratio(1, 0)).toBe(0);
    expect(ratio(161, 2, 0)).toBe(81);
  });
});

describe('reportAverages', () => {
  it('average, quality label, good (≥ 80) and bad counts; all-day and unscored left out', () => {
    const rows = [
      row({ score: 100 }),
      row({ score: 80 }),
      row({ score: 79 }),
      row({ score: 62 }),
      row({ score: null }),
      row({ score: 0, allDay: true }),
    ];
    expect(reportAverages(rows)).toEqual({
      average: 80,
      average_exact: 80.25,
      quality_label: 'high',
      letter_grade: 'B-',
      good: 2,
      bad: 2,
      total: 4,
    });
  });

  it('no meetings', () => {
    expect(reportAverages([])).toEqual({
      average: null,
      average_exact: null,
      quality_label: null,
      letter_grade: null,
      good: 0,
      bad: 0,
      total: 0,
    });
  });

  it('rounds .5 up', () => {
    expect(reportAverages([row({ score: 80 }), row({ score: 81 })]).average).toBe(81);
  });
});

describe('durations and costs', () => {
  const range = { start: '2025-03-10', end: '2025-03-16' };
  const rows = [
    row({ score: 90, endsAt: T0 + HOUR, attendeesCount: 4 }),
    row({ score: 40, endsAt: T0 + 30 * MIN, attendeesCount: 2 }),
    row({ score: 40, endsAt: T0 + 30 * MIN, allDay: true }),
  ];

  it('reportDurationAndCosts', () => {
    expect(reportDurationAndCosts(rows, { annualSalary: 80_000, range })).toEqual({
      total: 2,
      good: 1,
      bad: 1,
      meeting_duration: 5400,
      meeting_cost_total: 154 + 38,
      ave_cost_per_meeting: 96,
      annual_salary: 80_000,
      work_hours: 40,
      work_hours_spent: { spent_hours: 1.5, percent_of_time: 3.75 },
      members: null,
      spans_days: 7,
    });
  });

  it('reportDurationAndCosts for a team: time per member, every member counting their own copy', () => {
    // One 1-hour event in three members' calendars, and a 30-minute one in one member's.
    const team = [
      row({ eventId: 'shared', meetingId: 'a', score: 90 }),
      row({ eventId: 'shared', meetingId: 'b', score: 90 }),
      row({ eventId: 'shared', meetingId: 'c', score: 90 }),
      row({ eventId: 'solo', meetingId: 'd', score: 50, endsAt: T0 + 30 * MIN }),
    ];
    const report = reportDurationAndCosts(team, { annualSalary: 80_000, range, members: 4 });
    expect(report).toMatchObject({
      total: 2,
      meeting_duration: 5400,
      members: 4,
      work_hours: 40,
      // (3 × 60 + 30) minutes over 4 members = 52.5 minutes each.
      work_hours_spent: { spent_hours: 0.88, percent_of_time: 2.19 },
    });
  });

  it('reportTotals', () => {
    expect(reportTotals(rows)).toEqual({ total: 2, good: 1, bad: 1, duration_seconds: 5400 });
  });

  it('reportDurationAndCostDetails', () => {
    const detailed = [
      row({
        organizerEmail: 'Ann@acme.com',
        organizerName: 'Ann',
        score: 90,
        recurring: true,
        intention: 'standup',
      }),
      row({ organizerEmail: 'ann@acme.com', score: 50, endsAt: T0 + 30 * MIN, intention: 'standup' }),
      row({ organizerEmail: 'bob@acme.com', organizerName: 'Bob', score: 85, intention: null }),
    ];
    const report = reportDurationAndCostDetails(detailed, {
      annualSalary: 80_000,
      pastActions: [{ action: 'remind', performedAt: T0, organizerEmail: 'ANN@acme.com' }],
    });
    expect(report.organizers).toEqual([
      {
        email: 'ann@acme.com',
        name: 'Ann',
        profile_image: null,
        good_hours: 1,
        bad_hours: 0.5,
        total_hours: 1.5,
        count: 2,
        cost: 154 + 77,
        percent: 66.67,
        past_actions: 1,
      },
      {
        email: 'bob@acme.com',
        name: 'Bob',
        profile_image: null,
        good_hours: 1,
        bad_hours: 0,
        total_hours: 1,
        count: 1,
        cost: 154,
        percent: 33.33,
        past_actions: 0,
      },
    ]);
    expect(report.categories).toEqual([
      { category: 'recurring', count: 1, hours: 1, cost: 154, percent: 33.33 },
      { category: 'single', count: 2, hours: 1.5, cost: 231, percent: 66.67 },
    ]);
    expect(report.intentions.map((i) => [i.intention, i.label, i.count])).toEqual([
      ['standup', 'Stand-up', 2],
      ['none', 'None', 1],
    ]);
  });
});

describe('other reports', () => {
  it('reportOvertime: outside 9–17 on weekdays, all of weekends, in the zone', () => {
    const rows = [
      row({ startsAt: Date.UTC(2025, 2, 10, 13), endsAt: Date.UTC(2025, 2, 10, 14) }), // Mon 9:00 NY: inside
      row({ startsAt: Date.UTC(2025, 2, 10, 12, 30), endsAt: Date.UTC(2025, 2, 10, 13, 30) }), // 8:30–9:30: 30 min
      row({ startsAt: Date.UTC(2025, 2, 8, 15), endsAt: Date.UTC(2025, 2, 8, 16) }), // Saturday: 60 min
      row({ startsAt: Date.UTC(2025, 2, 10, 20, 30), endsAt: Date.UTC(2025, 2, 10, 21, 30) }), // 16:30–17:30: 30 min
    ];
    expect(reportOvertime(rows, { timeZone: 'America/New_York' })).toEqual({
      total: 3,
      overtime_minutes: 120,
      overtime_hours: 2,
    });
    // In UTC the first two are inside work hours; Saturday and 20:30–21:30 are not.
    expect(reportOvertime(rows)).toEqual({ total: 2, overtime_minutes: 120, overtime_hours: 2 });
  });

  it('reportAverageAttendees', () => {
    expect(
      reportAverageAttendees([
        row({ attendeesCount: 2 }),
        row({ attendeesCount: 3 }),
        row({ attendeesCount: 3 }),
      ]),
    ).toEqual({ average: 2.67, total: 3 });
    expect(reportAverageAttendees([])).toEqual({ average: 0, total: 0 });
  });

  it('focus-block conflicts, scheduled late, compliant meetings', () => {
    const rows = [
      row({ focusBlockConflict: true, scheduledLate: true, compliant: false }),
      row({ focusBlockConflict: false, scheduledLate: true, compliant: true }),
      row({ compliant: true }),
      row({ compliant: null }),
    ];
    expect(reportFocusBlockConflicts(rows)).toEqual({ total: 1, meetings: 4, percent: 25 });
    expect(reportScheduledLate(rows)).toEqual({ total: 2, meetings: 4, percent: 50 });
    expect(reportCompliantMeetings(rows)).toEqual({
      compliant: 2,
      non_compliant: 1,
      total: 4,
      percent: 66.67,
    });
    expect(complianceCountsText(reportCompliantMeetings(rows))).toBe('2 compliant · 1 not · 1 not checked');
    expect(complianceCountsText(reportCompliantMeetings(rows.slice(0, 3)))).toBe('2 compliant · 1 not');
  });

  it('the compliance line always accounts for every meeting counted', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(true, false, null), { maxLength: 60 }), (flags) => {
        const report = reportCompliantMeetings(flags.map((compliant) => row({ compliant })));
        const numbers = [...complianceCountsText(report).matchAll(/\d+/g)].map((m) => Number(m[0]));
        expect(numbers.reduce((sum, n) => sum + n, 0)).toBe(report.total);
      }),
    );
  });

  it('reportAverageScoresBy: per organizer per local day, and the leaderboard', () => {
    const rows = [
      row({
        organizerEmail: 'a@x.com',
        organizerName: 'A',
        score: 90,
        startsAt: Date.UTC(2025, 2, 11, 3),
        endsAt: Date.UTC(2025, 2, 11, 4),
      }),
      row({
        organizerEmail: 'a@x.com',
        score: 71,
        startsAt: Date.UTC(2025, 2, 11, 15),
        endsAt: Date.UTC(2025, 2, 11, 16),
      }),
      row({
        organizerEmail: 'b@x.com',
        score: 95,
        startsAt: Date.UTC(2025, 2, 11, 15),
        endsAt: Date.UTC(2025, 2, 11, 16),
      }),
    ];
    const report = reportAverageScoresBy(rows, {
      timeZone: 'America/New_York',
      pastActions: [{ action: 'decline', performedAt: T0, organizerEmail: 'a@x.com' }],
    });
    expect(report.rows).toEqual([
      { organizer_email: 'a@x.com', day: '2025-03-10', average: 90, count: 1 },
      { organizer_email: 'a@x.com', day: '2025-03-11', average: 71, count: 1 },
      { organizer_email: 'b@x.com', day: '2025-03-11', average: 95, count: 1 },
    ]);
    expect(report.leaderboard).toEqual([
      {
        organizer_email: 'b@x.com',
        name: null,
        profile_image: null,
        average: 95,
        count: 1,
        nudges: 0,
        color: personColor('b@x.com'),
      },
      {
        organizer_email: 'a@x.com',
        name: 'A',
        profile_image: null,
        average: 80.5,
        count: 2,
        nudges: 1,
        color: personColor('a@x.com'),
      },
    ]);
  });

  it('reportPastActionsBy and reportUserCounts', () => {
    const actions = [
      { id: '1', action: 'remind', performedAt: Date.UTC(2025, 2, 11, 3) },
      { id: '1', action: 'remind', performedAt: Date.UTC(2025, 2, 11, 3) },
      { id: '2', action: 'decline', performedAt: Date.UTC(2025, 2, 11, 15) },
      { action: 'decline', performedAt: 'garbage' },
    ];
    expect(reportPastActionsBy(actions, { timeZone: 'America/New_York' })).toEqual([
      { day: '2025-03-10', count: 1 },
      { day: '2025-03-11', count: 1 },
    ]);
    expect(reportPastActionsBy(actions)).toEqual([{ day: '2025-03-11', count: 2 }]);
    expect(reportUserCounts([{ evaluatable: true }, { evaluatable: false }])).toEqual({
      evaluatable_users: 1,
      total_users: 2,
    });
  });
});

describe('trend', () => {
  it.each([
    [
      { total: 12, average: 80 },
      { total: 10, average: 70 },
      {},
      { prev_span_total: 10, prev_span_average: 70, total_delta: 2, percent_growth: 20, trending: 'up' },
    ],
    [
      { total: 8 },
      { total: 10 },
      {},
      {
        prev_span_total: 10,
        prev_span_average: null,
        total_delta: -2,
        percent_growth: -20,
        trending: 'down',
      },
    ],
    [
      { total: 10 },
      { total: 10 },
      {},
      { prev_span_total: 10, prev_span_average: null, total_delta: 0, percent_growth: 0, trending: 'flat' },
    ],
    [
      { total: 3 },
      { total: 0 },
      {},
      { prev_span_total: 0, prev_span_average: null, total_delta: 3, percent_growth: null, trending: 'up' },
    ],
    [
      { total: 0 },
      { total: 0 },
      {},
      { prev_span_total: 0, prev_span_average: null, total_delta: 0, percent_growth: null, trending: 'flat' },
    ],
    [
      { total: 5, average: 72 },
      { total: 10, average: 80 },
      { by: 'average' as const },
      { prev_span_total: 10, prev_span_average: 80, total_delta: -5, percent_growth: -10, trending: 'down' },
    ],
    [
      { total: 2 },
      { total: 3 },
      {},
      {
        prev_span_total: 3,
        prev_span_average: null,
        total_delta: -1,
        percent_growth: -33.33,
        trending: 'down',
      },
    ],
  ])('%j vs %j', (current, previous, options, expected) =>
    expect(trend(current, previous, options)).toEqual(expected),
  );
});
