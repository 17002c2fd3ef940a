/**
 * The auto-balance decision for one meeting of one user (docs/spec/SCORING.md §6): is it acted on, and how.
 * The server keeps the "exactly once" part: it sends each (meeting, reminderKind) email once and declines once.
 */
import {
  isNonComplianceAction,
  type NonComplianceAction,
  type ReminderEmailPreference,
} from '../constants/actions';
import { CONFLICT_RULE_KEYS, type RuleGroup, type RuleKey } from '../constants/rules';
import { notScoredReason } from '../evaluation/evaluate';
import type { MeetingInput } from '../evaluation/types';
import { HOUR_MS, msToDate, type TimeInput, toMs } from '../lib/time';
import {
  type ActionSettings,
  DEFAULT_EVALUATION_SETTINGS,
  type EvaluationSettings,
} from '../settings/settings';
import { domainInList, emailDomain, emailInList, normalizeEmail } from '../validation/email';
import { type ComplianceContext, evaluateCompliance } from './compliance';

/** The user's own lists (users.domains_allowlist / organizer_denylist). */
export interface UserLists {
  email: string;
  domainsAllowlist?: readonly string[] | null;
  organizerDenylist?: readonly string[] | null;
}
/** The company's lists (companies.domains_allowlist / organizer_denylist). */
export interface CompanyLists {
  domainsAllowlist?: readonly string[] | null;
  organizerDenylist?: readonly string[] | null;
}

/**
 * The compliance deadline: `hours` before the start, or `now` when that moment has already passed
 * (or when now is not given, the plain start − hours).
 */
export function complianceDeadlineAt(startsAt: TimeInput, hours: number, now?: TimeInput | null): Date {
  const deadline = toMs(startsAt) - (Number.isFinite(hours) && hours > 0 ? hours : 0) * HOUR_MS;
  const nowMs = now === null || now === undefined ? Number.NEGATIVE_INFINITY : toMs(now);
  return msToDate(Math.max(deadline, nowMs));
}

/** Whether the user has not answered the invitation (needsAction, none or unknown). */
export function isUnanswered(responseStatus: string | null | undefined): boolean {
  return (
    !responseStatus ||
    responseStatus === 'needsAction' ||
    responseStatus === 'none' ||
    responseStatus === 'notResponded'
  );
}

/** The organizer is a VIP: on the user's or the company's organizer_denylist. */
export function isVip(
  organizerEmail: string | null | undefined,
  user: UserLists,
  company?: CompanyLists | null,
): boolean {
  if (!organizerEmail) return false;
  return (
    emailInList(organizerEmail, user.organizerDenylist ?? []) ||
    emailInList(organizerEmail, company?.organizerDenylist ?? [])
  );
}

/**
 * The organizer's domain passes the allowlists: always when both lists are empty, else when it is in either
 * (subdomains included).
 */
export function isOrganizerDomainAllowed(
  organizerEmail: string | null | undefined,
  user: UserLists,
  company?: CompanyLists | null,
): boolean {
  const lists = [...(user.domainsAllowlist ?? []), ...(company?.domainsAllowlist ?? [])].filter(
    (d) => typeof d === 'string' && d.trim(),
  );
  if (lists.length === 0) return true;
  return domainInList(emailDomain(organizerEmail), lists);
}

export function isOrganizerTheUser(organizerEmail: string | null | undefined, userEmail: string): boolean {
  const organizer = normalizeEmail(organizerEmail);
  return organizer.length > 0 && organizer === normalizeEmail(userEmail);
}

export type AutoBalanceSkipReason =
  | 'not_scored'
  | 'past'
  | 'optional'
  | 'answered'
  | 'organizer_is_user'
  | 'vip'
  | 'domain_not_allowed'
  | 'compliant'
  | 'do_nothing'
  | 'no_conflict_violation';

