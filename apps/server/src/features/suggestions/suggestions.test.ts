import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agendaItems, meetings } from '../../db/schema';
import { createTestApp, createTestContext, type TestContext } from '../../test/context';
import { bearerFor, createUser } from '../../test/factories';
import { googleUser, insertMeeting } from '../autobalance/testing';
import { reevaluateMeetings } from '../evaluation/reevaluate';
import { parseStatusFilter } from '../reports/params';
import { ensureDays, prepareScope } from '../reports/rollups';
import { resolveReportScope } from '../reports/scope';
import { suggestionRoutes } from './routes';
import { suggestionsForPeriod } from './service';

let ctx: TestContext;
let app: Awaited<ReturnType<typeof createTestApp>>;
let owner: Awaited<ReturnType<typeof googleUser>>;
let teammate: Awaited<ReturnType<typeof googleUser>>;
let ids: { first: string; second: string; teammates: string };

// Mondays at 10:00 UTC in a fixed month of the past: the period reads are about stored meetings.
const day = (d: number, hour = 10) => new Date(Date.UTC(2026, 9, d, hour, 0));

beforeAll(async () => {
  ctx = await createTestContext();
  app = await createTestApp(ctx, [suggestionRoutes]);
  owner = await googleUser(ctx);
  teammate = await googleUser(ctx, { companyOf: owner.user });
  // 'Status meeting', 90 minutes, 3 people, a video link, invited a week ahead, no agenda, objectives or
  // intention: with the default settings 57 of 98 weight passes → 58. An agenda (20) → 79, objectives (10) → 68,
  // an intention (6) → 64, 60 minutes (5) → 63.
  const first = await insertMeeting(ctx, owner, { startsAt: day(5), minutes: 90 });
  const second = await insertMeeting(ctx, owner, { startsAt: day(12), minutes: 60 });
  const theirs = await insertMeeting(ctx, teammate, { startsAt: day(5, 14), minutes: 90 });
  await reevaluateMeetings(ctx, owner.user.id, [first.id, second.id]);
  await reevaluateMeetings(ctx, teammate.user.id, [theirs.id]);
  ids = { first: first.id, second: second.id, teammates: theirs.id };
});
afterAll(async () => {
  await app.close();
  await ctx.close();
});

async function get(url: string, userId: string) {
  return app.inject({ method: 'GET', url, headers: await bearerFor(ctx, userId) });
}

describe('GET /api/v1/meetings/:id/suggestions', () => {
  it('lists the changes that raise the score most, each with the new score and grade', async () => {
    const res = await get(`/api/v1/meetings/${ids.first}/suggestions`, owner.user.id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ score: 58, letter_grade: 'F' });
    expect(body.data.map((r: { attributes: { text: string } }) => r.attributes.text)).toEqual([
      'Add an agenda → 79, C+',
      'Add objectives → 68, D+',
      'Choose an intention → 64, D',
    ]);
  });

  it('a suggestion says what the score becomes once the change is really made', async () => {
    const before = (await get(`/api/v1/meetings/${ids.second}/suggestions`, owner.user.id)).json();
    const agenda = before.data.find(
      (r: { attributes: { kind: string } }) => r.attributes.kind === 'add_agenda',
    );
    await ctx.db.insert(agendaItems).values({ meetingId: ids.second, description: 'Decide the launch date' });
    await reevaluateMeetings(ctx, owner.user.id, [ids.second]);
    const [row] = await ctx.db.select().from(meetings).where(eq(meetings.id, ids.second));
    expect(row?.score).toBe(agenda.attributes.score);
    const after = (await get(`/api/v1/meetings/${ids.second}/suggestions`, owner.user.id)).json();
    expect(after.data.map((r: { attributes: { kind: string } }) => r.attributes.kind)).not.toContain(
      'add_agenda',
    );
    // Undo, for the period tests below.
    await ctx.db.delete(agendaItems).where(eq(agendaItems.meetingId, ids.second));
    await reevaluateMeetings(ctx, owner.user.id, [ids.second]);
  });

  it("another person's meeting, even a teammate's, is not found; a bad id is a 400", async () => {
    expect((await get(`/api/v1/meetings/${ids.teammates}/suggestions`, owner.user.id)).statusCode).toBe(404);
    const stranger = await createUser(ctx);
    expect((await get(`/api/v1/meetings/${ids.first}/suggestions`, stranger.id)).statusCode).toBe(404);
    const bad = await get('/api/v1/meetings/not-an-id/suggestions', owner.user.id);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].status).toBe('400');
  });
});

