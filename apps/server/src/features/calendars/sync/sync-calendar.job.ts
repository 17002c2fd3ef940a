import { defineJob } from '../../../jobs/define';
import { jobPayloads } from '../../../jobs/payloads';
import { RetryLater, runCalendarSync } from './run-sync';

import { syncJobKey } from './sync-job-key';

export { syncJobKey };

const MAX_DEFERRALS = 12;

export const syncCalendarJob = defineJob({
  name: 'sync_calendar',
  payload: jobPayloads.sync_calendar,
  maxAttempts: 8,
  async run(payload, { ctx, attempt, logger }) {
    try {
      await runCalendarSync(ctx, {
        calendarId: payload.calendarId,
        mode: payload.mode,
        attempt: attempt + payload.deferrals,
      });
    } catch (error) {
      if (!(error instanceof RetryLater) || payload.deferrals >= MAX_DEFERRALS) throw error;
      // The provider asked us to wait: put the sync back at the time it named, instead of burning retries.
      logger.warn(`calendar ${payload.calendarId}: ${error.message}; retrying in ${error.delayMs} ms`);
      await ctx.jobs.enqueue(
        'sync_calendar',
        { ...payload, deferrals: payload.deferrals + 1 },
        {
          jobKey: syncJobKey(payload.calendarId),
          runAt: new Date(ctx.now().getTime() + error.delayMs),
        },
      );
    }
  },
});