export interface AutoBalanceInput {
  meeting: MeetingInput;
  user: UserLists;
  company?: CompanyLists | null;
  actionSettings: ActionSettings;
  /** For the not-scored check (ignore_all_hands_meetings). Default: the recommended settings. */
  evaluationSettings?: EvaluationSettings | null;
  blockOccurrences?: ComplianceContext['blockOccurrences'];
  otherMeetings?: ComplianceContext['otherMeetings'];
  now: TimeInput;
}

export type ReminderKind = 'reminder' | 'decline_warning';

export interface AutoBalanceDecision {
  /** True when something is to be done: an email to the organizer and/or a decline. */
  act: boolean;
  skipReason: AutoBalanceSkipReason | null;
  /** Compliance with the action settings; null when the meeting is not scored. */
  compliant: boolean | null;
  triggeredGroups: RuleGroup[];
  /** The violations the action is about (conflict rules only for the *_conflicts actions). */
  failedRules: RuleKey[];
  /** Their sentences: the action's details_negative map. */
  violations: Partial<Record<RuleKey, string>>;
  action: NonComplianceAction;
  /** The organizer email to send at first detection: 'reminder' (remind*) or 'decline_warning' (decline*). */
  reminderKind: ReminderKind | null;
  /** When to decline (decline* only): the compliance deadline, or now when it has passed. */
  declineAt: Date | null;
  /** compliance_deadline hours before the start, or now when past (set whenever act is true). */
  complianceDeadline: Date | null;
  /** Whether to email the user before and after the action (reminder_email preference). */
  notifyUserBefore: boolean;
  notifyUserAfter: boolean;
}

function notifyFlags(preference: ReminderEmailPreference): { before: boolean; after: boolean } {
  return {
    before: preference === 'pre_and_post' || preference === 'pre_action',
    after: preference === 'pre_and_post' || preference === 'post_action',
  };
}

/** Eligibility of a meeting for automatic action (everything but compliance); null when eligible. */
export function autoBalanceIneligibility(
  meeting: MeetingInput,
  user: UserLists,
  company: CompanyLists | null | undefined,
  now: TimeInput,
): Exclude<
  AutoBalanceSkipReason,
  'not_scored' | 'compliant' | 'do_nothing' | 'no_conflict_violation'
> | null {
  if (!(toMs(meeting.startsAt) > toMs(now))) return 'past';
  if (meeting.userOptional) return 'optional';
  if (!isUnanswered(meeting.responseStatus)) return 'answered';
  if (isOrganizerTheUser(meeting.organizerEmail, user.email)) return 'organizer_is_user';
  if (isVip(meeting.organizerEmail, user, company)) return 'vip';
  if (!isOrganizerDomainAllowed(meeting.organizerEmail, user, company)) return 'domain_not_allowed';
  return null;
}

/**
 * Decide what auto-balance does with a meeting. Order: not scored → skip; compliance is computed for every
 * scored meeting (so `compliant` can be stored); then eligibility; then the action:
 * - do_nothing: nothing;
 * - remind / remind_conflicts: a 'reminder' email listing the failed rules (conflict rules only);
 * - decline / decline_conflicts: a 'decline_warning' email, then a decline at declineAt.
 * The *_conflicts actions act only when a conflict rule is among the failed rules of the triggered groups.
 */
