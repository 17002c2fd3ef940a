import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { type users, wellnessBlocks } from '../../db/schema';
import { reevaluateUserJobKey } from '../evaluation/reevaluate-user.job';
import { refreshSlackSnooze } from '../slack/snooze';

type UserRow = typeof users.$inferSelect;

/** The user's blocks, oldest first. */
export async function userBlocks(ctx: AppContext, userId: string) {
  return ctx.db
    .select()
    .from(wellnessBlocks)
    .where(eq(wellnessBlocks.userId, userId))
    .orderBy(asc(wellnessBlocks.createdAt));
}

/** After any change: every meeting of the user is scored again (and auto-balance decides again), DnD follows. */
export async function afterChange(ctx: AppContext, user: UserRow) {
  await ctx.jobs.enqueue('reevaluate_user', { userId: user.id }, { jobKey: reevaluateUserJobKey(user.id) });
  await refreshSlackSnooze(ctx, user);
}
