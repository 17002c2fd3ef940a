import { z } from 'zod';
import { defineJob } from '../../jobs/define';
import { warmReports } from './warm-reports';

/** Keeps report roll-ups built after changes, so no Review read builds them (features/reports/rollups.ts). */
export const warmReportsJob = defineJob({
  name: 'warm_reports',
  payload: z.object({ userId: z.uuid() }),
  maxAttempts: 5,
  async run({ userId }, { ctx }) {
    await warmReports(ctx, userId);
  },
});
