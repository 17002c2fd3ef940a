import { defineJob } from '../../jobs/define';
import { jobPayloads } from '../../jobs/payloads';
import { tendDemoPool } from './pool';
import { removeExpiredDemos } from './seed';

/**
 * Every ten minutes: demo teams older than a day go, with all their data (seed.ts, removeDemoTeams); demos
 * waiting in the pool past their freshness go too, and the pool of each zone visitors came from is topped up
 * (pool.ts, tendDemoPool).
 */
export const demoExpiryJob = defineJob({
  name: 'demo_expiry',
  payload: jobPayloads.demo_expiry,
  maxAttempts: 3,
  cron: { schedule: '*/10 * * * *' },
  async run(_payload, { ctx, logger }) {
    const removed = await removeExpiredDemos(ctx);
    if (removed) logger.info(`removed ${removed} expired demo teams`);
    const stale = await tendDemoPool(ctx);
    if (stale) logger.info(`removed ${stale} stale demo teams from the pool`);
  },
});
