import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Db } from './client';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const MIGRATION_LOCK = 727_001;

/** Runs pending migrations; an advisory lock keeps several starting processes from racing. */
export async function runMigrations({ db, pool }: Db) {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(db, { migrationsFolder });
    await applyStorageSettings(client);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
}

/**
 * Storage settings drizzle-kit cannot express, applied idempotently after the migrations. Meetings are
 * re-scored often: free space in each page lets PostgreSQL update a score in place (HOT) without touching
 * the six indexes.
 */
async function applyStorageSettings(client: { query: (text: string) => Promise<unknown> }) {
  await client.query('alter table meetings set (fillfactor = 80)');
}
