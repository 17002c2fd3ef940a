import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Db } from './client';
import { FILLFACTOR, migrationsFolder, migrationsUpToDate } from './migration-state';

const MIGRATION_LOCK = 727_001;

/**
 * Runs pending migrations; an advisory lock keeps several starting processes from racing. A database already
 * up to date (every start but the first after an upgrade) is recognised by one query and left alone.
 */
export async function runMigrations({ db, pool }: Pick<Db, 'db' | 'pool'>) {
  const client = await pool.connect();
  try {
    if (await migrationsUpToDate(client)) return;
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
 * Storage settings drizzle-kit cannot express, applied idempotently after the migrations. Meetings are
 * re-scored often: free space in each page lets PostgreSQL update a score in place (HOT) without touching
 * the six indexes.
 */
async function applyStorageSettings(client: { query: (text: string) => Promise<unknown> }) {
  await client.query(`alter table meetings set (${FILLFACTOR.replace('=', ' = ')})`);
}
