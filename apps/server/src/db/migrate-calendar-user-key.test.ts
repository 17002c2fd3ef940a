import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBefore } from '../test/database-before';
import { runMigrations } from './migrate';

/** A database as the release before migration 0018 left it: a key for the user and one for the calendar. */
let pool: pg.Pool;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ pool, close } = await databaseBefore('0018'));
});
afterAll(() => close());

describe("migration 0018: one key for a meeting's calendar and user", () => {
  it("gives a meeting that names another user to its calendar's owner, then holds every meeting to it", async () => {
    const { rows } = await pool.query<{ ada: string; bob: string; calendar: string }>(`
      with u as (insert into users (email, domain, affiliate_token)
                 values ('ada@acme.example', 'acme.example', 'before-0018-a'),
                        ('bob@other.example', 'other.example', 'before-0018-b')
                 returning id, email),
           c as (insert into calendars (user_id, provider, external_id, name)
                 select id, 'ics', 'work', 'Work' from u where email = 'ada@acme.example' returning id)
      select (select id from u where email = 'ada@acme.example') as ada,
             (select id from u where email = 'bob@other.example') as bob,
             (select id from c) as calendar`);
    const { ada, bob, calendar } = rows[0]!;
    // Older damage the two keys allowed: Bob's meeting in Ada's calendar.
    await pool.query(
      `insert into meetings (user_id, calendar_id, provider_event_id, event_key, starts_at, ends_at)
       values ($1, $3, 'own', 'k1', now(), now() + interval '1 hour'),
              ($2, $3, 'astray', 'k2', now(), now() + interval '1 hour')`,
      [ada, bob, calendar],
    );

    await runMigrations({ db: drizzle(pool), pool });

    const after = await pool.query<{ provider_event_id: string; user_id: string }>(
      'select provider_event_id, user_id from meetings order by provider_event_id',
    );
    expect(after.rows).toEqual([
      { provider_event_id: 'astray', user_id: ada },
      { provider_event_id: 'own', user_id: ada },
    ]);
    const refused = await pool
      .query(
        `insert into meetings (user_id, calendar_id, provider_event_id, event_key, starts_at, ends_at)
         values ($1, $2, 'again', 'k3', now(), now() + interval '1 hour')`,
        [bob, calendar],
      )
      .catch((error: { code?: string }) => error.code);
    expect(refused).toBe('23503');
  });
});
