import { and, count, eq, gte, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveCalendarSource } from './calendars/sources';
import { actions, calendars, meetings } from './db/schema';
import { reconcileUser } from './features/autobalance/engine';
import { setActionSettings, setPlan } from './features/autobalance/testing';
import { runCalendarSync } from './features/calendars/sync/run-sync';
import { syncWindow } from './features/calendars/sync/window';
import { reportRoutes } from './features/reports/routes';
import { buildRequestedDays, type DaysRequest } from './features/reports/warm-reports';
import { createTestApp, createTestContext, type TestContext } from './test/context';
import { bearerFor, createUser } from './test/factories';

/**
 * One person with 150,000 meetings in the synced window, over three calendars (within the caps: 50,000 each).
 * Every set of "these meetings" must go to PostgreSQL as one value or a join: a statement with a placeholder
 * per meeting stops at PostgreSQL's 65,535 parameters, and drizzle's inArray over a list that long overflows
 * the stack while building it. Auto-balance, a re-sync and a report each complete.
 */
const PER_CALENDAR = 50_000;
const CALENDARS = 3;
const ORGANIZER = 'lead@partner.example';
/** One meeting in this many has no agenda (the others have one): those in the future are reminded. */
const WITHOUT_AGENDA_EVERY = 500;

let ctx: TestContext;
let user: Awaited<ReturnType<typeof createUser>>;
let calendarIds: string[] = [];
let app: Awaited<ReturnType<typeof createTestApp>>;

async function seedCalendar(calendarId: string, index: number) {
  const window = syncWindow(ctx.now());
  const spanSeconds = (window.to.getTime() - window.from.getTime()) / 1000 - 3600;
  // Spread evenly over the window; each calendar shifted by a few minutes, so the three overlap a little.
  await ctx.db.execute(sql`
    insert into meetings (user_id, company_id, calendar_id, provider_event_id, event_key, summary, description,
                          starts_at, ends_at, status, organizer_email, organizer_domain, response_status,
                          attendees_count, duration_seconds, invited_at, content_hash, score, quality_label)
    select ${user.id}, ${user.companyId}, ${calendarId}, 'c${sql.raw(String(index))}-' || e || '@big',
           'c${sql.raw(String(index))}-' || e, 'Meeting ' || e, '', s, s + interval '30 minutes', 'confirmed',
           ${ORGANIZER}, 'partner.example', 'needsAction', 4, 1800, s - interval '14 days', 'seeded',
           60 + e % 40, 'medium'
      from generate_series(0, ${PER_CALENDAR - 1}::int) e
     cross join lateral (select ${window.from}::timestamptz
                                + ((e::bigint * ${Math.floor(spanSeconds)}) / ${PER_CALENDAR}) * interval '1 second'
                                + ${index * 7} * interval '1 minute' as s) t`);
  await ctx.db.execute(sql`
    insert into agenda_items (meeting_id, description, position, source)
    select id, 'Decide', 0, 'parsed' from meetings
     where calendar_id = ${calendarId}
       and split_part(split_part(provider_event_id, '-', 2), '@', 1)::int % ${WITHOUT_AGENDA_EVERY} <> 0`);
}

beforeAll(async () => {
  ctx = await createTestContext();
  // A meeting starts every few minutes and auto-balancing 150,000 takes a minute on a busy machine: on a
  // moving clock one would pass into the past between counting the future and deciding it.
  ctx.setNow(new Date());
  user = await createUser(ctx, { email: 'busy@acme.example' });
  await setPlan(ctx, user, 'pro');
  await setActionSettings(ctx, user.id, { non_compliance_action: 'remind' });
  const window = syncWindow(ctx.now());
  calendarIds = [];
  for (let index = 0; index < CALENDARS; index++) {
    const [calendar] = await ctx.db
      .insert(calendars)
      .values({
        userId: user.id,
        provider: 'ics',
        externalId: `import:big-${index}`,
        name: `Big ${index}`,
        watching: true,
        syncStatus: 'idle',
        syncedFrom: window.from,
        syncedTo: window.to,
        lastFullSyncAt: ctx.now(),
        timeZone: 'UTC',
      })
      .returning();
    calendarIds.push(calendar!.id);
    await seedCalendar(calendar!.id, index);
  }
  await ctx.db.execute(sql`analyze meetings`);
  await ctx.db.execute(sql`analyze agenda_items`);
  app = await createTestApp(ctx, [reportRoutes]);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await ctx?.close();
});

async function futureMeetings() {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(meetings)
    .where(
      and(eq(meetings.userId, user.id), ne(meetings.status, 'deleted'), gte(meetings.startsAt, ctx.now())),
    );
  return row!.n;
}