export function decideAutoBalance(input: AutoBalanceInput): AutoBalanceDecision {
  const settings = input.actionSettings;
  const action: NonComplianceAction = isNonComplianceAction(settings.non_compliance_action)
    ? settings.non_compliance_action
    : 'decline';
  const decision: AutoBalanceDecision = {
    act: false,
    skipReason: null,
    compliant: null,
    triggeredGroups: [],
    failedRules: [],
    violations: {},
    action,
    reminderKind: null,
    declineAt: null,
    complianceDeadline: null,
    notifyUserBefore: false,
    notifyUserAfter: false,
  };
  const { meeting } = input;
  if (notScoredReason(meeting, input.evaluationSettings ?? DEFAULT_EVALUATION_SETTINGS)) {
    decision.skipReason = 'not_scored';
    return decision;
  }
  const compliance = evaluateCompliance(meeting, {
    settings,
    blockOccurrences: input.blockOccurrences ?? null,
    otherMeetings: input.otherMeetings ?? null,
  });
  decision.compliant = compliance.compliant;
  decision.triggeredGroups = compliance.triggeredGroups;

  const ineligible = autoBalanceIneligibility(meeting, input.user, input.company, input.now);
  if (ineligible) {
    decision.skipReason = ineligible;
    return decision;
  }
  if (compliance.compliant) {
    decision.skipReason = 'compliant';
    return decision;
  }
  if (action === 'do_nothing') {
    decision.skipReason = 'do_nothing';
    return decision;
  }
  const conflictsOnly = action === 'remind_conflicts' || action === 'decline_conflicts';
  const failedRules = conflictsOnly
    ? compliance.failedRules.filter((k) => (CONFLICT_RULE_KEYS as readonly string[]).includes(k))
    : compliance.failedRules;
  if (failedRules.length === 0) {
    decision.skipReason = 'no_conflict_violation';
    return decision;
  }
  const violations: Partial<Record<RuleKey, string>> = {};
  for (const key of failedRules) violations[key] = compliance.violations[key] as string;
  const deadline = complianceDeadlineAt(meeting.startsAt, settings.compliance_deadline, input.now);
  const declines = action === 'decline' || action === 'decline_conflicts';
  const notify = notifyFlags(settings.reminder_email);
  return {
    ...decision,
    act: true,
    failedRules,
    violations,
    reminderKind: declines ? 'decline_warning' : 'reminder',
    declineAt: declines ? deadline : null,
    complianceDeadline: deadline,
    notifyUserBefore: notify.before,
    notifyUserAfter: notify.after,
  };
}

/**
 * The take-action panel of a meeting (docs/spec/personal-app.md §4) shows when all hold: the meeting is in the future,
 * it has a score and negative details, the organizer is not the user, and the organizer's domain passes
 * the user's or the company's allowlist (when either has entries). Whether the manual actions are enabled
 * is a plan matter: see isPaidPlan.
 */
export function canTakeAction(input: {
  meeting: {
    startsAt: TimeInput;
    score: number | null | undefined;
    detailsNegative?: readonly string[] | null;
    organizerEmail?: string | null;
  };
  user: UserLists;
  company?: CompanyLists | null;
  now: TimeInput;
}): boolean {
  const { meeting, user, company, now } = input;
  if (!(toMs(meeting.startsAt) > toMs(now))) return false;
  if (typeof meeting.score !== 'number') return false;
  if (!meeting.detailsNegative || meeting.detailsNegative.length === 0) return false;
  if (isOrganizerTheUser(meeting.organizerEmail, user.email)) return false;
  return isOrganizerDomainAllowed(meeting.organizerEmail, user, company);
}

/**
 * Why the take-action panel's condition does not hold for a meeting (canTakeAction), as a sentence the panel
 * shows; null when it holds.
 */
export function takeActionRefusal(input: Parameters<typeof canTakeAction>[0]): string | null {
  const { meeting, user, company, now } = input;
  if (!(toMs(meeting.startsAt) > toMs(now))) return 'This meeting has already started.';
  if (typeof meeting.score !== 'number')
    return 'This meeting is not scored: there is nothing to ask of its organizer.';
  if (!meeting.detailsNegative || meeting.detailsNegative.length === 0)
    return 'This meeting meets your standards: there is nothing to ask of its organizer.';
  if (isOrganizerTheUser(meeting.organizerEmail, user.email)) return 'You organize this meeting.';
  if (!isOrganizerDomainAllowed(meeting.organizerEmail, user, company)) {
    const domain = meeting.organizerEmail?.split('@')[1] ?? 'unknown';
    return `The organizer's domain (${domain}) is not in your allowed domains.`;
  }
  return null;
}

/** Future actions past their deadline read 'queued to happen soon' (see FUTURE_ACTION_QUEUED). */
export function isActionQueued(complianceDeadline: TimeInput, now: TimeInput): boolean {
  return toMs(complianceDeadline) <= toMs(now);
}
