import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context';
import { connectDatabase } from './client';
import { queryNamed } from './named';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

describe('queryNamed', () => {
  it('runs a read as a statement prepared once per connection, named by its text', async () => {
    // One connection, so its prepared statements can be counted.
    const single = connectDatabase(ctx.databaseUrl, { max: 1 });
    const prepared = async () =>
      (await single.pool.query<{ n: number }>(`select count(*)::int as n from pg_prepared_statements`))
        .rows[0]!.n;
    try {
      const one = await queryNamed<{ n: number }>(single.db, sql`select ${1}::int + 1 as n`);
      const again = await queryNamed<{ n: number }>(single.db, sql`select ${41}::int + 1 as n`);
      expect([one[0]!.n, again[0]!.n]).toEqual([2, 42]);
      expect(await prepared()).toBe(1);
      // Another text, another statement: one name never stands for two texts.
      const other = await queryNamed<{ n: number }>(single.db, sql`select ${1}::int + 2 as n`);
      expect(other[0]!.n).toBe(3);
      expect(await prepared()).toBe(2);
    } finally {
      await single.close();
    }
  });

  it('refuses a transaction (it would run outside it, on a connection of its own)', async () => {
    await expect(ctx.db.transaction(async (tx) => queryNamed(tx as never, sql`select 1`))).rejects.toThrow(
      /made from a pool/,
    );
  });
});
