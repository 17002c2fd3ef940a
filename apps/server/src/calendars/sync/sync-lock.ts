import type { AppContext } from '../../context';

/** Advisory-lock namespace of calendar syncs. */
export const SYNC_LOCK_NAMESPACE = 727_020;

/**
 * Runs one calendar's sync alone: a second sync of the same calendar (another worker took a job for it while
 * this one ran) waits here until the first has finished, then reads what changed since. The lock is a
 * PostgreSQL session lock on a connection of its own, so a worker that dies releases it with its connection.
 */
export async function withCalendarSyncLock<T>(
  ctx: Pick<AppContext, 'pool'>,
  calendarId: string,
  run: () => Promise<T>,
): Promise<T> {
  const client = await ctx.pool.connect();
  let locked = false;
  let unlockFailed = false;
  try {
    await client.query('select pg_advisory_lock($1, hashtext($2))', [SYNC_LOCK_NAMESPACE, calendarId]);
    locked = true;
    return await run();
  } finally {
    if (locked) {
      await client
        .query('select pg_advisory_unlock($1, hashtext($2))', [SYNC_LOCK_NAMESPACE, calendarId])
        .catch(() => {
          unlockFailed = true;
        });
    }
    // A connection that could not unlock is closed, which frees the lock.
    client.release(unlockFailed || undefined);
  }
}
