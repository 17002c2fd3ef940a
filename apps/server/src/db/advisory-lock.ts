import type pg from 'pg';

/**
 * Runs `run` while holding a PostgreSQL session advisory lock on (namespace, hashtext(key)), on a connection of
 * its own: a second caller with the same key (another worker, another process) waits until the first is done.
 * A process that dies releases it with its connection.
 */
export async function withAdvisoryLock<T>(
  pool: pg.Pool,
  namespace: number,
  key: string,
  run: () => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let locked = false;
  let unlockFailed = false;
  try {
    await client.query('select pg_advisory_lock($1, hashtext($2))', [namespace, key]);
    locked = true;
    return await run();
  } finally {
    if (locked) {
      await client.query('select pg_advisory_unlock($1, hashtext($2))', [namespace, key]).catch(() => {
        unlockFailed = true;
      });
    }
    // A connection that could not unlock is closed, which frees the lock.
    client.release(unlockFailed || undefined);
  }
}
