import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context';
import { rowsInBatches } from './cursor';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const inUse = () => ctx.pool.totalCount - ctx.pool.idleCount;

describe('rowsInBatches', () => {
  it('reads every row once, in order, in batches of the size asked, then gives the connection back', async () => {
    const batches: number[][] = [];
    for await (const rows of rowsInBatches<{ n: number }>(
      ctx.pool,
      sql`select n from generate_series(1, ${2_500}::int) n order by n`,
      1_000,
    )) {
      expect(inUse()).toBe(1);
      batches.push(rows.map((r) => r.n));
    }
    expect(batches.map((b) => b.length)).toEqual([1_000, 1_000, 500]);
    expect(batches.flat()).toEqual(Array.from({ length: 2_500 }, (_, i) => i + 1));
    expect(inUse()).toBe(0);
  });

  it('stopped early (a download cut short), it closes the cursor and gives the connection back', async () => {
    for await (const rows of rowsInBatches<{ n: number }>(
      ctx.pool,
      sql`select n from generate_series(1, ${1_000_000}::int) n`,
      100,
    )) {
      expect(rows).toHaveLength(100);
      break;
    }
    expect(inUse()).toBe(0);
  });

  it('a query that fails rejects, and its connection goes back in working order', async () => {
    const read = async () => {
      for await (const _ of rowsInBatches(
        ctx.pool,
        sql`select 1 / (n - 3) from generate_series(1, 5) n`,
        2,
      )) {
        // the third row divides by zero
      }
    };
    await expect(read()).rejects.toThrow(/division by zero/);
    expect(inUse()).toBe(0);
    const { rows } = await ctx.pool.query<{ ok: number }>('select 1 as ok');
    expect(rows[0]!.ok).toBe(1);
  });
});

describe('rowsInBatches, a reader that stalls', () => {
  it('loses its transaction after the idle timeout: the next batch fails, the process and the pool go on', async () => {
    const batches = rowsInBatches<{ n: number }>(
      ctx.pool,
      sql`select n from generate_series(1, ${10_000}::int) n`,
      100,
      { idleTimeoutMs: 200 },
    );
    expect((await batches.next()).value).toHaveLength(100);
    await new Promise((resolve) => setTimeout(resolve, 800));
    await expect(batches.next()).rejects.toThrow();
    expect(inUse()).toBe(0);
    const { rows } = await ctx.pool.query<{ ok: number }>('select 1 as ok');
    expect(rows[0]!.ok).toBe(1);
  });
});
