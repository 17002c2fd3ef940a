import { defineJob } from '../../jobs/define';
import { jobPayloads } from '../../jobs/payloads';
import { buildRequestedDays, warmReports } from './warm-reports';

/**
 * Keeps report roll-ups built, so no Review read builds them (features/reports/rollups.ts): a user's and
 * their team's days after a change ({ userId }), or the days a read found missing ({ scopeId, filter, from,
 * to }: the read answered with what was ready and said so).
 */
export const warmReportsJob = defineJob({
  name: 'warm_reports',
  payload: jobPayloads.warm_reports,
  maxAttempts: 5,
  async run(payload, { ctx }) {
    if ('userId' in payload) await warmReports(ctx, payload.userId);
    else await buildRequestedDays(ctx, payload);
  },
});
