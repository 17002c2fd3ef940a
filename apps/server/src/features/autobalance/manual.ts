import { type NonComplianceAction, takeActionRefusal } from '@meetwell/domain';
import { and, eq } from 'drizzle-orm';
import { requirePlanAllows } from '../../auth/policies';
import type { AppContext } from '../../context';
import { actions, meetings } from '../../db/schema';
import { AppError } from '../../http/errors';
import { reevaluateMeetings } from '../evaluation/reevaluate';
import { decideMeeting } from './decide';
import { reconcileUser } from './engine';
import { loadMeetingsAround, loadUserContext, type UserRow } from './inputs';

const SKIP_REASONS: Record<string, string> = {
  not_scored: 'This meeting was cancelled.',
  answered: 'You already declined this meeting.',
  compliant: 'This meeting meets your standards: there is nothing to ask of its organizer.',
  no_conflict_violation: 'This meeting has no conflict to tell its organizer about.',
};

/**
 * The take-action panel's choice for one meeting (remind, decline, their conflict variants, or do nothing).
 * Reminding or declining by hand needs a plan that allows manual actions (403 otherwise); doing nothing does not.
 * The choice is decided before it is saved: one that cannot act is refused with the reason (409) and changes
 * nothing; one that acts is saved and carried out at once (the action row exists when this returns, its mail
 * and decline are queued), so the panel's confirmation is true.
 */
export async function chooseManualAction(
  ctx: AppContext,
  user: UserRow,
  meeting: typeof meetings.$inferSelect,
  choice: NonComplianceAction,
) {
  if (choice !== 'do_nothing') {
    const context = await loadUserContext(ctx, user.id);
    if (!context) throw new AppError('not_found', 'The user does not exist.');
    requirePlanAllows(context.plan, 'manual_actions');
    const around = await loadMeetingsAround(ctx, context, {
      from: meeting.startsAt,
      to: meeting.endsAt,
      ids: [meeting.id],
    });
    const decision = decideMeeting({ ...meeting, nonComplianceAction: choice }, context, around, ctx.now());
    if (!decision.act) {
      const evaluation = meeting.evaluation as { details_negative?: string[] } | null;
      const refusal =
        (decision.skipReason === 'not_actionable'
          ? takeActionRefusal({
              meeting: {
                startsAt: meeting.startsAt,
                score: meeting.score,
                detailsNegative: evaluation?.details_negative ?? [],
                organizerEmail: meeting.organizerEmail,
              },
              user: {
                email: user.email,
                domainsAllowlist: user.domainsAllowlist,
                organizerDenylist: user.organizerDenylist,
              },
              company: context.company,
              now: ctx.now(),
            })
          : SKIP_REASONS[decision.skipReason ?? '']) ?? 'Nothing can be done about this meeting.';
      throw new AppError('conflict', refusal);
    }
  }
  await ctx.db.update(meetings).set({ nonComplianceAction: choice }).where(eq(meetings.id, meeting.id));
  await reevaluateMeetings(ctx, user.id, [meeting.id]);
  // Carried out now, not when the debounced engine run comes: the answer tells the truth.
  await reconcileUser(ctx, user.id, { meetingIds: [meeting.id] });
  const [action] = await ctx.db
    .select()
    .from(actions)
    .where(and(eq(actions.meetingId, meeting.id), eq(actions.userId, user.id)));
  if (choice !== 'do_nothing' && (!action || !['scheduled', 'done'].includes(action.status))) {
    throw new AppError('conflict', 'This meeting could not be acted on. Please try again.');
  }
  return action ?? null;
}
