import { findMeetingConflicts, isPaidPlan } from '@meetwell/domain';
import { and, eq, gt } from 'drizzle-orm';
import { ownMeeting } from '../../auth/policies';
import { ProviderError } from '../../calendars/types';
import type { AppContext } from '../../context';
import { actions, meetings } from '../../db/schema';
import { AppError } from '../../http/errors';
import { hashToken } from '../../lib/crypto';
import { broadcastToUser } from '../../realtime/broadcast';
import { notifyUser } from '../../realtime/notifications';
import { reevaluateMeetings } from '../evaluation/reevaluate';
import { closeAction, enqueueActionEmail } from './action-jobs';
import { actionsWithMeetings } from './action-rows';
import { loadMeetingsAround, loadUserContext, type UserRow } from './inputs';
import { recordOwnResponse } from './own-response';
import { prepareResponse } from './provider';
import { actionsSharingMail } from './team-occurrence';

/**
 * Ignore a (future) action = accept the meeting for the user: through the provider when the calendar can
 * answer, locally otherwise; the action becomes 'ignored' (final) and its decline job is removed. On a paid
 * plan with meeting_conflict 'block', a meeting that overlaps one already accepted cannot be accepted
 * (docs/spec/SCORING.md §6): 409.
 */
export async function acceptMeeting(ctx: AppContext, user: UserRow, meetingId: string) {
  const meeting = await ownMeeting(ctx.db, user.id, meetingId);
  const context = await loadUserContext(ctx, user.id);
  if (context && isPaidPlan(context.plan) && context.effective.action.meeting_conflict === 'block') {
    const around = await loadMeetingsAround(ctx, context, {
      from: meeting.startsAt,
      to: meeting.endsAt,
      ids: [meeting.id],
    });
    const conflicts = findMeetingConflicts(
      {
        id: meeting.id,
        eventKey: meeting.eventKey,
        start: meeting.startsAt.getTime(),
        end: meeting.endsAt.getTime(),
      },
      around.neighbours,
    );
    if (conflicts?.length) {
      throw new AppError(
        'conflict',
        `This meeting overlaps "${conflicts[0]?.summary ?? 'another meeting'}", which you already accepted. Your meeting standards prevent accepting both.`,
      );
    }
  }
  try {
    const responder = await prepareResponse(ctx, meeting, 'accepted');
    if (responder.mode === 'provider') await responder.call();
  } catch (error) {
    if (error instanceof ProviderError) {
      throw new AppError('bad_request', `Your calendar did not take the answer: ${error.message}`);
    }
    throw error;
  }
  await recordOwnResponse(ctx, meeting, 'accepted');
  const [action] = await ctx.db.select().from(actions).where(eq(actions.meetingId, meeting.id));
  if (action?.status === 'scheduled') await closeAction(ctx, action.id, 'ignored');
  else if (action?.status === 'cancelled') {
    await ctx.db
      .update(actions)
      .set({ status: 'ignored', updatedAt: ctx.now() })
      .where(and(eq(actions.id, action.id), eq(actions.status, 'cancelled')));
  }
  // An accepted meeting now conflicts with its neighbours (and is no longer unanswered).
  await reevaluateMeetings(ctx, user.id, [meeting.id]);
  await broadcastToUser(ctx.pubsub, 'MeetingRefreshChannel', user.id, {
    type: 'meeting_updated',
    meeting_id: meeting.id,
  });
  const [row] = await ctx.db.select().from(meetings).where(eq(meetings.id, meeting.id));
  return row!;
}

/** The action a prevent-decline token opens: known, unexpired (until the compliance deadline), a decline. */
export async function findActionByToken(ctx: AppContext, token: string) {
  if (!token || token.length > 200) return null;
  const [row] = await actionsWithMeetings(
    ctx.db,
    and(eq(actions.preventTokenHash, hashToken(token)), gt(actions.preventTokenExpiresAt, ctx.now())),
  );
  return row ?? null;
}

/**
 * The organizer prevents the decline: scheduled → prevented (once), the decline job removed, the user told
 * the organizer's notes (notification and mail). The warning spoke for every team member attending that
 * occurrence, so its link prevents each of their declines. Preventing again returns the same answer.
 */
export async function preventDecline(ctx: AppContext, token: string, notes: string) {
  const found = await findActionByToken(ctx, token);
  if (!found) return null;
  if (found.action.status === 'prevented') return found;
  if (found.action.status !== 'scheduled') {
    throw new AppError(
      'conflict',
      'This meeting can no longer be changed: it was already declined, accepted or cancelled.',
    );
  }
  const prevented = await preventOne(ctx, found, notes);
  const team = await actionsSharingMail(ctx, found.action, found.meeting, 'decline_warning');
  for (const share of team) {
    if (share.action.id !== found.action.id && share.action.status === 'scheduled') {
      await preventOne(ctx, share, notes);
    }
  }
  if (!prevented) return findActionByToken(ctx, token);
  return { action: prevented, meeting: found.meeting };
}

async function preventOne(
  ctx: AppContext,
  found: { action: typeof actions.$inferSelect; meeting: typeof meetings.$inferSelect },
  notes: string,
) {
  const prevented = await closeAction(ctx, found.action.id, 'prevented', { organizerNotes: notes });
  if (!prevented) return null;
  const who = found.action.organizerEmail ?? 'The organizer';
  await notifyUser(ctx, found.action.userId, {
    kind: 'decline_prevented',
    title: 'Decline prevented',
    message: notes
      ? `${who} prevented the decline of "${found.meeting.summary}": ${notes}`
      : `${who} prevented the decline of "${found.meeting.summary}".`,
  });
  await enqueueActionEmail(ctx, prevented, 'decline_prevented');
  await broadcastToUser(ctx.pubsub, 'MeetingRefreshChannel', found.action.userId, {
    type: 'action_prevented',
    meeting_id: found.meeting.id,
  });
  return prevented;
}
