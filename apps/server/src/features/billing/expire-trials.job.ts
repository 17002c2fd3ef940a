import { defineJob } from '../../jobs/define';
import { jobPayloads } from '../../jobs/payloads';
import { expireTrials } from './trials';

/** Every hour: members of companies whose trial ended without a plan are deactivated (idempotent). */
export const expireTrialsJob = defineJob({
  name: 'expire_trials',
  payload: jobPayloads.expire_trials,
  maxAttempts: 3,
  cron: { schedule: '23 * * * *' },
  async run(_payload, { ctx, logger }) {
    const deactivated = await expireTrials(ctx.db, ctx.now());
    if (deactivated.length) logger.info(`deactivated ${deactivated.length} members of expired trials`);
  },
});
