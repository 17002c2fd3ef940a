import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Beside this module, from the sources and from the build (scripts/build.mjs copies them). */
export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** The storage setting runMigrations applies to the meetings table (migrate.ts). */
export const FILLFACTOR = 'fillfactor=80';

type Queryable = {
  query: <R extends Record<string, unknown>>(text: string) => Promise<{ rows: R[] }>;
};

/**
 * Whether drizzle's migrator would apply nothing (it applies each migration newer than the last one recorded)
 * and the storage settings hold. False when unsure: the migrator then runs and decides.
 */
export async function migrationsUpToDate(client: Queryable): Promise<boolean> {
  const newest = await newestMigration();
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

/** When the newest migration of this build was made (drizzle's journal): what a migrated database holds. */
async function newestMigration(): Promise<number> {
  const journal = JSON.parse(await readFile(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

/**
 * The embedded database's data folder records the newest migration a start applied (or found applied), so
 * that the next start on that folder knows the database is migrated without connecting to it: health then
 * answers once PostgreSQL accepts connections, as pg_isready would (main.ts). The record travels with the
 * folder; a database made anew on a start is never taken for migrated (EmbeddedDatabase.created).
 */
const recordFile = (dataDir: string) => path.join(dataDir, 'migrated.json');

export async function recordMigrated(dataDir: string): Promise<void> {
  const file = recordFile(dataDir);
  // Written whole, then renamed: a start killed meanwhile leaves the old record or none, never half of one.
  await writeFile(`${file}.new`, JSON.stringify({ migration: await newestMigration() }));
  await rename(`${file}.new`, file);
}

/** Whether the folder's record says its database holds this build's newest migration (false when unsure). */
export async function recordedAsMigrated(dataDir: string): Promise<boolean> {
  try {
    const [record, newest] = await Promise.all([readFile(recordFile(dataDir), 'utf8'), newestMigration()]);
    const migration = (JSON.parse(record) as { migration?: unknown } | null)?.migration;
    return typeof migration === 'number' && migration >= newest;
  } catch {
    return false;
  }
}
