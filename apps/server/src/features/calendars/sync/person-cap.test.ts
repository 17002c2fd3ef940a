import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveCalendarSource } from '../../../calendars/sources';
import { calendars, meetings } from '../../../db/schema';
import { createTestContext, type TestContext } from '../../../test/context';
import { createUser } from '../../../test/factories';
import { runCalendarSync } from './run-sync';
import { syncWindow } from './window';

let ctx: TestContext;

beforeAll(async () => {
  // A small cap, so that a few events reach it.
  ctx = await createTestContext({ MAX_EVENTS_PER_PERSON: '1000' });
});
afterAll(async () => {
  await ctx.close();
});

const stamp = (ms: number) => new Date(ms).toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '');

describe('the cap of events per person', () => {
  it('holds over all calendars: a new calendar keeps what the others leave, and its report says so', async () => {
    const user = await createUser(ctx);
    const window = syncWindow(ctx.now());
    const [first, second] = await ctx.db
      .insert(calendars)
      .values(
        ['First', 'Second'].map((name) => ({
          userId: user.id,
          provider: 'ics' as const,
          externalId: `import:${name}`,
          name,
          watching: true,
        })),
      )
      .returning();
    // The first calendar holds 995 events of the window.
    await ctx.db.execute(sql`
      insert into meetings (user_id, company_id, calendar_id, provider_event_id, event_key, summary, starts_at,
                            ends_at, status)
      select ${user.id}, ${user.companyId}, ${first!.id}, 'f' || e, 'f' || e, 'F', ${window.from}::timestamptz
             + e * interval '1 hour', ${window.from}::timestamptz + e * interval '1 hour' + interval '30 minutes',
             'confirmed'
        from generate_series(1, 995) e`);
    const start = Date.now() + 86_400_000;
    const events = Array.from({ length: 20 }, (_, i) =>
      [
        'BEGIN:VEVENT',
        `UID:s${i}`,
        'DTSTAMP:20260101T000000Z',
        `DTSTART:${stamp(start + i * 3_600_000)}`,
        `DTEND:${stamp(start + i * 3_600_000 + 1_800_000)}`,
        `SUMMARY:S${i}`,
        'END:VEVENT',
      ].join('\r\n'),
    );
    await saveCalendarSource(
      ctx.pool,
      second!.id,
      Buffer.from(`BEGIN:VCALENDAR\r\nVERSION:2.0\r\n${events.join('\r\n')}\r\nEND:VCALENDAR\r\n`),
      ctx.now(),
    );
    await runCalendarSync(ctx, { calendarId: second!.id, mode: 'full' });
    const kept = await ctx.db
      .select({ summary: meetings.summary })
      .from(meetings)
      .where(and(eq(meetings.calendarId, second!.id), ne(meetings.status, 'deleted')))
      .orderBy(meetings.startsAt);
    expect(kept.map((m) => m.summary)).toEqual(['S0', 'S1', 'S2', 'S3', 'S4']);
    const [row] = await ctx.db.select().from(calendars).where(eq(calendars.id, second!.id));
    expect(row!.importReport?.problems.map((p) => p.message)).toContainEqual(
      expect.stringMatching(
        /^Your other calendars hold 995 events in the synced window, and a person may have at most 1,000 in all: only this calendar's events until \d{4}-\d\d-\d\d are kept\.$/,
      ),
    );
  });
});
