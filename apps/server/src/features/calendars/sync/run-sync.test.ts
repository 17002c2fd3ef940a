import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  eventsPage,
  type FakeGoogleServer,
  googleError,
  startFakeGoogleServer,
} from '../../../calendars/providers/google/__fixtures__/fake-google-server';
import {
  deletedStub,
  teamSync,
  weeklyBeforeSplit,
  weeklySplitChanges,
} from '../../../calendars/providers/google/__fixtures__/google-events';
import { parseIcs } from '../../../calendars/providers/ics/parse-ics';
import { OFF_THREAD_FROM_BYTES } from '../../../calendars/providers/ics/parse-ics-off-thread';
import { saveCalendarSource } from '../../../calendars/sources';
import { calendars, identities, meetings, synchronizations, users } from '../../../db/schema';
import { createTestContext, type TestContext } from '../../../test/context';
import { createIcsCalendar, createUser } from '../../../test/factories';
import { reevaluateSpans } from '../../evaluation/reevaluate';
import { meetingRow } from './meeting-row';
import { RetryLater, runCalendarSync } from './run-sync';
import { syncWindow } from './window';

let ctx: TestContext;
let google: FakeGoogleServer;

beforeAll(async () => {
  google = await startFakeGoogleServer();
  ctx = await createTestContext({ GOOGLE_API_URL: google.url });
});
afterEach(() => google.reset());
afterAll(async () => {
  await ctx.close();
  await google.close();
});

function ics(events: string[]) {
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...events, 'END:VCALENDAR'].join('\r\n');
}

function vevent(uid: string, start: string, end: string, extra: string[] = []) {
  return [
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20260101T000000Z',
    `DTSTART:${start}`,
    `DTEND:${end}`,
    `SUMMARY:${uid}`,
    'ORGANIZER:mailto:boss@acme.example',
    'ATTENDEE;PARTSTAT=ACCEPTED:mailto:boss@acme.example',
    'ATTENDEE;PARTSTAT=ACCEPTED:mailto:owner@acme.example',
    ...extra,
    'END:VEVENT',
  ].join('\r\n');
}

async function icsCalendar(content: string) {
  const user = await createUser(ctx, {
    email: `owner-${Math.random().toString(36).slice(2, 6)}@acme.example`,
  });
  // The fixtures name the owner owner@acme.example; make it this user.
  const calendar = await createIcsCalendar(ctx, user);
  await saveCalendarSource(ctx.pool, calendar.id, content.replaceAll('owner@acme.example', user.email));
  return { user, calendar };
}

async function meetingsOf(calendarId: string) {
  return ctx.db.select().from(meetings).where(eq(meetings.calendarId, calendarId));
}

