import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runMigrations } from './migrate';
import { migrationsFolder } from './migration-state';

/** A database as the release before migration 0018 left it: a key for the user and one for the calendar. */
let pool: pg.Pool;
let folder: string;

beforeAll(async () => {
  const adminUrl = inject('databaseAdminUrl');
  const name = `before_0018_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  pool = new pg.Pool({ connectionString: adminUrl.replace(/\/postgres$/, `/${name}`), max: 2 });
  folder = await fs.mkdtemp(path.join(os.tmpdir(), 'meetwell-migrations-'));
  await fs.cp(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await fs.readFile(journalFile, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(
    0,
    journal.entries.findIndex((e) => e.tag.startsWith('0018')),
  );
  await fs.writeFile(journalFile, JSON.stringify(journal));
  await migrate(drizzle(pool), { migrationsFolder: folder });
});
afterAll(async () => {
  await pool.end();
  await fs.rm(folder, { recursive: true, force: true });
});

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
