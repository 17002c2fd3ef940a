import { readFile } from 'node:fs/promises';
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
