import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../lib/time';
import { HOUR, row, T0 } from '../testing/factories';
import { reportAverageScoresBy } from './average-scores-by';
import { reportAverages } from './averages';
import { reportDurationAndCosts } from './duration-and-costs';
import { rankTeamMembers, reportProgress, type TeamMember, teamReportRows } from './membership';
import type { ReportMeetingRow } from './rows';

const ANA = '00000000-0000-4000-8000-00000000000a';
const BEN = '00000000-0000-4000-8000-00000000000b';
const CY = '00000000-0000-4000-8000-00000000000c';
const JOINED = Date.UTC(2025, 0, 1);

type MemberRow = ReportMeetingRow & { userId: string };

/** One event as each attendee's copy, with the copy's own score. */
function copies(
  event: { eventId: string; startsAt: number; organizerEmail: string; organizer?: string },
  scores: Record<string, number>,
  meetingId: (userId: string) => string,
): MemberRow[] {
  return Object.entries(scores).map(([userId, score]) => ({
    ...row({
      eventId: event.eventId,
      meetingId: meetingId(userId),
      isOrganizer: userId === event.organizer,
      startsAt: event.startsAt,
      endsAt: event.startsAt + HOUR,
      score,
      organizerEmail: event.organizerEmail,
    }),
    userId,
  }));
}

const figures = (rows: readonly ReportMeetingRow[]) => ({
  averages: reportAverages(rows),
  leaderboard: reportAverageScoresBy(rows).leaderboard,
  costs: reportDurationAndCosts(rows, {
    annualSalary: 90_000,
    range: { start: '2025-03-01', end: '2025-03-31' },
  }),
});

