import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { defineJob } from '../../jobs/define';
import { jobPayloads } from '../../jobs/payloads';
import { runSlackSnooze, slackDndJobKey } from './snooze';

/** Snoozes the user's Slack during the current Wellness block occurrence, then plans the next one. */
export const slackDndUserJob = defineJob({
  name: 'slack_dnd_user',
  payload: jobPayloads.slack_dnd_user,
  maxAttempts: 4,
  async run({ userId }, { ctx }) {
    await runSlackSnooze(ctx, userId);
  },
});

/**
 * Every 15 minutes: each user with Slack do-not-disturb on gets a plan if they have none (a pending plan keeps
 * its time), so switching it on, a lost job or a restart is caught up within 15 minutes.
 */
export const slackDndSweepJob = defineJob({
  name: 'slack_dnd_sweep',
  payload: jobPayloads.slack_dnd_sweep,
  maxAttempts: 1,
  cron: { schedule: '*/15 * * * *' },
  async run(_payload, { ctx }) {
    const rows = await ctx.db.select({ id: users.id }).from(users).where(eq(users.dndSlack, true));
    for (const { id } of rows) {
      await ctx.jobs.enqueue(
        'slack_dnd_user',
        { userId: id },
        { jobKey: slackDndJobKey(id), jobKeyMode: 'preserve_run_at' },
      );
    }
  },
});
