import { defineJob } from '../../jobs/define';
import { jobPayloads } from '../../jobs/payloads';
import { removeExpiredDemos } from './seed';

/** Every ten minutes: demo teams older than a day go, with all their data (seed.ts, removeDemoTeams). */
export const demoExpiryJob = defineJob({
  name: 'demo_expiry',
  payload: jobPayloads.demo_expiry,
  maxAttempts: 3,
  cron: { schedule: '*/10 * * * *' },
  async run(_payload, { ctx, logger }) {
    const removed = await removeExpiredDemos(ctx);
    if (removed) logger.info(`removed ${removed} expired demo teams`);
  },
});
