import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';

const dialect = new PgDialect();

/**
 * A query's rows in batches of `size`, read through a server-side cursor (DECLARE … CURSOR in a read-only
 * transaction, on a connection of its own): a result of hundreds of thousands of rows is never whole in this
 * process, and the event loop turns between batches. Stopping early (`return()`, as a destroyed stream does)
 * closes the cursor and gives the connection back. A reader that takes no batch for `idleTimeoutMs` (a
 * download stalled by its client) loses the transaction: PostgreSQL ends it, the next batch fails, and the
 * connection is not kept open for it any longer.
 */
export async function* rowsInBatches<T extends pg.QueryResultRow>(
  pool: pg.Pool,
  query: SQL,
  size = 2_000,
  options: { idleTimeoutMs?: number } = {},
): AsyncGenerator<T[], void, undefined> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const batch = Math.max(1, Math.floor(size));
  const client = await pool.connect();
  // A connection PostgreSQL ends while this holds it (the idle timeout) is not given back to the pool as if
  // it were sound: its error is kept for the release. The reader learns of it through the next batch.
  let broken: Error | undefined;
  const onError = (error: Error) => {
    broken = error;
  };
  client.on('error', onError);
  try {
    await client.query('begin read only');
    const idle = Math.max(1, Math.round(options.idleTimeoutMs ?? 60_000));
    await client.query(`set local idle_in_transaction_session_timeout = ${idle}`);
    await client.query({ text: `declare rows_in_batches no scroll cursor for ${text}`, values: params });
    for (;;) {
      const { rows } = await client.query<T>(`fetch forward ${batch} from rows_in_batches`);
      if (rows.length > 0) yield rows;
      if (rows.length < batch) break;
    }
  } finally {
    if (!broken)
      await client.query('rollback').catch((error: Error) => {
        broken = error;
      });
    client.off('error', onError);
    client.release(broken);
  }
}
