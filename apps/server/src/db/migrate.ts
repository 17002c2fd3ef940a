import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import type { Db } from './client';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const MIGRATION_LOCK = 727_001;

/**
 * Runs pending migrations; an advisory lock keeps several starting processes from racing. A database already
 * up to date (every start but the first after an upgrade) is recognised by one query and left alone.
 */
export async function runMigrations({ db, pool }: Pick<Db, 'db' | 'pool'>) {
  const client = await pool.connect();
  try {
    if (await upToDate(client)) return;
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migrate(db, { migrationsFolder });
      await applyStorageSettings(client);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    }
  } finally {
    client.release();
  }
}

/**
 * Whether drizzle's migrator would apply nothing (it applies each migration newer than the last one recorded)
 * and the storage settings hold. False when unsure: the migrator then runs and decides.
 */
async function upToDate(client: pg.PoolClient): Promise<boolean> {
  const journal = JSON.parse(await readFile(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  const newest = Math.max(...journal.entries.map((entry) => entry.when));
  try {
    const { rows } = await client.query<{ last: string | null; settings: string[] | null }>(
      `select (select max(created_at) from drizzle.__drizzle_migrations)::text as last,
              (select reloptions from pg_class where oid = to_regclass('public.meetings')) as settings`,
    );
    const { last, settings } = rows[0] ?? { last: null, settings: null };
    return last !== null && Number(last) >= newest && (settings ?? []).includes(FILLFACTOR);
  } catch {
    // No migration recorded yet (a new database).
    return false;
  }
}

const FILLFACTOR = 'fillfactor=80';

/**
 * Storage settings drizzle-kit cannot express, applied idempotently after the migrations. Meetings are
 * re-scored often: free space in each page lets PostgreSQL update a score in place (HOT) without touching
 * the six indexes.
 */
async function applyStorageSettings(client: { query: (text: string) => Promise<unknown> }) {
  await client.query(`alter table meetings set (${FILLFACTOR.replace('=', ' = ')})`);
}
