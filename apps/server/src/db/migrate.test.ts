import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context';
import { runMigrations } from './migrate';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const MIGRATION_LOCK = 727_001;

const reloptions = async () =>
  (
    await ctx.pool.query<{ settings: string[] | null }>(
      "select reloptions as settings from pg_class where oid = 'public.meetings'::regclass",
    )
  ).rows[0]!.settings;

describe('runMigrations', () => {
  it('leaves an up-to-date database alone: no lock taken, nothing recorded', async () => {
    const before = await ctx.pool.query('select count(*)::int as n from drizzle.__drizzle_migrations');
    // Another process holds the migration lock: a start that needed it would wait here.
    const holder = new pg.Client({ connectionString: ctx.databaseUrl });
    await holder.connect();
    try {
      await holder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await runMigrations({ db: ctx.db, pool: ctx.pool });
    } finally {
      await holder.end();
    }
    const after = await ctx.pool.query('select count(*)::int as n from drizzle.__drizzle_migrations');
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it('applies again what is missing (here the storage settings), under the lock', async () => {
    await ctx.pool.query('alter table meetings reset (fillfactor)');
    expect(await reloptions()).toBeNull();
    await runMigrations({ db: ctx.db, pool: ctx.pool });
    expect(await reloptions()).toContain('fillfactor=80');
    // The lock was given back: another process can take it at once.
    const client = await ctx.pool.connect();
    try {
      const { rows } = await client.query('select pg_try_advisory_lock($1) as taken', [MIGRATION_LOCK]);
      expect(rows[0].taken).toBe(true);
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    } finally {
      client.release();
    }
  });
});
