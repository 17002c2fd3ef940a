import { execFileSync } from 'node:child_process';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './test/context';
import { lowerDatabasePriority, WORKER_NICENESS } from './worker-process';

/**
 * The job worker's sessions on the embedded PostgreSQL run at its lower priority, set as each connects, without
 * a query of its own on the client: graphile-worker starts its LISTEN in the pool's connect callback, and a
 * query still running then is a use of the client pg deprecates (pg 9 throws).
 */
let ctx: TestContext;
let pool: pg.Pool;
const warnings: Error[] = [];
const onWarning = (warning: Error) => warnings.push(warning);

beforeAll(async () => {
  ctx = await createTestContext();
  process.on('warning', onWarning);
});

afterAll(async () => {
  process.off('warning', onWarning);
  await pool?.end();
  await ctx?.close();
});

/** A process's niceness and its parent's (for a database session: the PostgreSQL server's). */
function niceness(pid: number): number {
  return Number(execFileSync('ps', ['-o', 'ni=', '-p', String(pid)], { encoding: 'utf8' }));
}
function parentOf(pid: number): number {
  return Number(execFileSync('ps', ['-o', 'ppid=', '-p', String(pid)], { encoding: 'utf8' }));
}

describe('lowerDatabasePriority', () => {
  it('lowers each new session at once, and the pool user queries the client at once', async () => {
    pool = new pg.Pool({ connectionString: ctx.databaseUrl, max: 2 });
    lowerDatabasePriority(pool, ctx.databaseUrl);
    // As graphile-worker listens: a query in the connect callback, before anything else could finish.
    const { client, pid } = await new Promise<{ client: pg.PoolClient; pid: number }>((resolve, reject) =>
      pool.connect((error, client) => {
        if (error || !client) return reject(error);
        client
          .query<{ pid: number }>('select pg_backend_pid() as pid')
          .then(({ rows }) => resolve({ client, pid: rows[0]!.pid }), reject);
      }),
    );
    client.release();
    expect(niceness(pid)).toBe(WORKER_NICENESS);
    // pg warns on the next tick after the second query was queued.
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings.map((w) => w.message)).toEqual([]);
  });

  it('leaves the sessions of another machine’s PostgreSQL as they are', async () => {
    const remote = new pg.Pool({ connectionString: ctx.databaseUrl, max: 1 });
    lowerDatabasePriority(remote, ctx.databaseUrl.replace(/@[^:/]+/, '@db.example.com'));
    try {
      const { rows } = await remote.query<{ pid: number }>('select pg_backend_pid() as pid');
      expect(niceness(rows[0]!.pid)).toBe(niceness(parentOf(rows[0]!.pid)));
    } finally {
      await remote.end();
    }
  });
});