describe('ICS sync', () => {
  it('stores, scores and re-syncs idempotently', async () => {
    ctx.setNow(new Date('2026-11-20T12:00:00Z'));
    const { calendar } = await icsCalendar(
      ics([
        vevent('good', '20261123T100000Z', '20261123T103000Z', [
          'DESCRIPTION:Agenda:\\n- Plan (10 min)\\n\\nObjectives:\\n- Decide',
          'LOCATION:https://zoom.us/j/123',
        ]),
        vevent('bare', '20261124T100000Z', '20261124T110000Z'),
      ]),
    );
    const first = await runCalendarSync(ctx, { calendarId: calendar.id, mode: 'full' });
    expect(first).toMatchObject({ skipped: false });
    const stored = await meetingsOf(calendar.id);
    expect(stored).toHaveLength(2);
    const good = stored.find((m) => m.summary === 'good')!;
    const bare = stored.find((m) => m.summary === 'bare')!;
    expect(good.score).toBeGreaterThan(bare.score!);
    expect(bare.evaluation?.details_negative).toContain('No agenda');
    expect(good.attendeesCount).toBe(2);

    const again = await runCalendarSync(ctx, { calendarId: calendar.id, mode: 'full' });
    expect(again).toMatchObject({ changedMeetingIds: [], deletedMeetingIds: [] });
    expect(await meetingsOf(calendar.id)).toHaveLength(2);
    const runs = await ctx.db
      .select()
      .from(synchronizations)
      .where(eq(synchronizations.calendarId, calendar.id));
    expect(runs.map((r) => r.status)).toEqual(['succeeded', 'succeeded']);
  });

  it('cuts an event that lasts for ever (DTEND in 9999, DURATION of 99,999 weeks) to a year, and stores what a row cannot hold as near as it can', async () => {
    ctx.setNow(new Date('2026-11-20T12:00:00Z'));
    const { calendar } = await icsCalendar(
      ics([
        vevent('forever', '20261123T100000Z', '99991231T100000Z'),
        vevent('forever-weekly', '20261124T100000Z', '99991231T100000Z', ['RRULE:FREQ=WEEKLY;COUNT=3']),
        vevent('ages', '20261125T100000Z', '20261125T110000Z', ['DURATION:P99999999W']),
        vevent('since-year-one', '00010101T100000Z', '99991231T100000Z'),
        vevent(
          'a-year-of-eight',
          '20261127T100000Z',
          '20271127T100000Z',
          Array.from({ length: 6 }, (_, i) => `ATTENDEE;PARTSTAT=ACCEPTED:mailto:guest${i}@acme.example`),
        ),
        vevent('normal', '20261126T100000Z', '20261126T103000Z', [
          // A timestamp for a SEQUENCE, and dates of year 0 (PostgreSQL has no year 0): the row cannot hold them.
          'SEQUENCE:99999999999',
          'CREATED:00000101T000000Z',
          'LAST-MODIFIED:00000101T000000Z',
        ]),
      ]).replace('DTEND:20261125T110000Z\r\n', ''),
    );
    // The highest salary a person may give: a year (not more) of eight people costs more than a row's integer holds.
    await ctx.db.update(users).set({ annualSalary: 100_000_000 }).where(eq(users.id, calendar.userId));
    const result = await runCalendarSync(ctx, { calendarId: calendar.id, mode: 'full' });
    expect(result).toMatchObject({ skipped: false });
    const stored = await meetingsOf(calendar.id);
    expect(stored.map((m) => m.summary).sort()).toEqual([
      'a-year-of-eight',
      'ages',
      'forever',
      'forever-weekly',
      'forever-weekly',
      'forever-weekly',
      'normal',
    ]);
    const forever = stored.find((m) => m.summary === 'forever')!;
    expect(forever.endsAt.toISOString()).toBe('2027-11-24T10:00:00.000Z');
    expect(forever.durationSeconds).toBe(366 * 24 * 3600);
    expect(forever.evaluation?.not_scored_reason).toBe('all_day');
    expect(stored.find((m) => m.summary === 'a-year-of-eight')!.cost).toBe(2_147_483_647);
    expect(stored.find((m) => m.summary === 'ages')!.endsAt.toISOString()).toBe('2027-11-26T10:00:00.000Z');
    expect(stored.find((m) => m.summary === 'normal')).toMatchObject({
      durationSeconds: 1800,
      sequence: 2_147_483_647,
      invitedAt: null,
      providerUpdatedAt: null,
    });
    const [row] = await ctx.db.select().from(calendars).where(eq(calendars.id, calendar.id));
    expect(row!.importReport?.problems.map((p) => p.message)).toContainEqual(
      '6 events last more than a year (“forever”, “forever-weekly”, “ages” and 1 more): each was kept as lasting its first year; 1 of them then end before the synced window and are left out.',
    );
  });

  it('names in the import report the events whose descriptions list more than 100 items under a heading, on every read', async () => {
    ctx.setNow(new Date('2026-11-20T12:00:00Z'));
    // ICS text escapes a description's line breaks as \n.
    const list = (heading: string, n: number) =>
      `${heading}:\\n${Array.from({ length: n }, (_, i) => `- ${heading} point ${i + 1}`).join('\\n')}`;
    const content = ics([
      vevent('long-agenda', '20261123T100000Z', '20261123T110000Z', [
        `DESCRIPTION:${list('Agenda', 130)}\\n\\n${list('Objectives', 105)}`,
      ]),
      vevent('short-agenda', '20261124T100000Z', '20261124T110000Z', [`DESCRIPTION:${list('Agenda', 3)}`]),
    ]);
    const { calendar } = await icsCalendar(content);
    const expected =
      '“long-agenda” lists more than 100 items under one heading of its description: only the first 100 under each heading were kept as agenda items, objectives or pre-work (35 left out; the description itself is kept whole).';
    const reportOf = async () =>
      (await ctx.db.select().from(calendars).where(eq(calendars.id, calendar.id)))[0]!.importReport;

    await runCalendarSync(ctx, { calendarId: calendar.id, mode: 'full' });
    expect((await reportOf())?.problems).toContainEqual({ uid: 'long-agenda', message: expected });
    const long = (await meetingsOf(calendar.id)).find((m) => m.summary === 'long-agenda')!;
    expect(long.description).toContain('Agenda point 130');
    const agenda = await ctx.pool.query('select description from agenda_items where meeting_id = $1', [
      long.id,
    ]);
    expect(agenda.rowCount).toBe(100);

    // Read again (unchanged, so nothing is written): the report is the new read's, and still says so.
    await runCalendarSync(ctx, { calendarId: calendar.id, mode: 'full' });
    expect((await reportOf())?.problems.filter((p) => p.message === expected)).toHaveLength(1);

    // Once the description is shorter, the line goes.
    await saveCalendarSource(
      ctx.pool,
      calendar.id,
      content
        .replace(list('Agenda', 130), list('Agenda', 4))
        .replace(list('Objectives', 105), list('Objectives', 2)),
    );
    await runCalendarSync(ctx, { calendarId: calendar.id, mode: 'full' });
    expect((await reportOf())?.problems ?? []).not.toContainEqual(
      expect.objectContaining({ uid: 'long-agenda' }),
    );
  });

  it('tells the owner plainly that a sync failed on our side, and succeeds on a retry once the cause is gone', async () => {
    ctx.setNow(new Date('2026-11-20T12:00:00Z'));
    const { calendar } = await icsCalendar(ics([vevent('explodes', '20261123T100000Z', '20261123T103000Z')]));
    // The database refuses this calendar's meetings (a stand-in for any failure of ours while storing).
    await ctx.pool.query(`
      create function refuse_meeting() returns trigger language plpgsql as $$
      begin raise exception 'refused for the test'; end $$;
      create trigger refuse_meeting before insert on meetings for each row
        when (new.summary = 'explodes') execute function refuse_meeting();`);
    try {
      await expect(runCalendarSync(ctx, { calendarId: calendar.id, mode: 'full' })).rejects.toThrow();
      const [failed] = await ctx.db.select().from(calendars).where(eq(calendars.id, calendar.id));
      expect(failed).toMatchObject({ syncStatus: 'failed' });
      expect(failed!.syncError).toBe(
        'MeetWell could not store this calendar’s events. It tries again by itself; Re-sync tries now.',
      );
    } finally {
      await ctx.pool.query('drop trigger refuse_meeting on meetings; drop function refuse_meeting();');
    }
    await runCalendarSync(ctx, { calendarId: calendar.id, mode: 'full' });
    const [synced] = await ctx.db.select().from(calendars).where(eq(calendars.id, calendar.id));
    expect(synced).toMatchObject({ syncStatus: 'idle', syncError: null, syncFailureCount: 0 });
    expect(await meetingsOf(calendar.id)).toHaveLength(1);
  });

  it('deletes what vanished and re-scores neighbours whose conflicts changed', async () => {
    ctx.setNow(new Date('2026-11-20T12:00:00Z'));
    const a = vevent('a', '20261123T100000Z', '20261123T110000Z');
    const b = vevent('b', '20261123T103000Z', '20261123T113000Z');
    const { calendar } = await icsCalendar(ics([a, b]));
    await runCalendarSync(ctx, { calendarId: calendar.id, mode: 'full' });
    const before = await meetingsOf(calendar.id);
    expect(before.find((m) => m.summary === 'a')!.evaluation?.details_negative.join(' ')).toMatch(
      /conflict/i,
    );

    await saveCalendarSource(
      ctx.pool,
      calendar.id,
      ics([a]).replaceAll('owner@acme.example', await ownerEmail(calendar.userId)),
    );
    const outcome = await runCalendarSync(ctx, { calendarId: calendar.id, mode: 'full' });
    expect(outcome).toMatchObject({ deletedMeetingIds: [before.find((m) => m.summary === 'b')!.id] });
    const after = await meetingsOf(calendar.id);
    expect(after.find((m) => m.summary === 'b')!.status).toBe('deleted');
    const aAfter = after.find((m) => m.summary === 'a')!;
    expect(aAfter.evaluation?.details_negative.join(' ')).not.toMatch(/conflicts with another/i);
    expect(aAfter.score).toBeGreaterThan(before.find((m) => m.summary === 'a')!.score!);
  });

  it('keeps events whose text holds NUL characters (PostgreSQL text cannot), without them', async () => {
    ctx.setNow(new Date('2026-11-20T12:00:00Z'));
    const withNul = (uid: string, start: string, end: string, summary: string) =>
      vevent(uid, start, end, ['DESCRIPTION:Agenda:\\n- Plan\u0000 (10 min)\\\\u0000']).replace(
        `SUMMARY:${uid}`,
        `SUMMARY:${summary}`,
      );
    const { calendar, user } = await icsCalendar(
      ics([
        withNul('nul-1', '20261123T100000Z', '20261123T103000Z', 'Budget\u0000 review'),
        vevent('plain', '20261124T100000Z', '20261124T110000Z'),
      ]),
    );
    // The first import (written with COPY)…
    await runCalendarSync(ctx, { calendarId: calendar.id, mode: 'full' });
    const first = await meetingsOf(calendar.id);
    expect(first.map((m) => m.summary).sort()).toEqual(['Budget review', 'plain']);
    expect(first.find((m) => m.summary === 'Budget review')!.description).toBe(
      'Agenda:\n- Plan (10 min)\\u0000',
    );
    // …and a later sync that changes events (written by upsert).
    await saveCalendarSource(
      ctx.pool,
      calendar.id,
      ics([
        withNul('nul-1', '20261123T100000Z', '20261123T103000Z', 'Budget\u0000 review, moved'),
        withNul('plain', '20261124T100000Z', '20261124T110000Z', '\u0000Plain\u0000'),
      ]).replaceAll('owner@acme.example', user.email),
    );
    await runCalendarSync(ctx, { calendarId: calendar.id, mode: 'full' });
    const second = await meetingsOf(calendar.id);
    expect(second.map((m) => m.summary).sort()).toEqual(['Budget review, moved', 'Plain']);
    expect(second.every((m) => m.description === 'Agenda:\n- Plan (10 min)\\u0000')).toBe(true);
  });

  it('rolls a failed store back whole: nothing half-written, the cursor unchanged', async () => {
    ctx.setNow(new Date('2026-11-20T12:00:00Z'));
    const many = Array.from({ length: 1_100 }, (_, i) =>
      vevent(
        `e${i}`,
        `202611${String(21 + (i % 7)).padStart(2, '0')}T${String(8 + (i % 9)).padStart(2, '0')}0000Z`,
        `202611${String(21 + (i % 7)).padStart(2, '0')}T${String(8 + (i % 9)).padStart(2, '0')}3000Z`,
      ),
    );
    const { calendar } = await icsCalendar(ics(many));
    // A trigger that fails on the 1,050th row: the first batch of 1,000 (and its attendees) went in before it,
    // inside the transaction.
    await ctx.pool.query(`
      create or replace function fail_late() returns trigger language plpgsql as $$
      begin if new.summary = 'e1049' then raise exception 'disk full'; end if; return new; end $$;
      create trigger fail_late before insert on meetings for each row execute function fail_late();`);
    const failure = await runCalendarSync(ctx, { calendarId: calendar.id, mode: 'full' }).catch(
      (e: Error & { cause?: Error }) => e,
    );
    const { cause } = failure as Error & { cause?: Error };
    expect(String(cause?.message ?? (failure as Error).message)).toMatch(/disk full/);
    await ctx.pool.query('drop trigger fail_late on meetings');
    expect(await meetingsOf(calendar.id)).toHaveLength(0);
    const [row] = await ctx.db.select().from(calendars).where(eq(calendars.id, calendar.id));
    expect(row!.syncCursor).toBeNull();
    expect(row!.syncStatus).toBe('failed');
    await runCalendarSync(ctx, { calendarId: calendar.id, mode: 'full' });
    expect(await meetingsOf(calendar.id)).toHaveLength(1_100);
  });
});

