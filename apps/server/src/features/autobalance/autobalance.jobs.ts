import { defineJob } from '../../jobs/define';
import { jobPayloads } from '../../jobs/payloads';
import { actionPaused } from '../calendars/connection-health/paused';
import { remindersSettledBy, sendActionEmail } from './action-emails';
import { reconcileUser, sweep } from './engine';
import { completeReminder, performDecline } from './perform';

/** Decides again for one user after an evaluation change (enqueued by reevaluateSpans, debounced per user). */
export const autoBalanceUserJob = defineJob({
  name: 'autobalance_user',
  payload: jobPayloads.autobalance_user,
  maxAttempts: 5,
  // A person whose decisions keep failing is told on the Auto-balance screen, with a way to try again.
  owner: ({ userId }) => userId,
  async run({ userId }, { ctx }) {
    await reconcileUser(ctx, userId);
  },
});

const PAUSABLE_KINDS = new Set<string>(['reminder', 'decline_warning', 'pre_action']);

/** One auto-balance mail (organizer reminder or warning, user notices); at most once per (meeting, kind). */
export const autoBalanceEmailJob = defineJob({
  name: 'autobalance_email',
  payload: jobPayloads.autobalance_email,
  maxAttempts: 8,
  // After syncs, decisions and declines when workers are busy (a decline sends its own warning first).
  priority: 1,
  async run({ actionId, kind }, { ctx }) {
    // Nobody is reminded or warned about a meeting of a calendar that cannot be read: the mail is still due,
    // and the decision after its next good read queues it again. What follows a done decline still goes.
    if (PAUSABLE_KINDS.has(kind) && (await actionPaused(ctx, actionId))) return;
    const result = await sendActionEmail(ctx, actionId, kind);
    // Another worker holds the send, or held it when it died: try again later, when it is sent (a duplicate
    // then) or its claim has outlived the send lease and is taken over.
    if (result === 'in_flight')
      throw new Error(`The ${kind} mail of action ${actionId} is being sent elsewhere.`);
    // The reminder is the whole of a remind action: once it is out (or cannot go out, or was said before),
    // the action is done. A recurring event's reminder goes out once for its dates: every remind action of the
    // series it settles completes, the user is told once.
    if (kind === 'reminder' && result !== 'stale') {
      const announce = result === 'sent' || result === 'outbox';
      for (const id of await remindersSettledBy(ctx, actionId))
        await completeReminder(ctx, id, { announce: announce && id === actionId });
    }
  },
});

/** The decline at the compliance deadline (run_at = deadline, job key per meeting). */
export const autoBalanceDeclineJob = defineJob({
  name: 'autobalance_decline',
  payload: jobPayloads.autobalance_decline,
  maxAttempts: 6,
  async run({ actionId }, { ctx }) {
    await performDecline(ctx, actionId);
  },
});

/** Every 10 minutes: users with meetings in the coming days are decided again, overdue declines run. */
export const autoBalanceSweepJob = defineJob({
  name: 'autobalance_sweep',
  payload: jobPayloads.autobalance_sweep,
  maxAttempts: 1,
  cron: { schedule: '*/10 * * * *' },
  async run(_payload, { ctx }) {
    await sweep(ctx);
  },
});
