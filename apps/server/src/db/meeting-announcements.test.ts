import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context';
import { createUser } from '../test/factories';
import { calendars } from './schema';

let ctx: TestContext;
/** A listener of the read caches' channel, and a writer, each its own connection (another process). */
let listener: pg.Client;
let writer: pg.Client;
const heard: { t: string; m: unknown }[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  listener = new pg.Client({ connectionString: ctx.databaseUrl });
  writer = new pg.Client({ connectionString: ctx.databaseUrl });
  await Promise.all([listener.connect(), writer.connect()]);
  listener.on('notification', (n) => heard.push(JSON.parse(n.payload ?? '{}')));
  await listener.query('listen meetwell_events');
});
afterAll(async () => {
  await Promise.all([listener.end(), writer.end()]);
  await ctx.close();
});

/** What was announced since the last call: notifications arrive in commit order, so a marker sent last closes them. */
async function announcedSince() {
  const marker = crypto.randomUUID();
  await writer.query(
    `select pg_notify('meetwell_events', json_build_object('t', 'marker', 'm', $1::text)::text)`,
    [marker],
  );
  for (let waited = 0; !heard.some((n) => n.m === marker); waited += 10) {
    if (waited > 5_000) throw new Error('the marker notification never arrived');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const got = heard.splice(0).filter((n) => n.t === 'meetings.changed');
  return got.map((n) => n.m as string[]);
}

async function calendarOf() {
  const user = await createUser(ctx);
  const [calendar] = await ctx.db
    .insert(calendars)
    .values({ userId: user.id, provider: 'ics', externalId: 'work', name: 'Work', watching: true })
    .returning();
  return { userId: user.id, calendarId: calendar!.id };
}

/** Inserts `count` meetings of each owner in one statement. */
async function insertMeetings(owners: { userId: string; calendarId: string }[], count: number) {
  const rows = owners.flatMap((o) =>
    Array.from({ length: count }, (_, i) => [o.userId, o.calendarId, `e${i}`]),
  );
  await writer.query(
    `insert into meetings (user_id, calendar_id, provider_event_id, event_key, starts_at, ends_at)
     select r[1]::uuid, r[2]::uuid, r[3], r[3], now(), now() + interval '1 hour'
     from jsonb_array_elements($1::jsonb) e, lateral (select array(select jsonb_array_elements_text(e)) as r) x`,
    [JSON.stringify(rows)],
  );
}

describe('inserted meetings announced to the read caches', () => {
  it('names each owner once, however many meetings a statement or a transaction inserted for them', async () => {
    const [a, b] = [await calendarOf(), await calendarOf()];
    await announcedSince();
    await writer.query('begin');
    await insertMeetings([a!, b!], 3);
    await writer.query('commit');
    const announced = await announcedSince();
    expect(announced.flat().sort()).toEqual([a!.userId, b!.userId].sort());
  });

  it('leaves the announcement to a transaction that makes it itself (a first import), and to that one only', async () => {
    const [a, b] = [await calendarOf(), await calendarOf()];
    await announcedSince();
    await writer.query('begin');
    await writer.query("select set_config('meetwell.meetings_announced', 'on', true)");
    await insertMeetings([a!], 5);
    await writer.query(`select meetwell_announce_changed_users('meetings.changed', array[$1::text])`, [
      a!.userId,
    ]);
    await writer.query('commit');
    expect(await announcedSince()).toEqual([[a!.userId]]);
    // Said for that transaction only: the next insert is announced by its trigger again.
    await insertMeetings([b!], 2);
    expect(await announcedSince()).toEqual([[b!.userId]]);
  });

  it('is rolled back with its transaction', async () => {
    const a = await calendarOf();
    await announcedSince();
    await writer.query('begin');
    await insertMeetings([a], 2);
    await writer.query('rollback');
    expect(await announcedSince()).toEqual([]);
  });
});