describe('ICS sync of a large file (parsed on its own thread, described as its events arrive)', () => {
  it('stores and scores every event exactly as describing and scoring them afterwards would', async () => {
    ctx.setNow(new Date('2026-11-20T12:00:00Z'));
    const many = Array.from({ length: 1_200 }, (_, i) => {
      const day = `202611${String(21 + (i % 9)).padStart(2, '0')}`;
      const hour = String(8 + (i % 10)).padStart(2, '0');
      return vevent(`big${i}`, `${day}T${hour}0000Z`, `${day}T${hour}4500Z`, [
        ...(i % 3 === 0
          ? ['DESCRIPTION:Agenda:\\n- Plan (10 min)\\n- Risks\\n\\nObjectives:\\n- Decide']
          : []),
        ...(i % 5 === 0 ? ['LOCATION:https://zoom.us/j/1'] : []),
        ...(i % 40 === 0 ? ['RRULE:FREQ=DAILY;COUNT=4'] : []),
      ]);
    });
    const content = ics(many);
    expect(content.length).toBeGreaterThan(OFF_THREAD_FROM_BYTES);
    const { user, calendar } = await icsCalendar(content);
    await runCalendarSync(ctx, { calendarId: calendar.id, mode: 'full' });

    const stored = await meetingsOf(calendar.id);
    const parsed = parseIcs(content.replaceAll('owner@acme.example', user.email), {
      window: syncWindow(ctx.now()),
      ownerEmail: user.email,
      defaultTimeZone: user.timeZone,
    });
    expect(stored).toHaveLength(parsed.events.length);
    const target = {
      calendarId: calendar.id,
      userId: user.id,
      companyId: user.companyId,
      ownerEmail: user.email,
    };
    const byEvent = new Map(stored.map((m) => [m.providerEventId, m]));
    for (const event of parsed.events) {
      const { row, described } = meetingRow(target, event, ctx.now());
      const m = byEvent.get(event.providerEventId)!;
      expect({
        summary: m.summary,
        contentHash: m.contentHash,
        intention: m.intention,
        attendees: m.attendees,
        conferenceUrl: m.conferenceUrl,
      }).toEqual({
        summary: row.summary,
        contentHash: row.contentHash,
        intention: row.intention,
        attendees: row.attendees,
        conferenceUrl: row.conferenceUrl,
      });
      expect(described.agenda).toHaveLength(event.description.includes('Agenda') ? 2 : 0);
    }
    const { rows: items } = await ctx.pool.query<{ n: number }>(
      'select count(*)::int as n from agenda_items a join meetings m on m.id = a.meeting_id where m.calendar_id = $1',
      [calendar.id],
    );
    expect(items[0]!.n).toBe(parsed.events.filter((e) => e.description.includes('Agenda')).length * 2);
    // Scored before their insert as a re-evaluation scores them: evaluating them again changes nothing.
    const scores = new Map(stored.map((m) => [m.id, [m.score, m.evaluation, m.cost]]));
    await reevaluateSpans(ctx, user.id, [syncWindow(ctx.now())]);
    for (const m of await meetingsOf(calendar.id))
      expect([m.score, m.evaluation, m.cost]).toEqual(scores.get(m.id));
  });
});

