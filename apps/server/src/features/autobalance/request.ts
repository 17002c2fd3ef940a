import type { AppContext } from '../../context';
import { autoBalanceUserJobKey } from './keys';

/**
 * Asks the workers to decide again for a user (debounced: one pending run per user; enqueueing again moves it).
 * Called at the end of every re-evaluation (features/evaluation/reevaluate.ts) and after list changes.
 */
export async function requestAutoBalance(ctx: Pick<AppContext, 'jobs'>, userId: string, delayMs = 1_000) {
  await ctx.jobs.enqueue(
    'autobalance_user',
    { userId },
    { jobKey: autoBalanceUserJobKey(userId), runAt: new Date(Date.now() + delayMs) },
  );
}
