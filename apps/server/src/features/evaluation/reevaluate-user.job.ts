import { defineJob } from '../../jobs/define';
import { jobPayloads } from '../../jobs/payloads';
import { broadcastToUser } from '../../realtime/broadcast';
import { syncWindow } from '../calendars/sync/window';
import { reevaluateSpans } from './reevaluate';

/** After a settings or Wellness block change: every meeting of the user in the synced window is re-scored. */
export const reevaluateUserJob = defineJob({
  name: 'reevaluate_user',
  payload: jobPayloads.reevaluate_user,
  maxAttempts: 5,
  owner: ({ userId }) => userId,
  async run({ userId }, { ctx }) {
    const window = syncWindow(ctx.now());
    const changed = await reevaluateSpans(ctx, userId, [window]);
    await broadcastToUser(ctx.pubsub, 'MeetingRefreshChannel', userId, {
      type: 'reevaluated',
      changed: changed.length,
    });
  },
});

export const reevaluateUserJobKey = (userId: string) => `reevaluate_user:${userId}`;
