/**
 * Who counts in a team's reports after membership changes (docs/spec/stats-team-billing-public.md, "Who counts
 * in team reports"): the team's current members, in every period. Two weeks hold the same meetings (October
 * and late November); their team reports must stay equal through a removal, a join and a re-join.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import type { App } from '../../http/app';
import { createTestApp, createTestContext, type TestContext } from '../../test/context';
import { bearerFor, createUser } from '../../test/factories';
import { afterCompanyChange, moveUserToCompany } from '../teams/members';
import { teamRoutes } from '../teams/routes';
import { userRoutes } from '../users/routes';
import { reportRoutes } from './routes';
import { seedMeeting } from './test-seed';
import { warmReports, warmReportsJobKey } from './warm-reports';

type UserRow = typeof users.$inferSelect;

const ZONE = 'America/New_York';
const OCTOBER = { start: '2025-10-06', end: '2025-10-12' };
const NOVEMBER = { start: '2025-11-24', end: '2025-11-30' };
const KINDS = [
  'averages',
  'duration_and_costs',
  'duration_and_cost_details',
  'average_attendees',
  'focus_block_conflict',
  'scheduled_late',
  'compliant_meetings',
  'average_scores_by',
] as const;

let ctx: TestContext;
let app: App;
let ada: UserRow;
let bob: UserRow;
let cy: UserRow;
let dee: UserRow;
let teamId: string;
let adaHeaders: Record<string, string>;

/** A meeting id whose uuid order is chosen: the copy stored 'first' has the smaller id. */
const idOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
let nextId = 1000;

/**
 * The same week of meetings starting on `monday` (a local Monday in New York). `bobFirst` swaps which
 * attendee's copy is stored first: under a rule by meeting id the two weeks would count differently.
 */
async function seedWeek(monday: string, bobFirst: boolean) {
  const at = (day: number, hour: number) => {
    const start = new Date(`${monday}T${String(hour).padStart(2, '0')}:00:00-04:00`);
    start.setUTCDate(start.getUTCDate() + day);
    return { startsAt: start, endsAt: new Date(start.getTime() + 3_600_000) };
  };
  const week = monday;
  const copy = async (user: UserRow, event: string, score: number, organizer: string, slot: object) =>
    seedMeeting(ctx, user, {
      id: idOf(nextId++),
      eventKey: `${event}-${week}`,
      organizerEmail: organizer,
      organizerName: organizer.split('@')[0]!,
      score,
      attendeesCount: 4,
      ...slot,
    } as Parameters<typeof seedMeeting>[2]);
  // E1: Cy's weekly sync with Ada (90) and Bob (60); Cy's own copy scores 40.
  const e1 = at(1, 10);
  const e1Attendees: [UserRow, number][] = bobFirst
    ? [
        [bob, 60],
        [ada, 90],
      ]
    : [
        [ada, 90],
        [bob, 60],
      ];
  for (const [user, score] of e1Attendees) await copy(user, 'e1', score, cy.email, e1);
  await copy(cy, 'e1', 40, cy.email, e1);
  // E2: Ada's planning with Bob and Cy.
  const e2 = at(2, 11);
  await copy(ada, 'e2', 85, ada.email, e2);
  await copy(bob, 'e2', 50, ada.email, e2);
  await copy(cy, 'e2', 30, ada.email, e2);
  // E3: a partner's call that Bob (75), Cy (20) and Dee (99, not on the team yet) attend.
  const e3 = at(3, 14);
  const e3Attendees: [UserRow, number][] = bobFirst
    ? [
        [bob, 75],
        [cy, 20],
        [dee, 99],
      ]
    : [
        [dee, 99],
        [cy, 20],
        [bob, 75],
      ];
  for (const [user, score] of e3Attendees) await copy(user, 'e3', score, 'guest@partner.example', e3);
  // E4: Cy alone. E5: Bob's one-on-one with Cy. E6: Dee's own meeting.
  await copy(cy, 'e4', 55, cy.email, at(0, 9));
  const e5 = at(4, 15);
  await copy(bob, 'e5', 70, bob.email, e5);
  await copy(cy, 'e5', 65, bob.email, e5);
  await copy(dee, 'e6', 10, dee.email, at(4, 9));
}

