import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';

const dialect = new PgDialect();

/**
 * A query's rows in batches of `size`, read through a server-side cursor (DECLARE … CURSOR in a read-only
 * transaction, on a connection of its own): a result of hundreds of thousands of rows is never whole in this
 * process, and the event loop turns between batches. Stopping early (`return()`, as a destroyed stream does)
 * closes the cursor and gives the connection back.
 */
export async function* rowsInBatches<T extends pg.QueryResultRow>(
  pool: pg.Pool,
  query: SQL,
  size = 2_000,
): AsyncGenerator<T[], void, undefined> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('begin read only');
    await client.query({ text: `declare rows_in_batches no scroll cursor for ${text}`, values: params });
    for (;;) {
      const { rows } = await client.query<T>(
        `fetch forward ${Math.max(1, Math.floor(size))} from rows_in_batches`,
      );
      if (rows.length > 0) yield rows;
      if (rows.length < size) break;
    }
  } finally {
    await client.query('rollback').catch((error: Error) => {
      broken = error;
    });
    client.release(broken);
  }
}
