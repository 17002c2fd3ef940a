import { expandWellnessBlockOccurrences } from '@meetwell/domain';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { identities, users, wellnessBlocks } from '../../db/schema';
import { notifyUser } from '../../realtime/notifications';
import { isRevoked, slackClient } from './slack.client';

type UserRow = typeof users.$inferSelect;
const MINUTE = 60_000;
const DAY = 86_400_000;

export const slackDndJobKey = (userId: string) => `slack_dnd:${userId}`;

/** The user's Slack identity (a user token with dnd:write), or null. */
async function slackIdentity(ctx: AppContext, userId: string) {
  const [identity] = await ctx.db
    .select()
    .from(identities)
    .where(and(eq(identities.userId, userId), eq(identities.provider, 'slack')))
    .limit(1);
  return identity ?? null;
}

/**
 * Re-plans the user's snoozes now (after a Wellness block change, or when DnD is switched on). Switched off,
 * the planned snooze is dropped and a running one ended, so notifications come back at once.
 */
export async function refreshSlackSnooze(ctx: AppContext, user: Pick<UserRow, 'id' | 'dndSlack'>) {
  if (user.dndSlack === true) {
    await ctx.jobs.enqueue('slack_dnd_user', { userId: user.id }, { jobKey: slackDndJobKey(user.id) });
    return;
  }
  await ctx.jobs.cancel(slackDndJobKey(user.id));
  const identity = await slackIdentity(ctx, user.id);
  if (!identity?.accessTokenEnc) return;
  try {
    await slackClient(ctx, ctx.secrets.decrypt(identity.accessTokenEnc)).dnd.endSnooze();
  } catch (error) {
    // snooze_not_active means there was nothing to end; a revoked token means Slack is gone for this user.
    if (isRevoked(error)) await disconnectSlack(ctx, user.id);
  }
}

/** Forgets a Slack connection the workspace no longer honours (dnd_slack back to null: not connected). */
export async function disconnectSlack(ctx: AppContext, userId: string) {
  await ctx.db.delete(identities).where(and(eq(identities.userId, userId), eq(identities.provider, 'slack')));
  await ctx.db.update(users).set({ dndSlack: null, updatedAt: ctx.now() }).where(eq(users.id, userId));
}

export type SnoozeOutcome = { snoozedMinutes: number | null; nextAt: Date | null; skipped?: string };

/**
 * While a Wellness block occurrence runs, the user's Slack notifications are snoozed until it ends (back-to-back
 * occurrences count as one); then the job is planned again for the next occurrence's start (job key per user,
 * so there is one plan per user). Snoozing twice for the same end is harmless: Slack keeps one snooze.
 */
export async function runSlackSnooze(ctx: AppContext, userId: string): Promise<SnoozeOutcome> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (user?.dndSlack !== true) return { snoozedMinutes: null, nextAt: null, skipped: 'off' };
  const identity = await slackIdentity(ctx, userId);
  if (!identity?.accessTokenEnc) return { snoozedMinutes: null, nextAt: null, skipped: 'not_connected' };
  const now = ctx.now().getTime();
  const blocks = await ctx.db.select().from(wellnessBlocks).where(eq(wellnessBlocks.userId, userId));
  const occurrences = expandWellnessBlockOccurrences(blocks, {
    from: now - DAY,
    to: now + 8 * DAY,
    timeZone: user.timeZone,
  });
  let end: number | null = null;
  for (const o of occurrences) {
    if (end === null ? o.start <= now && o.end > now : o.start <= end + MINUTE)
      end = Math.max(end ?? 0, o.end);
  }
  let snoozedMinutes: number | null = null;
  if (end !== null) {
    snoozedMinutes = Math.max(1, Math.ceil((end - now) / MINUTE));
    try {
      await slackClient(ctx, ctx.secrets.decrypt(identity.accessTokenEnc)).dnd.setSnooze({
        num_minutes: snoozedMinutes,
      });
    } catch (error) {
      if (!isRevoked(error)) throw error;
      await disconnectSlack(ctx, userId);
      await notifyUser(ctx, userId, {
        kind: 'slack',
        level: 'warning',
        title: 'Slack disconnected',
        message:
          'Slack no longer accepts our access. Connect Slack again to snooze notifications during Wellness blocks.',
      });
      return { snoozedMinutes: null, nextAt: null, skipped: 'revoked' };
    }
  }
  const after = end ?? now;
  const next = occurrences.find((o) => o.start > after);
  const nextAt = next ? new Date(next.start) : null;
  if (nextAt) {
    await ctx.jobs.enqueue('slack_dnd_user', { userId }, { jobKey: slackDndJobKey(userId), runAt: nextAt });
  }
  return { snoozedMinutes, nextAt };
}