async function ownerEmail(userId: string) {
  const { users } = await import('../../../db/schema');
  const [u] = await ctx.db.select().from(users).where(eq(users.id, userId));
  return u!.email;
}

async function googleCalendar() {
  const user = await createUser(ctx, {
    email: `me-${Math.random().toString(36).slice(2, 6)}@example.com`,
    timeZone: 'Europe/Paris',
  });
  const [identity] = await ctx.db
    .insert(identities)
    .values({
      userId: user.id,
      provider: 'google_oauth2',
      subject: user.id,
      accessTokenEnc: ctx.secrets.encrypt('access-1'),
      accessTokenExpiresAt: new Date('2099-01-01'),
    })
    .returning();
  const [calendar] = await ctx.db
    .insert(calendars)
    .values({
      userId: user.id,
      provider: 'google',
      identityId: identity!.id,
      externalId: 'me@example.com',
      name: 'Me',
      watching: true,
      timeZone: 'Europe/Paris',
    })
    .returning();
  return { user, calendar: calendar! };
}

describe('Google sync', () => {
  it('pages a full sync, then applies an incremental one with cancellations and a split series', async () => {
    ctx.setNow(new Date('2024-01-10T12:00:00Z'));
    const { calendar } = await googleCalendar();
    google.enqueue(
      'events.list',
      eventsPage({ items: [teamSync, ...weeklyBeforeSplit.slice(0, 2)], nextPageToken: 'p2' }),
      eventsPage({ items: weeklyBeforeSplit.slice(2), nextSyncToken: 'sync-1' }),
    );
    await runCalendarSync(ctx, { calendarId: calendar.id, mode: 'full' });
    expect((await meetingsOf(calendar.id)).filter((m) => m.status !== 'deleted')).toHaveLength(5);
    const [afterFull] = await ctx.db.select().from(calendars).where(eq(calendars.id, calendar.id));
    expect(afterFull!.syncCursor).toBe('sync-1');

    google.enqueue(
      'events.list',
      eventsPage({
        items: [...weeklySplitChanges, { ...deletedStub, id: teamSync.id }],
        nextSyncToken: 'sync-2',
      }),
    );
    await runCalendarSync(ctx, { calendarId: calendar.id, mode: 'incremental' });
    expect(google.requestsFor('events.list').at(-1)!.query.syncToken).toBe('sync-1');
    const rows = await meetingsOf(calendar.id);
    const live = rows.filter((m) => m.status !== 'deleted' && m.status !== 'cancelled');
    expect(live.map((m) => m.startsAt.toISOString()).sort()).toEqual([
      '2024-01-08T09:00:00.000Z',
      '2024-01-15T09:00:00.000Z',
      '2024-01-22T10:00:00.000Z',
      '2024-01-29T10:00:00.000Z',
    ]);
    expect(rows.find((m) => m.providerEventId === teamSync.id)!.status).toBe('deleted');
  });

  it('starts over with a full sync when Google says the sync token expired (410)', async () => {
    ctx.setNow(new Date('2024-01-10T12:00:00Z'));
    const { calendar } = await googleCalendar();
    await ctx.db
      .update(calendars)
      .set({ syncCursor: 'old', syncedTo: new Date('2024-04-10') })
      .where(eq(calendars.id, calendar.id));
    google.enqueue(
      'events.list',
      googleError(410, 'fullSyncRequired'),
      eventsPage({ items: [teamSync], nextSyncToken: 'fresh' }),
    );
    const outcome = await runCalendarSync(ctx, { calendarId: calendar.id, mode: 'incremental' });
    expect(outcome).toMatchObject({ full: true });
    const calls = google.requestsFor('events.list');
    expect(calls[0]!.query.syncToken).toBe('old');
    expect(calls[1]!.query.syncToken).toBeUndefined();
    const [row] = await ctx.db.select().from(calendars).where(eq(calendars.id, calendar.id));
    expect(row!.syncCursor).toBe('fresh');
  });

  it('backs off as Retry-After says on 429 and on a rate-limit 403', async () => {
    ctx.setNow(new Date('2024-01-10T12:00:00Z'));
    const { calendar } = await googleCalendar();
    google.enqueue(
      'events.list',
      googleError(429, 'rateLimitExceeded', { headers: { 'Retry-After': '30' } }),
    );
    const error = await runCalendarSync(ctx, { calendarId: calendar.id, mode: 'full' }).catch((e) => e);
    expect(error).toBeInstanceOf(RetryLater);
    expect(error.delayMs).toBeGreaterThanOrEqual(30_000);
    expect(error.delayMs).toBeLessThanOrEqual(36_000);
    google.enqueue('events.list', googleError(403, 'rateLimitExceeded'));
    await expect(runCalendarSync(ctx, { calendarId: calendar.id, mode: 'full' })).rejects.toBeInstanceOf(
      RetryLater,
    );
    google.enqueue('events.list', googleError(503, 'backendError'));
    await expect(runCalendarSync(ctx, { calendarId: calendar.id, mode: 'full' })).rejects.toBeInstanceOf(
      RetryLater,
    );
  });

  it('marks the calendar as needing permission when access is refused', async () => {
    ctx.setNow(new Date('2024-01-10T12:00:00Z'));
    const { calendar } = await googleCalendar();
    google.enqueue('events.list', googleError(401, 'authError'), googleError(401, 'authError'));
    const outcome = await runCalendarSync(ctx, { calendarId: calendar.id, mode: 'full' });
    expect(outcome).toMatchObject({ needsPermission: true });
    const [row] = await ctx.db
      .select()
      .from(calendars)
      .where(and(eq(calendars.id, calendar.id)));
    expect(row!.needsPermission).toBe(true);
  });
});