async function teamReport(kind: (typeof KINDS)[number], span: { start: string; end: string }) {
  const query = new URLSearchParams({ ...span, who: 'team' }).toString();
  const response = await app.inject({
    method: 'GET',
    url: `/api/v1/reports/${kind}?${query}`,
    headers: adaHeaders,
  });
  expect(response.statusCode).toBe(200);
  return response.json() as {
    data: { attributes: Record<string, unknown> & { rows: unknown; leaderboard?: unknown } };
    meta: Record<string, unknown>;
  };
}

/** Every team figure of a week, without what names the week itself (its dates). */
async function weekFigures(span: { start: string; end: string }) {
  const figures: Record<string, unknown> = {};
  for (const kind of KINDS) {
    const { data, meta } = await teamReport(kind, span);
    const { starts_at, ends_at, previous_starts_at, previous_ends_at, rows, ...rest } = data.attributes;
    figures[kind] = {
      ...rest,
      rows:
        kind === 'average_scores_by'
          ? (rows as { day: string }[]).map(({ day: _, ...row }) => row)
          : (rows as Record<string, unknown>),
    };
    expect(meta.partial).toBeUndefined();
  }
  return figures;
}

async function averages(span: { start: string; end: string }) {
  return (await teamReport('averages', span)).data.attributes.rows as { total: number; average: number };
}

async function leaderboard(span: { start: string; end: string }) {
  const board = (await teamReport('average_scores_by', span)).data.attributes.leaderboard as {
    organizer_email: string;
    average: number;
  }[];
  return board.map((row) => [row.organizer_email, row.average]);
}

async function move(user: UserRow, to: string) {
  const from = user.companyId;
  const moved = await ctx.db.transaction((tx) => moveUserToCompany(tx, user.id, to, 'user', ctx.now()));
  await afterCompanyChange(ctx, { userId: user.id, from, to });
  return moved;
}

beforeAll(async () => {
  ctx = await createTestContext();
  app = await createTestApp(ctx, [reportRoutes, teamRoutes, userRoutes]);
  ada = await createUser(ctx, { email: 'ada@mills.example', firstName: 'Ada', timeZone: ZONE });
  bob = await createUser(ctx, {
    email: 'bob@mills.example',
    firstName: 'Bob',
    timeZone: ZONE,
    companyOf: ada,
  });
  cy = await createUser(ctx, { email: 'cy@mills.example', firstName: 'Cy', timeZone: ZONE, companyOf: ada });
  dee = await createUser(ctx, { email: 'dee@elsewhere.example', firstName: 'Dee', timeZone: ZONE });
  teamId = ada.companyId!;
  adaHeaders = await bearerFor(ctx, ada.id);
  await seedWeek('2025-10-06', true);
  await seedWeek('2025-11-24', false);
});

afterAll(async () => {
  await app?.close();
  await ctx?.close();
});

