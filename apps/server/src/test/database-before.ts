import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { inject } from 'vitest';
import { migrationsFolder } from '../db/migration-state';

/**
 * A database of its own as the release before migration `tag` (e.g. '0018') left it: every migration before
 * that one applied, for a test to fill with what that release could hold and then run the rest.
 */
export async function databaseBefore(tag: string): Promise<{ pool: pg.Pool; close: () => Promise<void> }> {
  const adminUrl = inject('databaseAdminUrl');
  const name = `before_${tag}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const pool = new pg.Pool({ connectionString: adminUrl.replace(/\/postgres$/, `/${name}`), max: 2 });
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'meetwell-migrations-'));
  await fs.cp(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await fs.readFile(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const until = journal.entries.findIndex((e) => e.tag.startsWith(tag));
  if (until < 0) throw new Error(`No migration ${tag} in the journal`);
  journal.entries = journal.entries.slice(0, until);
  await fs.writeFile(journalFile, JSON.stringify(journal));
  await migrate(drizzle(pool), { migrationsFolder: folder });
  return {
    pool,
    close: async () => {
      await pool.end();
      await fs.rm(folder, { recursive: true, force: true });
    },
  };
}