describe('who counts in team reports', () => {
  it('ranks members by when they joined, then by user id', () => {
    const ranks = rankTeamMembers([
      { userId: CY, memberSince: JOINED },
      { userId: BEN, memberSince: JOINED + 1 },
      { userId: ANA, memberSince: JOINED },
    ]);
    expect([...ranks]).toEqual([
      [ANA, 0],
      [CY, 1],
      [BEN, 2],
    ]);
  });

  it('after the organizer leaves, an event counts with the same member’s copy in every period, whatever order the copies were stored in', () => {
    const members: TeamMember[] = [
      { userId: ANA, memberSince: JOINED },
      { userId: BEN, memberSince: JOINED },
    ];
    // Cy organized the weekly sync; Ana scores her copy 90, Ben 60. Cy has left the team.
    const week = (startsAt: number, ids: Record<string, string>) =>
      copies(
        { eventId: `sync-${startsAt}`, startsAt, organizerEmail: 'cy@acme.example', organizer: CY },
        { [CY]: 40, [ANA]: 90, [BEN]: 60 },
        (userId) => ids[userId] as string,
      );
    const october = week(T0, { [CY]: 'a1', [ANA]: 'f9', [BEN]: 'b2' });
    const thisWeek = week(T0 + 7 * DAY_MS, { [CY]: 'c3', [ANA]: '07', [BEN]: 'e5' });
    const oct = teamReportRows(october, members);
    const now = teamReportRows(thisWeek, members);
    expect(oct.map((r) => r.userId).sort()).toEqual([ANA, BEN]); // Cy's copy is out
    expect(figures(oct).averages).toMatchObject({ total: 1, average: 90 });
    expect(figures(now)).toEqual(figures(oct));
  });

  it('a member who joins brings their meetings into every period; a re-join brings them back, ranked as a new member', () => {
    const event = (eventId: string, startsAt: number) =>
      copies(
        { eventId, startsAt, organizerEmail: 'guest@partner.example' },
        { [ANA]: 30, [BEN]: 95 },
        (userId) => `${eventId}-${userId}`,
      );
    const rows = [...event('old', T0 - 60 * DAY_MS), ...event('new', T0)];
    const before = teamReportRows(rows, [{ userId: BEN, memberSince: JOINED }]);
    expect(before.map((r) => [r.eventId, r.score])).toEqual([
      ['old', 95],
      ['new', 95],
    ]);
    // Ana joins after Ben: both periods now hold her copies, and Ben (on the team longer) still stands for
    // the events neither organizes.
    const joined: TeamMember[] = [
      { userId: BEN, memberSince: JOINED },
      { userId: ANA, memberSince: JOINED + DAY_MS },
    ];
    expect(figures(teamReportRows(rows, joined)).averages).toMatchObject({ total: 2, average: 95 });
    // Ben leaves: Ana's copies count, in both periods.
    const left = teamReportRows(rows, [{ userId: ANA, memberSince: JOINED + DAY_MS }]);
    expect(figures(left).averages).toMatchObject({ total: 2, average: 30 });
    // Ben re-joins: he is back in every period, now after Ana.
    const rejoined = teamReportRows(rows, [
      { userId: ANA, memberSince: JOINED + DAY_MS },
      { userId: BEN, memberSince: JOINED + 90 * DAY_MS },
    ]);
    expect(rejoined).toHaveLength(4);
    expect(figures(rejoined).averages).toMatchObject({ total: 2, average: 30 });
  });

  it('property: two periods with identical meetings give equal figures and leaderboards after any removal', () => {
    const people = [ANA, BEN, CY];
    const eventArb = fc.record({
      organizer: fc.constantFrom(...people, null),
      attendees: fc.subarray(people, { minLength: 1 }),
      scores: fc.tuple(...people.map(() => fc.integer({ min: 0, max: 100 }))),
      hour: fc.integer({ min: 0, max: 20 }),
    });
    fc.assert(
      fc.property(
        fc.array(eventArb, { minLength: 1, maxLength: 8 }),
        fc.subarray(people),
        fc.array(fc.uuid(), { minLength: 48, maxLength: 48 }),
        (events, stay, ids) => {
          let next = 0;
          const period = (offset: number) =>
            events.flatMap((e, i) => {
              const holders =
                e.organizer && !e.attendees.includes(e.organizer)
                  ? [...e.attendees, e.organizer]
                  : e.attendees;
              const scores = Object.fromEntries(
                holders.map((p) => [p, e.scores[people.indexOf(p)] as number]),
              );
              return copies(
                {
                  eventId: `e${i}-${offset}`,
                  startsAt: T0 + offset + e.hour * HOUR,
                  organizerEmail: e.organizer
                    ? `${e.organizer.slice(-1)}@acme.example`
                    : 'guest@partner.example',
                  organizer: e.organizer ?? undefined,
                },
                scores,
                // Random meeting ids: the order copies were stored in differs between the periods.
                () => ids[next++ % ids.length] as string,
              );
            });
          const members = stay.map((userId) => ({ userId, memberSince: JOINED }));
          const first = figures(teamReportRows(period(0), members));
          const second = figures(teamReportRows(period(7 * DAY_MS), members));
          expect(second).toEqual(first);
        },
      ),
    );
  });

  it('property: rows of people who are not members never change a figure', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ score: fc.integer({ min: 0, max: 100 }), who: fc.constantFrom(ANA, BEN, CY) }), {
          maxLength: 12,
        }),
        (specs) => {
          const rows = specs.map((s, i) => ({
            ...row({ eventId: `e${i % 4}`, score: s.score }),
            userId: s.who,
          }));
          const members = [{ userId: ANA, memberSince: JOINED }];
          const mine = rows.filter((r) => r.userId === ANA);
          expect(figures(teamReportRows(rows, members))).toEqual(figures(teamReportRows(mine, members)));
        },
      ),
    );
  });
});

describe('report progress', () => {
  it('is null once every day is built, else says how many are', () => {
    expect(reportProgress(31, 31)).toBeNull();
    expect(reportProgress(0, 0)).toBeNull();
    expect(reportProgress(10, 40)).toEqual({ ready_days: 10, total_days: 40, percent: 25 });
    expect(reportProgress(729, 730)).toEqual({ ready_days: 729, total_days: 730, percent: 99 });
  });

  it('property: ready never exceeds total and a missing day is never 100 %', () => {
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 900 }), fc.integer({ min: 0, max: 900 }), (ready, total) => {
        const progress = reportProgress(ready, total);
        if (Math.max(0, ready) >= total) return progress === null; // a negative count is none ready
        return (
          progress !== null &&
          progress.ready_days <= progress.total_days &&
          progress.percent < 100 &&
          progress.percent >= 0
        );
      }),
    );
  });
});
