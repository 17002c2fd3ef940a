import {
  previousSpan,
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
  reportUserCounts,
  trend,
} from '@meetwell/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, meetings, users } from '../../db/schema';
import type { App } from '../../http/app';
import { createTestApp, createTestContext, type TestContext } from '../../test/context';
import { bearerFor, createUser } from '../../test/factories';
import { reevaluateSpans } from '../evaluation/reevaluate';
import { teamRoutes } from '../teams/routes';
import { REPORT_KINDS, type ReportKind } from './params';
import { invalidateReports } from './rollups';
import { reportRoutes } from './routes';
import { domainActions, domainRows, seedAction, seedMeeting } from './test-seed';

type UserRow = typeof users.$inferSelect;

const ZONE = 'America/New_York';
const MONTH = { start: '2025-03-01', end: '2025-03-31' };
const PREVIOUS = previousSpan(MONTH);

let ctx: TestContext;
let app: App;
let admin: UserRow;
let member: UserRow;
let third: UserRow;
let outsider: UserRow;
let headers: Record<string, Record<string, string>>;

/** A small deterministic random generator (mulberry32). */
function random(seed: number) {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const EXTERNAL = [
  { email: 'dana@vendor.example', name: 'Dana' },
  { email: 'lee@client.example', name: 'Lee' },
];
const INTENTIONS = [null, 'standup', 'planning', 'one_on_one', 'information', 'brainstorming'];

/**
 * Events over February and March 2025 (New York), each in the calendars of one to three team members, with
 * the mess real calendars hold: all-day and 6-hour events, unscored, cancelled and deleted meetings, overtime,
 * weekends, night meetings crossing midnight, conflicts, late invitations, compliance, past actions.
 */
async function seedTeam() {
  const next = random(42);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
  const team = [admin, member, third];
  let actionCount = 0;
  for (let e = 0; e < 140; e++) {
    const day = Math.floor(next() * 59); // Feb 1 … Mar 31
    const hour = Math.floor(next() * 24);
    const minute = pick([0, 15, 30, 45]);
    const startsAt = new Date(Date.UTC(2025, 1, 1 + day, hour, minute));
    const minutes = pick([15, 30, 45, 60, 90, 120, 360, 400]);
    const endsAt = new Date(startsAt.getTime() + minutes * 60_000);
    const attendees = team.filter(() => next() < 0.5);
    if (attendees.length === 0) attendees.push(pick(team));
    const organizerIsMember = next() < 0.7;
    const organizer = organizerIsMember ? pick(team) : pick(EXTERNAL);
    const organizerEmail = 'email' in organizer ? organizer.email : '';
    const shared = {
      eventKey: `ev-${e}`,
      startsAt,
      endsAt,
      allDay: next() < 0.05,
      organizerEmail: next() < 0.1 ? organizerEmail.toUpperCase() : organizerEmail,
      organizerName: organizerIsMember ? 'Someone' : (organizer as { name: string }).name,
      intention: pick(INTENTIONS),
      recurringMeeting: next() < 0.3,
      attendeesCount: 2 + Math.floor(next() * 10),
      status: pick([
        'confirmed',
        'confirmed',
        'confirmed',
        'confirmed',
        'tentative',
        'cancelled',
        'deleted',
      ] as const),
    };
    for (const who of attendees) {
      const seeded = await seedMeeting(ctx, who, {
        ...shared,
        // Each member scores the event against their own settings.
        score: next() < 0.1 ? null : Math.floor(next() * 101),
        responseStatus: pick(['accepted', 'accepted', 'tentative', 'needsAction', 'declined', null]),
        compliant: pick([true, false, null]),
        focusConflict: next() < 0.3,
        scheduledLate: next() < 0.25,
      });
      if (next() < 0.25) {
        actionCount++;
        await seedAction(ctx, who, seeded.id, {
          organizerEmail: shared.organizerEmail,
          performedAt: new Date(startsAt.getTime() - Math.floor(next() * 48) * 3_600_000),
          status: next() < 0.8 ? 'done' : 'scheduled',
          action: pick(['remind', 'decline']),
        });
      }
    }
  }
  return actionCount;
}

async function getReport(kind: ReportKind, query: Record<string, string>, as: string = admin.id) {
  const search = new URLSearchParams(query).toString();
  const response = await app.inject({
    method: 'GET',
    url: `/api/v1/reports/${kind}?${search}`,
    headers: headers[as],
  });
  return { status: response.statusCode, body: response.json() };
}

beforeAll(async () => {
  ctx = await createTestContext();
  app = await createTestApp(ctx, [reportRoutes, teamRoutes]);
  admin = await createUser(ctx, { email: 'ada@engines.example', firstName: 'Ada', timeZone: ZONE });
  member = await createUser(ctx, {
    email: 'bob@engines.example',
    firstName: 'Bob',
    timeZone: ZONE,
    companyOf: admin,
  });
  third = await createUser(ctx, {
    email: 'cy@engines.example',
    firstName: 'Cy',
    timeZone: ZONE,
    companyOf: admin,
  });
  outsider = await createUser(ctx, { email: 'eve@other.example', firstName: 'Eve', timeZone: ZONE });
  await ctx.db
    .update(users)
    .set({ profileImage: 'https://img.example/bob.png' })
    .where(eq(users.id, member.id));
  await ctx.db.update(users).set({ annualSalary: 120_000 }).where(eq(users.id, admin.id));
  admin = { ...admin, annualSalary: 120_000 };
  await ctx.db
    .update(companies)
    .set({ averageAnnualSalary: 95_000 })
    .where(eq(companies.id, admin.companyId!));
  headers = {};
  for (const u of [admin, member, third, outsider]) headers[u.id] = await bearerFor(ctx, u.id);
  await seedTeam();
  // The outsider's company has meetings too: they must never leak into the team's reports.
  for (let i = 0; i < 5; i++) {
    await seedMeeting(ctx, outsider, {
      eventKey: `ev-${i}`,
      startsAt: new Date(Date.UTC(2025, 2, 10 + i, 15)),
      endsAt: new Date(Date.UTC(2025, 2, 10 + i, 16)),
      score: 5,
    });
  }
});

afterAll(async () => {
  await app?.close();
  await ctx?.close();
});

type Expectation = { rows: unknown; previous?: unknown; leaderboard?: unknown; trends?: unknown };

/** What packages/domain computes from the same meetings for one kind. */
async function expected(
  kind: ReportKind,
  scope: { userId: string } | { companyId: string },
  salary: number,
  statuses: string[] | null,
): Promise<Expectation> {
  const current = await domainRows(ctx, { scope, zone: ZONE, ...MONTH, statuses });
  const before = await domainRows(ctx, { scope, zone: ZONE, ...PREVIOUS, statuses });
  const userIds = 'userId' in scope ? [scope.userId] : [admin.id, member.id, third.id];
  const pastActions = await domainActions(ctx, { userIds, zone: ZONE, ...MONTH });
  const withTrend = (
    compute: (rows: typeof current, span: typeof MONTH) => Record<string, unknown>,
    headline: (r: Record<string, unknown>) => { total: number; average: number | null },
    by: 'total' | 'average',
  ) => {
    const rows = compute(current, MONTH);
    const previous = compute(before, PREVIOUS);
    return { rows, previous, trends: trend(headline(rows), headline(previous), { by }) };
  };
  switch (kind) {
    case 'averages':
      return withTrend(
        (r) => ({ ...reportAverages(r) }),
        (r) => ({ total: r.total as number, average: r.average_exact as number | null }),
        'average',
      );
    case 'duration_and_costs':
      return withTrend(
        (r, range) => ({
          ...reportDurationAndCosts(r, {
            annualSalary: salary,
            range,
            // The team's time is per member: its three members.
            members: 'companyId' in scope ? 3 : null,
          }),
        }),
        (r) => ({ total: r.total as number, average: r.ave_cost_per_meeting as number }),
        'total',
      );
    case 'overtime':
      return withTrend(
        (r) => ({ ...reportOvertime(r, { timeZone: ZONE }) }),
        (r) => ({ total: r.total as number, average: r.overtime_hours as number }),
        'total',
      );
    case 'average_attendees':
      return withTrend(
        (r) => ({ ...reportAverageAttendees(r) }),
        (r) => ({ total: r.total as number, average: r.average as number }),
        'average',
      );
    case 'focus_block_conflict':
      return withTrend(
        (r) => ({ ...reportFocusBlockConflicts(r) }),
        (r) => ({ total: r.total as number, average: r.percent as number }),
        'total',
      );
    case 'scheduled_late':
      return withTrend(
        (r) => ({ ...reportScheduledLate(r) }),
        (r) => ({ total: r.total as number, average: r.percent as number }),
        'total',
      );
    case 'compliant_meetings':
      return { rows: reportCompliantMeetings(current) };
    case 'duration_and_cost_details':
      return { rows: reportDurationAndCostDetails(current, { annualSalary: salary, pastActions }) };
    case 'average_scores_by': {
      const report = reportAverageScoresBy(current, { timeZone: ZONE, pastActions });
      return { rows: report.rows, leaderboard: report.leaderboard };
    }
    case 'num_past_actions_by':
      return { rows: reportPastActionsBy(pastActions, { timeZone: ZONE }) };
    case 'user_counts':
      return {
        rows: reportUserCounts([{ evaluatable: true }, { evaluatable: true }, { evaluatable: true }]),
      };
  }
}

describe('reports equal the domain report functions on the same meetings', () => {
  const youKinds = REPORT_KINDS.filter((k) => k !== 'user_counts');
  for (const [who, statusFilter] of [
    ['user', 'all'],
    ['team', 'all'],
    ['user', 'confirmed'],
    ['team', 'confirmed'],
  ] as const) {
    for (const kind of who === 'team' ? REPORT_KINDS : youKinds) {
      it(`${kind} (${who}, ${statusFilter})`, async () => {
        const { status, body } = await getReport(kind, { ...MONTH, who, byAttendeeStatus: statusFilter });
        expect(status, JSON.stringify(body)).toBe(200);
        const scope = who === 'user' ? { userId: admin.id } : { companyId: admin.companyId! };
        const salary = who === 'user' ? 120_000 : 95_000;
        const want = await expected(kind, scope, salary, statusFilter === 'all' ? null : ['accepted']);
        const attributes = body.data.attributes;
        expect(body.data.type).toBe('reports');
        expect(attributes).toMatchObject({
          name: kind,
          starts_at: MONTH.start,
          ends_at: MONTH.end,
          spans_days: 31,
        });
        expect(attributes.rows).toEqual(want.rows);
        if (want.previous !== undefined) {
          expect(attributes.previous).toEqual(want.previous);
          expect(attributes.trends).toEqual(want.trends);
        } else {
          expect(attributes.trends).toBeNull();
        }
        if (want.leaderboard !== undefined) expect(attributes.leaderboard).toEqual(want.leaderboard);
      });
    }
  }

  it('the seeded data is rich enough to mean something', async () => {
    const team = await domainRows(ctx, { scope: { companyId: admin.companyId! }, zone: ZONE, ...MONTH });
    const averages = reportAverages(team);
    expect(averages.total).toBeGreaterThan(30);
    expect(new Set(team.map((r) => r.eventId)).size).toBeLessThan(team.length); // shared events exist
    expect(reportOvertime(team, { timeZone: ZONE }).total).toBeGreaterThan(0);
    expect(reportFocusBlockConflicts(team).total).toBeGreaterThan(0);
    const { body } = await getReport('num_past_actions_by', { ...MONTH, who: 'team' });
    expect(body.data.attributes.total).toBeGreaterThan(0);
  });
});

describe('team figures', () => {
  it('count an event shared by two members once, with the organizer’s own score', async () => {
    const span = { start: '2025-06-02', end: '2025-06-08' };
    const startsAt = new Date('2025-06-03T14:00:00Z');
    const endsAt = new Date('2025-06-03T15:00:00Z');
    // The member's copy is scored 40, the organizer's (the admin's) 90: the team sees one meeting of 90.
    await seedMeeting(ctx, member, {
      eventKey: 'shared-june',
      startsAt,
      endsAt,
      score: 40,
      organizerEmail: admin.email,
      attendeesCount: 4,
    });
    await seedMeeting(ctx, admin, {
      eventKey: 'shared-june',
      startsAt,
      endsAt,
      score: 90,
      organizerEmail: admin.email,
      attendeesCount: 4,
    });
    const team = await getReport('duration_and_costs', { ...span, who: 'team' });
    expect(team.body.data.attributes.rows).toMatchObject({ total: 1, good: 1, meeting_duration: 3600 });
    // 1 h × 4 people × 95,000 / 2,080 h = 182.69 → $183
    expect(team.body.data.attributes.rows.meeting_cost_total).toBe(183);
    const averages = await getReport('averages', { ...span, who: 'team' });
    expect(averages.body.data.attributes.rows).toMatchObject({ average: 90, total: 1 });
    const bob = await getReport('averages', { ...span, who: 'user' }, member.id);
    expect(bob.body.data.attributes.rows).toMatchObject({ average: 40, total: 1 });
  });

  it('leave out all-day, 6-hour, unscored, cancelled and deleted meetings', async () => {
    const span = { start: '2025-07-07', end: '2025-07-13' };
    const at = (h: number) => new Date(Date.UTC(2025, 6, 8, h));
    await seedMeeting(ctx, admin, { startsAt: at(14), endsAt: at(15), score: 70 });
    await seedMeeting(ctx, admin, { startsAt: at(4), endsAt: at(28), allDay: true, score: 10 });
    await seedMeeting(ctx, admin, { startsAt: at(12), endsAt: at(18), score: 10 });
    await seedMeeting(ctx, admin, { startsAt: at(15), endsAt: at(16), score: null });
    await seedMeeting(ctx, admin, { startsAt: at(16), endsAt: at(17), score: 10, status: 'cancelled' });
    await seedMeeting(ctx, admin, { startsAt: at(17), endsAt: at(18), score: 10, status: 'deleted' });
    const { body } = await getReport('averages', { ...span, who: 'user' });
    expect(body.data.attributes.rows).toMatchObject({ average: 70, total: 1 });
  });

  it('cut days in the scope’s zone: 23:30 in New York is that day, not the next UTC day', async () => {
    const startsAt = new Date('2025-08-05T03:30:00Z'); // Monday Aug 4, 23:30 in New York
    await seedMeeting(ctx, third, {
      startsAt,
      endsAt: new Date(startsAt.getTime() + 30 * 60_000),
      score: 77,
    });
    const monday = await getReport('averages', { start: '2025-08-03', end: '2025-08-04' }, third.id);
    expect(monday.body.data.attributes.rows).toMatchObject({ total: 1, average: 77 });
    const overtime = await getReport('overtime', { start: '2025-08-03', end: '2025-08-04' }, third.id);
    expect(overtime.body.data.attributes.rows).toEqual({
      total: 1,
      overtime_minutes: 30,
      overtime_hours: 0.5,
    });
  });
});

describe('freshness', () => {
  it('a change is seen after invalidateReports (what every re-evaluation calls); before, the roll-up answers', async () => {
    const span = { start: '2025-09-01', end: '2025-09-07' };
    const first = await getReport('averages', { ...span, who: 'team' });
    expect(first.body.data.attributes.total).toBe(0);
    const startsAt = new Date('2025-09-02T15:00:00Z');
    await seedMeeting(ctx, member, { startsAt, endsAt: new Date('2025-09-02T16:00:00Z'), score: 64 });
    expect((await getReport('averages', { ...span, who: 'team' })).body.data.attributes.total).toBe(0);
    await invalidateReports(ctx.db, {
      userIds: [member.id],
      companyIds: [member.companyId],
      spans: [{ from: startsAt, to: startsAt }],
    });
    const after = await getReport('averages', { ...span, who: 'team' });
    expect(after.body.data.attributes.rows).toMatchObject({ total: 1, average: 64 });
  });

  it('every re-evaluation (after a sync or an edit) drops the touched days: the report shows the new score', async () => {
    const span = { start: '2025-11-02', end: '2025-11-08' };
    const startsAt = new Date('2025-11-04T15:00:00Z');
    const endsAt = new Date('2025-11-04T15:30:00Z');
    const seeded = await seedMeeting(ctx, member, {
      startsAt,
      endsAt,
      score: 99,
      attendeesCount: 2,
    });
    expect((await getReport('averages', { ...span, who: 'team' })).body.data.attributes.rows).toMatchObject({
      total: 1,
      average: 99,
    });
    await reevaluateSpans(ctx, member.id, [{ from: startsAt, to: endsAt }]);
    const [rescored] = await ctx.db.select().from(meetings).where(eq(meetings.id, seeded.id));
    expect(rescored!.score).not.toBe(99);
    const after = await getReport('averages', { ...span, who: 'team' });
    expect(after.body.data.attributes.rows).toMatchObject({ total: 1, average: rescored!.score });
  });

  it('a new salary recosts the reports (the user’s in the you view, the team’s in the team view)', async () => {
    const span = { start: '2025-06-02', end: '2025-06-08' };
    const patch = await app.inject({
      method: 'PATCH',
      url: `/api/v1/teams/${admin.companyId}`,
      headers: headers[admin.id],
      payload: { data: { type: 'teams', attributes: { average_annual_salary: 208_000 } } },
    });
    expect(patch.statusCode).toBe(200);
    expect(patch.json().data.attributes.average_annual_salary).toBe(208_000);
    const team = await getReport('duration_and_costs', { ...span, who: 'team' });
    // 1 h × 4 × 208,000 / 2,080 = $400
    expect(team.body.data.attributes.rows).toMatchObject({ meeting_cost_total: 400, annual_salary: 208_000 });
    await ctx.db.update(users).set({ annualSalary: 104_000 }).where(eq(users.id, admin.id));
    const you = await getReport('duration_and_costs', { ...span, who: 'user' });
    expect(you.body.data.attributes.rows).toMatchObject({ meeting_cost_total: 200, annual_salary: 104_000 });
    await ctx.db.update(users).set({ annualSalary: 120_000 }).where(eq(users.id, admin.id));
    await ctx.db
      .update(companies)
      .set({ averageAnnualSalary: 95_000 })
      .where(eq(companies.id, admin.companyId!));
  });
});

describe('authorization', () => {
  it('needs a session', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/v1/reports/averages?start=${MONTH.start}&end=${MONTH.end}`,
    });
    expect(response.statusCode).toBe(401);
  });

  it('lets members and admins read the team view', async () => {
    expect((await getReport('averages', { ...MONTH, who: 'team' }, member.id)).status).toBe(200);
    expect(
      (await getReport('user_counts', { ...MONTH, who: 'team' }, member.id)).body.data.attributes.rows,
    ).toEqual({
      evaluatable_users: 3,
      total_users: 3,
    });
  });

  it('never reaches another company: its team as a group, or one of its users', async () => {
    const asGroup = await getReport(
      'averages',
      { ...MONTH, who: 'group', group_id: admin.companyId! },
      outsider.id,
    );
    expect(asGroup.status).toBe(404);
    const asUser = await getReport('averages', { ...MONTH, who: 'user', user: admin.id }, outsider.id);
    expect(asUser.status).toBe(404);
    const own = await getReport('averages', { ...MONTH, who: 'team' }, outsider.id);
    expect(own.body.data.attributes.rows).toMatchObject({ total: 5, average: 5 });
  });

  it('shows a member’s own report to the team’s admins only', async () => {
    expect((await getReport('averages', { ...MONTH, who: 'user', user: member.id }, admin.id)).status).toBe(
      200,
    );
    expect((await getReport('averages', { ...MONTH, who: 'user', user: admin.id }, member.id)).status).toBe(
      403,
    );
    expect(
      (await getReport('averages', { ...MONTH, who: 'group', group_id: admin.companyId! }, member.id)).status,
    ).toBe(200);
  });

  it('keeps user_counts to the team view, and checks its parameters', async () => {
    expect((await getReport('user_counts', { ...MONTH, who: 'user' })).status).toBe(400);
    expect((await getReport('averages', { start: '2025-03-05', end: '2025-03-01' })).status).toBe(400);
    expect((await getReport('averages', { start: '2024-01-01', end: '2025-03-01' })).status).toBe(400);
    expect((await getReport('averages', { ...MONTH, byAttendeeStatus: 'maybe' })).status).toBe(400);
    expect((await getReport('nope' as ReportKind, MONTH)).status).toBe(400);
  });

  it('lets only admins change the team’s average salary, and only their own team’s', async () => {
    const body = { data: { type: 'teams', attributes: { average_annual_salary: 70_000 } } };
    const asMember = await app.inject({
      method: 'PATCH',
      url: `/api/v1/teams/${admin.companyId}`,
      headers: headers[member.id],
      payload: body,
    });
    expect(asMember.statusCode).toBe(403);
    const otherTeam = await app.inject({
      method: 'PATCH',
      url: `/api/v1/teams/${admin.companyId}`,
      headers: headers[outsider.id],
      payload: body,
    });
    expect(otherTeam.statusCode).toBe(404);
    const invalid = await app.inject({
      method: 'PATCH',
      url: `/api/v1/teams/${admin.companyId}`,
      headers: headers[admin.id],
      payload: { data: { type: 'teams', attributes: { average_annual_salary: '80,000' } } },
    });
    expect(invalid.statusCode).toBe(400);
    const [company] = await ctx.db.select().from(companies).where(eq(companies.id, admin.companyId!));
    expect(company!.averageAnnualSalary).toBe(95_000);
  });
});

describe('roll-ups', () => {
  it('store one row per day of the asked span and the span before it', async () => {
    await getReport('averages', { start: '2025-10-01', end: '2025-10-10', who: 'team' });
    const days = await ctx.db.execute<{ n: number }>(sql`
      select count(*)::int as n from report_days rd join report_scopes rs on rs.id = rd.scope_id
      where rs.company_id = ${admin.companyId} and rd.filter = 'all' and rd.day between '2025-09-21' and '2025-10-10'`);
    expect(days.rows[0]!.n).toBe(20);
    const meetingsLeft = await ctx.db
      .select({ id: meetings.id })
      .from(meetings)
      .where(eq(meetings.userId, outsider.id));
    expect(meetingsLeft.length).toBe(5);
  });
});
