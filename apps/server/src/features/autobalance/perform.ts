import { PRODUCT_NAME } from '@meetwell/domain';
import { and, eq, isNull } from 'drizzle-orm';
import { NeedsPermissionError } from '../../auth/oidc/access-token';
import type { AppContext } from '../../context';
import { actions } from '../../db/schema';
import { broadcastToUser } from '../../realtime/broadcast';
import { notifyUser } from '../../realtime/notifications';
import { actionPaused } from '../calendars/connection-health/paused';
import { reevaluateMeetings } from '../evaluation/reevaluate';
import { displayName, sendActionEmail, sendDeclineWarning } from './action-emails';
import { type ActionRow, closeAction, isDeclineAction, scheduleDecline } from './action-jobs';
import { loadActionWithOwner } from './action-rows';
import { decideMeeting, notifyFlags } from './decide';
import { loadMeetingsAround, loadUserContext, type MeetingRow } from './inputs';
import { recordOwnResponse } from './own-response';
import { isRetryableNotApplied, prepareResponse } from './provider';

/** The decline waits for its warning to be confirmed sent; the job retries. */
class WarningNotConfirmedError extends Error {
  constructor(actionId: string) {
    super(`The decline warning of action ${actionId} is not confirmed sent yet; the decline waits for it.`);
  }
}

const title = (summary: string) => `"${summary || 'Untitled meeting'}"`;

async function loadAction(ctx: AppContext, actionId: string) {
  return (await loadActionWithOwner(ctx.db, actionId)) ?? null;
}

async function userNotices(ctx: AppContext, userId: string) {
  const context = await loadUserContext(ctx, userId);
  return notifyFlags(context?.effective.action.reminder_email ?? 'no_email');
}

/**
 * After the organizer's reminder went out: the remind action is done (scheduled → done, once), the user is told
 * (one notice, when their reminder_email preference asks for any), and the app refreshes. The notice is sent
 * again on a retry until it is in the emails table, whoever did the transition.
 */
export async function completeReminder(
  ctx: AppContext,
  actionId: string,
  options: { announce?: boolean } = {},
): Promise<'done' | 'skipped'> {
  const [done] = await ctx.db
    .update(actions)
    .set({ status: 'done', performedAt: ctx.now(), updatedAt: ctx.now() })
    .where(and(eq(actions.id, actionId), eq(actions.status, 'scheduled')))
    .returning();
  const row = await loadAction(ctx, actionId);
  if (row?.action.status !== 'done' || isDeclineAction(row.action.action)) return 'skipped';
  if (done) {
    if (options.announce !== false) {
      await notifyUser(ctx, row.owner.id, {
        kind: 'auto_balance',
        title: 'Organizer reminded',
        message: `We reminded ${row.action.organizerEmail} that ${title(row.action.meetingSummary)} needs changes.`,
      });
    }
    await broadcastToUser(ctx.pubsub, 'MeetingRefreshChannel', row.owner.id, {
      type: 'action_done',
      meeting_id: row.meeting.id,
    });
  }
  // The user hears of a reminder that went out (once for a series), not of one that had nothing new to say.
  const notices = await userNotices(ctx, row.owner.id);
  if (options.announce !== false && (notices.before || notices.after))
    await sendActionEmail(ctx, actionId, 'post_action');
  return done ? 'done' : 'skipped';
}

/** The organizer's decline notice and the user's post-action notice; idempotent (keyed mail). */
async function afterDecline(ctx: AppContext, action: ActionRow) {
  await sendActionEmail(ctx, action.id, 'decline_notice');
  if ((await userNotices(ctx, action.userId)).after) await sendActionEmail(ctx, action.id, 'post_action');
}

export type DeclineOutcome =
  | 'declined'
  | 'declined_locally'
  | 'already_done'
  | 'taken'
  | 'cancelled'
  | 'rescheduled'
  | 'failed'
  | 'paused'
  | 'skipped';

/**
 * Declines a meeting at its compliance deadline, at most once:
 * 1. decide again with fresh data: compliant, answered, prevented or ignored meanwhile → cancelled; the deadline
 *    moved later → rescheduled;
 * 2. claim: UPDATE … SET status='done' WHERE status='scheduled' RETURNING — one caller wins, the others stop;
 * 3. only the winner calls the provider. A failure that certainly did not apply (429, expired token, or before
 *    the call) puts the action back to scheduled and throws, so the job retries; any other failure is final
 *    ('failed'): retrying an uncertain decline could decline twice;
 * 4. performed_at is set, the meeting marked declined, the user notified, then the keyed mails.
 * A retry that finds the decline performed only completes the mails.
 */