describe('team reports follow membership', () => {
  it('count the same meetings the same way in two weeks before any change', async () => {
    // E1 by Cy's own copy (40), E2 85, E3 by Bob's copy (75: Dee is not on the team), E4 55, E5 70.
    expect(await averages(OCTOBER)).toMatchObject({ total: 5, average: 65 });
    expect(await weekFigures(NOVEMBER)).toEqual(await weekFigures(OCTOBER));
  });

  it('after a removal, two weeks with identical meetings still compare equal (figures and leaderboard)', async () => {
    const removal = await app.inject({
      method: 'DELETE',
      url: `/api/v1/teams/${teamId}/members/${cy.id}`,
      headers: adaHeaders,
    });
    expect(removal.statusCode).toBe(204);
    cy = (await ctx.db.select().from(users).where(eq(users.id, cy.id)))[0]!;
    // Cy's copies are out of every period: E4 goes; E1 counts with Ada's copy (on the team longest), not
    // with whichever copy was stored first (Bob's in October, Ada's in November).
    const october = await weekFigures(OCTOBER);
    expect(await averages(OCTOBER)).toMatchObject({ total: 4, average: 80 });
    expect(await weekFigures(NOVEMBER)).toEqual(october);
    expect(await leaderboard(NOVEMBER)).toEqual(await leaderboard(OCTOBER));
    // Cy still organizes E1, which the team attends: named as any outside organizer, in both weeks alike.
    expect(await leaderboard(OCTOBER)).toEqual([
      ['cy@mills.example', 90],
      ['ada@mills.example', 85],
      ['guest@partner.example', 75],
      ['bob@mills.example', 70],
    ]);
  });

  it('a member who joins brings their meetings into both weeks alike; the earlier members keep standing for shared events', async () => {
    dee = await move(dee, teamId);
    // E6 (10) joins both weeks; E3 still counts with Bob's copy (75), not Dee's (99).
    expect(await averages(OCTOBER)).toMatchObject({ total: 5, average: 66 });
    expect(await weekFigures(NOVEMBER)).toEqual(await weekFigures(OCTOBER));
  });

  it('a member who re-joins is counted again in every period', async () => {
    cy = await move(cy, teamId);
    // E1 by Cy's own copy again (40) and E4 back: 40 + 85 + 75 + 55 + 70 + 10.
    expect(await averages(OCTOBER)).toMatchObject({ total: 6, average: 56, average_exact: 55.83 });
    expect(await weekFigures(NOVEMBER)).toEqual(await weekFigures(OCTOBER));
    expect(await leaderboard(OCTOBER)).toContainEqual(['cy@mills.example', 47.5]);
  });

  it('a member who deletes their account leaves every period', async () => {
    const deletion = await app.inject({
      method: 'DELETE',
      url: '/api/v1/users?confirm=true',
      headers: await bearerFor(ctx, dee.id),
    });
    expect(deletion.statusCode).toBe(204);
    // E6 is gone from both weeks: 40 + 85 + 75 + 55 + 70.
    expect(await averages(OCTOBER)).toMatchObject({ total: 5, average: 65 });
    expect(await weekFigures(NOVEMBER)).toEqual(await weekFigures(OCTOBER));
  });

  it("queues the team's rebuild on a membership change, so its days are built before anyone reads them", async () => {
    await ctx.pool.query(`delete from graphile_worker._private_jobs`);
    const removal = await app.inject({
      method: 'DELETE',
      url: `/api/v1/teams/${teamId}/members/${bob.id}`,
      headers: adaHeaders,
    });
    expect(removal.statusCode).toBe(204);
    const teamScope = await ctx.db.execute<{ id: string }>(
      sql`select id from report_scopes where company_id = ${teamId}`,
    );
    const scopeId = teamScope.rows[0]!.id;
    const octoberDays = async () =>
      Number(
        (
          await ctx.db.execute<{ n: string }>(
            sql`select count(*) as n from report_days where scope_id = ${scopeId}
                and day between ${OCTOBER.start}::date and ${OCTOBER.end}::date`,
          )
        ).rows[0]!.n,
      );
    expect(await octoberDays()).toBe(0);
    const { rows } = await ctx.pool.query<{ key: string }>(
      `select key from graphile_worker._private_jobs where key like 'warm_reports:%'`,
    );
    const remaining = [ada.id, cy.id].filter((id) => rows.some((r) => r.key === warmReportsJobKey(id)));
    expect(remaining).toHaveLength(1);
    ctx.setNow(new Date('2025-12-01T12:00:00Z'));
    await warmReports(ctx, remaining[0]!);
    expect(await octoberDays()).toBe(7);
  });
});
