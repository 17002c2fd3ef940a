import {
  type AutoBalanceDecision,
  CONFLICT_RULE_KEYS,
  canTakeAction,
  complianceDeadlineAt,
  decideAutoBalance,
  isNonComplianceAction,
  type NonComplianceAction,
  type ReminderEmailPreference,
} from '@meetwell/domain';
import { toMeetingInput } from '../evaluation/meeting-input';
import type { MeetingRow, MeetingsAround, UserContext } from './inputs';

/** What the engine does with one meeting: the domain's decision, plus whether it came from a manual choice. */
export type EngineDecision = Pick<
  AutoBalanceDecision,
  'act' | 'action' | 'reminderKind' | 'declineAt' | 'notifyUserBefore' | 'notifyUserAfter'
> & {
  skipReason: string | null;
  manual: boolean;
  /** Compliance with the action settings (null when not scored); stored on meetings.compliant. */
  compliant: boolean | null;
  /** The details_negative map of the action (rule → sentence). */
  violations: Record<string, string>;
  /** compliance_deadline hours before the start (not moved to now when passed): what the app shows. */
  complianceDeadline: Date | null;
};

/** Whether the user hears before and after an action (the reminder_email preference, by its name). */
export function notifyFlags(preference: ReminderEmailPreference) {
  return {
    before: preference.startsWith('pre_'),
    after: preference.endsWith('_post') || preference === 'post_action',
  };
}

/** A meeting with no agenda items, objectives or prework. */
const NO_ITEMS = { agendaItems: [], objectives: [], preworkItems: [] };

const userLists = (context: UserContext) => ({
  email: context.user.email,
  domainsAllowlist: context.user.domainsAllowlist,
  organizerDenylist: context.user.organizerDenylist,
});
const companyLists = (context: UserContext) =>
  context.company
    ? {
        domainsAllowlist: context.company.domainsAllowlist,
        organizerDenylist: context.company.organizerDenylist,
      }
    : null;

/**
 * Decides one meeting. Automatic: `decideAutoBalance` with the user's action settings. Manual (the user chose
 * the meeting's action on its take-action panel, meetings.non_compliance_action): the choice replaces the
 * setting, and the meeting is acted on while the panel's own condition holds (`canTakeAction`: future,
 * scored with negative details, organizer not the user, domain allowed) and the user has not declined it,
 * about the meeting's evaluation violations (conflicts only for the *_conflicts choices).
 */
export function decideMeeting(
  meeting: MeetingRow,
  context: UserContext,
  around: Pick<MeetingsAround, 'items' | 'neighbours' | 'occurrences'>,
  now: Date,
): EngineDecision {
  const settings = context.effective.action;
  const plainDeadline = complianceDeadlineAt(meeting.startsAt, settings.compliance_deadline);
  const manualChoice = isNonComplianceAction(meeting.nonComplianceAction)
    ? meeting.nonComplianceAction
    : null;
  if (manualChoice) return decideManual(meeting, context, manualChoice, plainDeadline, now);

  const decision = decideAutoBalance({
    meeting: toMeetingInput(meeting, around.items.get(meeting.id) ?? NO_ITEMS),
    user: userLists(context),
    company: companyLists(context),
    actionSettings: settings,
    evaluationSettings: context.effective.evaluation,
    blockOccurrences: around.occurrences,
    otherMeetings: around.neighbours,
    now,
  });
  return {
    act: decision.act,
    action: decision.action,
    reminderKind: decision.reminderKind,
    declineAt: decision.declineAt,
    notifyUserBefore: decision.notifyUserBefore,
    notifyUserAfter: decision.notifyUserAfter,
    skipReason: decision.skipReason,
    manual: false,
    compliant: decision.compliant,
    violations: decision.violations as Record<string, string>,
    complianceDeadline: decision.act ? plainDeadline : null,
  };
}

function decideManual(
  meeting: MeetingRow,
  context: UserContext,
  action: NonComplianceAction,
  plainDeadline: Date,
  now: Date,
): EngineDecision {
  const none: EngineDecision = {
    act: false,
    action,
    reminderKind: null,
    declineAt: null,
    notifyUserBefore: false,
    notifyUserAfter: false,
    skipReason: null,
    manual: true,
    compliant: null,
    violations: {},
    complianceDeadline: null,
  };
  if (action === 'do_nothing') return { ...none, skipReason: 'do_nothing' };
  if (meeting.status === 'cancelled' || meeting.status === 'deleted')
    return { ...none, skipReason: 'not_scored' };
  if (meeting.responseStatus === 'declined') return { ...none, skipReason: 'answered' };
  const evaluation = meeting.evaluation as {
    details_negative?: string[];
    violations?: Record<string, string>;
  } | null;
  const eligible = canTakeAction({
    meeting: {
      startsAt: meeting.startsAt,
      score: meeting.score,
      detailsNegative: evaluation?.details_negative ?? [],
      organizerEmail: meeting.organizerEmail,
    },
    user: userLists(context),
    company: companyLists(context),
    now,
  });
  if (!eligible) return { ...none, skipReason: 'not_actionable' };
  const conflictsOnly = action === 'remind_conflicts' || action === 'decline_conflicts';
  const violations = Object.fromEntries(
    Object.entries(evaluation?.violations ?? {}).filter(
      ([key]) => !conflictsOnly || (CONFLICT_RULE_KEYS as readonly string[]).includes(key),
    ),
  );
  if (Object.keys(violations).length === 0) {
    return { ...none, compliant: true, skipReason: conflictsOnly ? 'no_conflict_violation' : 'compliant' };
  }
  const declines = action === 'decline' || action === 'decline_conflicts';
  const notify = notifyFlags(context.effective.action.reminder_email);
  return {
    ...none,
    act: true,
    compliant: false,
    reminderKind: declines ? 'decline_warning' : 'reminder',
    declineAt: declines
      ? complianceDeadlineAt(meeting.startsAt, context.effective.action.compliance_deadline, now)
      : null,
    notifyUserBefore: notify.before,
    notifyUserAfter: notify.after,
    violations,
    complianceDeadline: plainDeadline,
  };
}