export async function performDecline(ctx: AppContext, actionId: string): Promise<DeclineOutcome> {
  const row = await loadAction(ctx, actionId);
  if (!row) return 'skipped';
  const { action, meeting, owner } = row;
  if (action.status === 'done' && action.performedAt && isDeclineAction(action.action)) {
    await afterDecline(ctx, action);
    return 'already_done';
  }
  if (action.status !== 'scheduled') return 'skipped';
  // Its calendar cannot be read: no decline on stale data. The action stays planned; a good read resumes it.
  if (await actionPaused(ctx, action.id)) return 'paused';

  const now = ctx.now();
  const fresh = await decideAgain(ctx, row, now);
  if (typeof fresh === 'string') return fresh;
  const { current, decision } = fresh;
  if ((await warnOrganizer(ctx, row, current, now)) === 'failed') return 'failed';
  if (decision.notifyUserBefore) await sendActionEmail(ctx, action.id, 'pre_action');

  const [claimed] = await ctx.db
    .update(actions)
    .set({ status: 'done', performedAt: null, detailsNegative: decision.violations, updatedAt: now })
    .where(and(eq(actions.id, action.id), eq(actions.status, 'scheduled')))
    .returning();
  if (!claimed) return 'taken';

  const violations = Object.values(decision.violations);
  const mode = await declineInCalendar(ctx, row, current, violations);
  if (mode === 'failed') return 'failed';

  const [performed] = await ctx.db
    .update(actions)
    .set({ performedAt: ctx.now(), updatedAt: ctx.now() })
    .where(eq(actions.id, action.id))
    .returning();
  await recordOwnResponse(ctx, meeting, 'declined');
  await notifyUser(ctx, owner.id, {
    kind: 'auto_balance',
    title: 'Meeting declined',
    message: `We declined ${title(current.summary)} for you: ${violations.join('; ')}.`,
  });
  await broadcastToUser(ctx.pubsub, 'MeetingRefreshChannel', owner.id, {
    type: 'action_done',
    meeting_id: meeting.id,
  });
  // A declined meeting no longer conflicts with its neighbours.
  await reevaluateMeetings(ctx, owner.id, [meeting.id]);
  await afterDecline(ctx, performed ?? claimed);
  return mode === 'provider' ? 'declined' : 'declined_locally';
}

type LoadedAction = NonNullable<Awaited<ReturnType<typeof loadAction>>>;

/**
 * Step 1: the meeting decided again with fresh data: no longer to be declined → the action is cancelled; its
 * deadline moved later → rescheduled; else the meeting as it is now, and the decision.
 */
async function decideAgain(ctx: AppContext, { action, meeting, owner }: LoadedAction, now: Date) {
  const context = await loadUserContext(ctx, owner.id);
  if (!context) return 'skipped' as const;
  const around = await loadMeetingsAround(ctx, context, {
    from: meeting.startsAt,
    to: meeting.endsAt,
    ids: [meeting.id],
  });
  const current = around.targets[0];
  const decision = current ? decideMeeting(current, context, around, now) : null;
  if (!current || !decision?.act || !decision.declineAt) {
    await closeAction(ctx, action.id, 'cancelled');
    return 'cancelled' as const;
  }
  if (decision.declineAt.getTime() > now.getTime() + 5_000) {
    await scheduleDecline(ctx, action, decision.declineAt);
    return 'rescheduled' as const;
  }
  return { current, decision };
}

/**
 * The organizer hears of it before it happens (the warning job may not have run yet when the deadline was
 * already past at first detection): both are keyed, so this never sends them twice. No decline without a
 * warning confirmed sent: one being sent (or killed mid-send, until its lease runs out) makes this job try
 * again later; one that cannot be delivered stops the decline ('failed').
 */
async function warnOrganizer(
  ctx: AppContext,
  { action, owner }: LoadedAction,
  current: MeetingRow,
  now: Date,
): Promise<'sent' | 'failed'> {
  const warning = await sendDeclineWarning(ctx, action.id);
  if (warning === 'pending') throw new WarningNotConfirmedError(action.id);
  if (warning !== 'undeliverable') return 'sent';
  // The stop and the user's notice in one transaction: a worker killed between them left the action failed
  // and the user never told (the status guard keeps a retry from telling them).
  await ctx.db.transaction(async (tx) => {
    const [stopped] = await tx
      .update(actions)
      .set({ status: 'failed', updatedAt: now })
      .where(and(eq(actions.id, action.id), eq(actions.status, 'scheduled')))
      .returning();
    if (stopped) {
      await notifyUser({ ...ctx, db: tx }, owner.id, {
        kind: 'auto_balance',
        level: 'warning',
        title: 'Not declined',
        message: `We did not decline ${title(current.summary)}: our warning to ${action.organizerEmail} could not be delivered.`,
      });
    }
  });
  return 'failed';
}

/**
 * Step 3, by the winner of the claim only: the decline in the calendar (or locally). A failure that certainly
 * did not apply puts the action back to scheduled and throws (the job retries); any other is final.
 */
async function declineInCalendar(
  ctx: AppContext,
  { action, owner }: LoadedAction,
  current: MeetingRow,
  violations: string[],
): Promise<'provider' | 'local' | 'failed'> {
  const comment = `Declined by ${PRODUCT_NAME} for ${displayName(owner)}: this meeting does not meet their meeting standards (${violations.join('; ')}).`;
  let calledProvider = false;
  try {
    const responder = await prepareResponse(ctx, current, 'declined', comment);
    if (responder.mode === 'provider') {
      calledProvider = true;
      await responder.call();
    }
    return responder.mode;
  } catch (error) {
    const notApplied =
      (!calledProvider && !(error instanceof NeedsPermissionError)) || isRetryableNotApplied(error);
    if (notApplied) {
      await ctx.db
        .update(actions)
        .set({ status: 'scheduled', updatedAt: ctx.now() })
        .where(and(eq(actions.id, action.id), eq(actions.status, 'done'), isNull(actions.performedAt)));
      throw error;
    }
    await ctx.db
      .update(actions)
      .set({ status: 'failed', updatedAt: ctx.now() })
      .where(eq(actions.id, action.id));
    await notifyUser(ctx, owner.id, {
      kind: 'auto_balance',
      level: 'warning',
      title: 'Could not decline',
      message: `We could not decline ${title(current.summary)} in your calendar: ${(error as Error).message}`,
    });
    return 'failed';
  }
}