describe('one person with 150,000 meetings', () => {
  it('is auto-balanced: every future meeting decided, the ones without an agenda reminded, once', async () => {
    const future = await futureMeetings();
    expect(future).toBeGreaterThan(70_000);
    const first = await reconcileUser(ctx, user.id);
    expect(first.decided).toBe(future);
    const [acting] = await ctx.db
      .select({ n: count() })
      .from(actions)
      .where(and(eq(actions.userId, user.id), eq(actions.status, 'scheduled')));
    // About one future meeting in WITHOUT_AGENDA_EVERY per calendar has no agenda.
    expect(acting!.n).toBeGreaterThan(future / WITHOUT_AGENDA_EVERY / 2);
    expect(acting!.n).toBeLessThan((future / WITHOUT_AGENDA_EVERY) * 2);
    expect(first.scheduled).toBe(acting!.n);
    const [compliant] = await ctx.db
      .select({ n: count() })
      .from(meetings)
      .where(and(eq(meetings.userId, user.id), eq(meetings.compliant, true)));
    expect(compliant!.n).toBe(future - acting!.n);

    const again = await reconcileUser(ctx, user.id);
    expect(again).toEqual({ decided: future, scheduled: 0, cancelled: 0, updated: 0 });
  }, 180_000);

  it('is re-synced: a calendar read again whole keeps what it still holds and scores the window', async () => {
    // The first calendar's file now holds its first 200 events only; the other 49,800 are gone from it.
    const window = syncWindow(ctx.now());
    const kept = await ctx.db
      .select({ id: meetings.providerEventId, startsAt: meetings.startsAt, endsAt: meetings.endsAt })
      .from(meetings)
      .where(eq(meetings.calendarId, calendarIds[0]!))
      .orderBy(meetings.startsAt)
      .limit(200);
    const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '');
    const ics = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//big//EN',
      ...kept.flatMap((m, i) => [
        'BEGIN:VEVENT',
        `UID:${m.id}`,
        'DTSTAMP:20260101T000000Z',
        `DTSTART:${stamp(m.startsAt)}`,
        `DTEND:${stamp(m.endsAt)}`,
        `SUMMARY:Meeting ${i}`,
        'DESCRIPTION:Agenda:\\n- Decide',
        `ORGANIZER:mailto:${ORGANIZER}`,
        `ATTENDEE;PARTSTAT=NEEDS-ACTION:mailto:${user.email}`,
        'END:VEVENT',
      ]),
      'END:VCALENDAR',
    ].join('\r\n');
    await saveCalendarSource(ctx.pool, calendarIds[0]!, Buffer.from(ics), ctx.now());
    const outcome = await runCalendarSync(ctx, { calendarId: calendarIds[0]!, mode: 'full' });
    expect(outcome.skipped).toBe(false);
    const [live] = await ctx.db
      .select({ n: count() })
      .from(meetings)
      .where(and(eq(meetings.calendarId, calendarIds[0]!), ne(meetings.status, 'deleted')));
    expect(live!.n).toBe(200);
    const [calendar] = await ctx.db.select().from(calendars).where(eq(calendars.id, calendarIds[0]!));
    expect(calendar!.syncStatus).toBe('idle');
    expect(calendar!.syncedTo?.getTime()).toBe(window.to.getTime());
  }, 180_000);

  it('is reported on: the averages of the whole window', async () => {
    const window = syncWindow(ctx.now());
    const start = window.from.toISOString().slice(0, 10);
    const end = new Date(window.to.getTime() - 86_400_000).toISOString().slice(0, 10);
    const headers = await bearerFor(ctx, user.id);
    const read = () =>
      app.inject({
        method: 'GET',
        url: `/api/v1/reports/averages?start=${start}&end=${end}&who=user`,
        headers,
      });
    // A read never waits for roll-ups (meta.partial): it queues their build, which runs here as the job would.
    let answer = await read();
    if (answer.statusCode === 200 && answer.json().meta?.partial) {
      const { rows } = await ctx.pool.query<{ payload: DaysRequest }>(
        `select payload from graphile_worker._private_jobs j
         join graphile_worker._private_tasks t on t.id = j.task_id
         where t.identifier = 'warm_reports' and j.key like 'warm_reports:%:%'`,
      );
      expect(rows.length).toBeGreaterThan(0);
      for (const { payload } of rows) await buildRequestedDays(ctx, payload);
      answer = await read();
      expect(answer.json().meta?.partial).toBeUndefined();
    }
    expect(answer.statusCode).toBe(200);
    const report = answer.json().data.attributes;
    // Every live meeting of the window is scored (seeded, or scored again by the re-sync): at least the
    // 100,000 of the two calendars left untouched.
    expect(report.total).toBeGreaterThanOrEqual(2 * PER_CALENDAR);
    expect(report.average).toBeGreaterThanOrEqual(60);
    expect(report.average).toBeLessThan(100);
  }, 180_000);
});
