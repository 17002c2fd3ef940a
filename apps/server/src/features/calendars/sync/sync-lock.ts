import type { AppContext } from '../../../context';
import { withAdvisoryLock } from '../../../db/advisory-lock';

/** Advisory-lock namespace of calendar syncs. */
export const SYNC_LOCK_NAMESPACE = 727_020;

/**
 * Runs one calendar's sync alone: a second sync of the same calendar (another worker took a job for it while
 * this one ran) waits here until the first has finished, then reads what changed since. The lock is a
 * PostgreSQL session lock on a connection of its own, so a worker that dies releases it with its connection.
 */
export function withCalendarSyncLock<T>(
  ctx: Pick<AppContext, 'pool'>,
  calendarId: string,
  run: () => Promise<T>,
): Promise<T> {
  return withAdvisoryLock(ctx.pool, SYNC_LOCK_NAMESPACE, calendarId, run);
}