describe('GET /api/v1/suggestions/period', () => {
  const october = 'start=2026-10-01&end=2026-10-31';

  it("you: the changes that lift the period's average most, counted over its meetings", async () => {
    const res = await get(`/api/v1/suggestions/period?${october}&who=user`, owner.user.id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ meetings: 2, evaluated: 2, average_score: 60.5 });
    const [top, second] = body.data.map((r: { attributes: unknown }) => r.attributes);
    // 90 minutes (58) and 60 minutes (63, the duration passes): an agenda makes them 79 and 84.
    expect(top).toEqual({
      kind: 'add_agenda',
      label: 'Add an agenda',
      meetings: 2,
      average_now: 60.5,
      average_after: 81.5,
      lift: 21,
    });
    expect(second).toMatchObject({ kind: 'add_objectives', meetings: 2, average_after: 70.5 });
  });

  it('counts the meetings the report counts: the invite-status filter applies', async () => {
    const [first] = await ctx.db
      .select({ id: meetings.id, status: meetings.responseStatus })
      .from(meetings)
      .where(eq(meetings.userId, owner.user.id))
      .orderBy(meetings.startsAt)
      .limit(1);
    await ctx.db.update(meetings).set({ responseStatus: 'declined' }).where(eq(meetings.id, first!.id));
    try {
      const declined = await get(
        `/api/v1/suggestions/period?${october}&who=user&byAttendeeStatus=declined`,
        owner.user.id,
      );
      expect(declined.json().meta).toMatchObject({ meetings: 1 });
      const all = await get(
        `/api/v1/suggestions/period?${october}&who=user&byAttendeeStatus=all`,
        owner.user.id,
      );
      expect(all.json().meta).toMatchObject({ meetings: 2 });
      const unknown = await get(
        `/api/v1/suggestions/period?${october}&who=user&byAttendeeStatus=maybe`,
        owner.user.id,
      );
      expect(unknown.statusCode).toBe(400);
    } finally {
      await ctx.db.update(meetings).set({ responseStatus: first!.status }).where(eq(meetings.id, first!.id));
    }
  });

  it("team: every member's meetings of the period; a member may read the team's", async () => {
    const res = await get(`/api/v1/suggestions/period?${october}&who=team`, teammate.user.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().meta.meetings).toBe(3);
    expect(res.json().data[0].attributes).toMatchObject({ kind: 'add_agenda', meetings: 3 });
  });

  it("team: an event two members attend counts once (the organizer's copy)", async () => {
    const shared = await insertMeeting(ctx, owner, {
      startsAt: day(20),
      minutes: 90,
      organizerEmail: owner.user.email,
    });
    const copy = await insertMeeting(ctx, teammate, {
      startsAt: day(20),
      minutes: 90,
      organizerEmail: owner.user.email,
    });
    await ctx.db.update(meetings).set({ eventKey: shared.eventKey }).where(eq(meetings.id, copy.id));
    await reevaluateMeetings(ctx, owner.user.id, [shared.id]);
    await reevaluateMeetings(ctx, teammate.user.id, [copy.id]);
    const res = await get(
      `/api/v1/suggestions/period?start=2026-10-20&end=2026-10-20&who=team`,
      owner.user.id,
    );
    expect(res.json().meta).toMatchObject({ meetings: 1, evaluated: 1 });
    const mine = await get(
      `/api/v1/suggestions/period?start=2026-10-20&end=2026-10-20&who=user`,
      teammate.user.id,
    );
    expect(mine.json().meta).toMatchObject({ meetings: 1 });
    await ctx.db.delete(meetings).where(eq(meetings.eventKey, shared.eventKey));
  });

  it("a teammate's own period is for the team's admins only; a stranger's team is not found", async () => {
    const asMember = await get(
      `/api/v1/suggestions/period?${october}&who=user&user=${owner.user.id}`,
      teammate.user.id,
    );
    expect(asMember.statusCode).toBe(403);
    const stranger = await createUser(ctx);
    const res = await get(
      `/api/v1/suggestions/period?${october}&who=user&user=${owner.user.id}`,
      stranger.id,
    );
    expect(res.statusCode).toBe(404);
  });

  it('bad input is a JSON:API error, not a 500', async () => {
    for (const query of [
      'start=2026-10-31&end=2026-10-01',
      'start=yesterday&end=2026-10-01',
      'end=2026-10-01',
    ]) {
      const res = await get(`/api/v1/suggestions/period?${query}`, owner.user.id);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].status).toBe('400');
    }
    expect(
      (await app.inject({ method: 'GET', url: `/api/v1/suggestions/period?${october}` })).statusCode,
    ).toBe(401);
  });

  it('a period with no scored meeting has nothing to suggest', async () => {
    const res = await get('/api/v1/suggestions/period?start=2026-01-01&end=2026-01-31', owner.user.id);
    expect(res.json()).toEqual({ data: [], meta: { meetings: 0, evaluated: 0, average_score: null } });
  });

  it('a period of more meetings than it evaluates: an even sample, its counts scaled to the period', async () => {
    // Twelve meetings like the first one (58; an agenda makes it 79), on the weekdays of two weeks and more.
    const person = await googleUser(ctx);
    const days = [2, 3, 4, 5, 6, 9, 10, 11, 12, 13, 16, 17];
    const inserted = [];
    for (const d of days)
      inserted.push(
        await insertMeeting(ctx, person, { startsAt: new Date(Date.UTC(2026, 10, d, 10)), minutes: 90 }),
      );
    await reevaluateMeetings(
      ctx,
      person.user.id,
      inserted.map((m) => m.id),
    );
    const period = (sample?: number) =>
      suggestionsForPeriod(ctx, {
        scope: { type: 'user', userId: person.user.id, companyId: null, timeZone: 'UTC', annualSalary: 0 },
        start: '2026-11-01',
        end: '2026-11-30',
        filter: parseStatusFilter('all'),
        now: Date.UTC(2026, 11, 1),
        sample,
      });
    const whole = await period();
    expect(whole).toMatchObject({ meetings: 12, evaluated: 12, average_score: 58 });
    const sampled = await period(4);
    expect(sampled).toMatchObject({ meetings: 12, evaluated: 4, average_score: 58 });
    expect(sampled.improvements).toEqual(whole.improvements);
    expect(sampled.improvements[0]).toMatchObject({ kind: 'add_agenda', meetings: 12, lift: 21 });
  });

  it("beyond the sample once the period's days are built: a hashed sample, the report's copy of each event, the count from the days", async () => {
    // September 2026: 120 events of one person, 60 minutes (63 each); 30 of them also in a teammate's calendar,
    // 90 minutes there (58): the organizer's own copy is the one the report counts.
    const lead = await googleUser(ctx);
    const mate = await googleUser(ctx, { companyOf: lead.user });
    const own: string[] = [];
    const copies: string[] = [];
    for (let i = 0; i < 120; i++) {
      const startsAt = new Date(Date.UTC(2026, 8, 1 + (i % 28), 8 + Math.floor(i / 28) * 2));
      const m = await insertMeeting(ctx, lead, { startsAt, organizerEmail: lead.user.email });
      // Keys of our own: the same sample on every run.
      const eventKey = `september-${i}`;
      await ctx.db.update(meetings).set({ eventKey }).where(eq(meetings.id, m.id));
      own.push(m.id);
      if (i % 4 === 0) {
        const copy = await insertMeeting(ctx, mate, {
          startsAt,
          minutes: 90,
          organizerEmail: lead.user.email,
        });
        await ctx.db.update(meetings).set({ eventKey }).where(eq(meetings.id, copy.id));
        copies.push(copy.id);
      }
    }
    await reevaluateMeetings(ctx, lead.user.id, own);
    await reevaluateMeetings(ctx, mate.user.id, copies);
    const september = { start: '2026-09-01', end: '2026-09-30' };
    const scope = await resolveReportScope(ctx.db, lead.user, { ...september, who: 'team' });
    const filter = parseStatusFilter('all');
    const read = () => suggestionsForPeriod(ctx, { scope, ...september, filter, sample: 20 });
    // Not built yet: the exact pick, an even spread of exactly the sample.
    expect(await read()).toMatchObject({ meetings: 120, evaluated: 20, average_score: 63 });
    await ensureDays(ctx.db, {
      scopeId: await prepareScope(ctx.db, scope),
      scope,
      filter,
      from: september.start,
      to: september.end,
    });
    const sampled = await read();
    expect(sampled.meetings).toBe(120);
    // Every event whose key hashes to 0 modulo ⌈120 ÷ 20⌉ (about 20), never the teammate's 58-point copies.
    const { rows } = await ctx.db.execute<{ hashed: number }>(sql`
      select count(*)::int as hashed from meetings
      where user_id = ${lead.user.id} and (hashtext(event_key) & 2147483647) % 6 = 0`);
    expect(sampled.evaluated).toBe(rows[0]!.hashed);
    expect(sampled.evaluated).toBeGreaterThan(5);
    expect(sampled.evaluated).toBeLessThan(45);
    expect(sampled.average_score).toBe(63);
    expect(sampled.improvements[0]).toMatchObject({ kind: 'add_agenda', meetings: 120 });
    expect(await read()).toEqual(sampled);
  });
});
