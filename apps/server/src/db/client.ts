import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';

export type Database = NodePgDatabase<typeof schema>;
export type Db = { db: Database; pool: pg.Pool; url: string; close: () => Promise<void> };

// timestamptz columns come back as Date (drizzle); bigint counts as numbers, which fit our sizes.
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));

export function connectDatabase(url: string, options: { max?: number } = {}): Db {
  // A database that is away answers connects with an error at once (or within 5 s), never a hang.
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, connectionTimeoutMillis: 5_000 });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on next use.
  });
  // A checked-out client whose connection drops must not crash the process: the query using it fails instead.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzle(pool, { schema });
  return { db, pool, url, close: () => pool.end() };
}

/**
 * A transaction on one connection of the pool, given both as drizzle and as the driver's client (for COPY,
 * which drizzle does not speak). Committed when `work` resolves, rolled back when it throws; a connection
 * that cannot even roll back is discarded, not returned to the pool.
 */
export async function transactionWithClient<T>(
  pool: pg.Pool,
  work: (tx: Database, client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('begin');
    const result = await work(drizzle(client, { schema }), client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch((rollbackError: Error) => {
      broken = rollbackError;
    });
    throw error;
  } finally {
    client.release(broken);
  }
}
