import { defineJob } from '../../jobs/define';
import { jobPayloads } from '../../jobs/payloads';
import { refillDemoPool } from './pool';

/**
 * After each 'Try the demo' (and with the expiry job's upkeep): demos of the visitor's time zone are built
 * until DEMO_POOL_SIZE are ready (pool.ts). One queue, so refills of several zones seed one demo at a time.
 */
export const demoPoolRefillJob = defineJob({
  name: 'demo_pool_refill',
  payload: jobPayloads.demo_pool_refill,
  queueName: 'demo_pool',
  maxAttempts: 3,
  async run({ timeZone }, { ctx, logger }) {
    const built = await refillDemoPool(ctx, timeZone);
    if (built) logger.info(`built ${built} demo teams ahead for ${timeZone}`);
  },
});