describe('one sync per calendar at a time', () => {
  it('a second sync of the same calendar waits for the first, however they are started', async () => {
    ctx.setNow(new Date('2026-11-20T12:00:00Z'));
    const events = Array.from({ length: 40 }, (_, i) =>
      vevent(
        `busy-${i}`,
        `202611${String(21 + (i % 7)).padStart(2, '0')}T${String(8 + (i % 9)).padStart(2, '0')}0000Z`,
        `202611${String(21 + (i % 7)).padStart(2, '0')}T${String(9 + (i % 9)).padStart(2, '0')}0000Z`,
      ),
    );
    const { calendar } = await icsCalendar(ics(events));
    await Promise.all([
      runCalendarSync(ctx, { calendarId: calendar.id, mode: 'full' }),
      runCalendarSync(ctx, { calendarId: calendar.id, mode: 'full' }),
      runCalendarSync(ctx, { calendarId: calendar.id, mode: 'incremental' }),
    ]);
    const runs = await ctx.db
      .select()
      .from(synchronizations)
      .where(eq(synchronizations.calendarId, calendar.id))
      .orderBy(synchronizations.startedAt);
    expect(runs).toHaveLength(3);
    for (const [i, run] of runs.entries()) {
      expect(run.status).toBe('succeeded');
      const next = runs[i + 1];
      if (next) expect(next.startedAt.getTime()).toBeGreaterThanOrEqual(run.finishedAt!.getTime());
    }
    expect(await meetingsOf(calendar.id)).toHaveLength(40);
  });
});
