/** Inputs and outputs of a meeting evaluation. */

import type { OtherMeetingInput } from '../conflicts/meeting-conflicts';
import type { BlockOccurrence, BlockOccurrenceIndex } from '../conflicts/wellness-blocks';
import type { RuleKey } from '../constants/rules';
import type { TimeInput } from '../lib/time';
import type { ParsedDescription } from '../parser/description';
import type { EvaluationSettings, RuleSettings } from '../settings/settings';
import type { LetterGrade, QualityLabel, ScoreTier } from './grades';

export interface AttendeeInput {
  email: string;
  optional?: boolean | null;
  /** accepted | tentative | declined | needsAction */
  responseStatus?: string | null;
}

/** An agenda item, objective or pre-work item: only its status matters to the rules. */
export interface ItemInput {
  /** 'deleted' items do not count. */
  status?: string | null;
}

/**
 * One meeting as one user sees it. Field names follow the meetings table (camelCase); only startsAt and
 * endsAt are required.
 */
export interface MeetingInput {
  id?: string | null;
  /** Identifies the event across users and calendars (team statistics, self-conflicts). */
  eventKey?: string | null;
  summary?: string | null;
  /** Used only to look for a video link when conferenceUrl and parsedDescription are both absent. */
  description?: string | null;
  location?: string | null;
  /** A video-conference link from the provider's conference data or from the parsed description. */
  conferenceUrl?: string | null;
  startsAt: TimeInput;
  endsAt: TimeInput;
  allDay?: boolean | null;
  /** confirmed | tentative | cancelled | deleted */
  status?: string | null;
  /** People invited, organizer included (attendees_count). When missing: attendees (+ the organizer if not listed). */
  attendeesCount?: number | null;
  attendees?: readonly AttendeeInput[] | null;
  organizerEmail?: string | null;
  /** The user's own answer: accepted | tentative | declined | needsAction (auto-balance acts on unanswered only). */
  responseStatus?: string | null;
  /** The user is an optional attendee (auto-balance acts on required attendees only). */
  userOptional?: boolean | null;
  recurringMeeting?: boolean | null;
  /** When the meeting was created or the user invited; null/undefined: unknown (last_minute_schedule is maybe). */
  invitedAt?: TimeInput | null;
  /** Chosen or detected intention; when missing it is detected from the summary. */
  intention?: string | null;
  skipEvaluation?: boolean | null;
  /** 'true' (or true) while it is a possible Wellness block; 'verified_true' / 'verified_false' once decided. */
  maybeWellnessBlock?: string | boolean | null;
  /** Set when the event is a Wellness block's own calendar event (never scored, never conflicts with its block). */
  wellnessBlockId?: string | null;
  /** Set on the daily report card events the product writes. */
  eventReportCardId?: string | null;
  /** Items attached to the meeting (parsed and added in the app). When a list is missing, parsedDescription's is used. */
  agendaItems?: readonly ItemInput[] | null;
  objectives?: readonly ItemInput[] | null;
  preworkItems?: readonly ItemInput[] | null;
  parsedDescription?: ParsedDescription | null;
}

/** What an evaluation needs besides the meeting. */
export interface EvaluationContext {
  settings: EvaluationSettings;
  /** The user's Wellness block occurrences around the meeting (expandWellnessBlockOccurrences), or their index. */
  blockOccurrences?: readonly BlockOccurrence[] | BlockOccurrenceIndex | null;
  /** The user's other meetings around it (the meeting itself may be in the list: it is skipped). */
  otherMeetings?: readonly OtherMeetingInput[] | null;
}

/** The context of a compliance check: the same, with any rule settings (the action settings). */
export interface RuleContext extends Omit<EvaluationContext, 'settings'> {
  settings: RuleSettings;
}

export type RuleOutcome = 'pass' | 'fail' | 'maybe';

/** One rule's entry in `results` (docs/spec/SCORING.md §4). */
export interface RuleResult {
  /** 100 (pass) or 0 (fail). */
  score: number;
  /** Out of 100, e.g. 20. */
  weight: number;
  /** weight × score / 100. */
  points: number;
  letter_grade: LetterGrade;
}

export type NotScoredReason =
  | 'cancelled'
  | 'all_day'
  | 'skipped'
  | 'possible_wellness_block'
  | 'wellness_block'
  | 'daily_report'
  | 'too_few_attendees'
  | 'all_hands';

/**
 * The evaluation of a meeting. Attribute names are the API's (snake_case), so it can be stored and sent as is.
 * A meeting that is not scored has score null, a not_scored_reason and no results or details.
 */
export interface MeetingEvaluation {
  score: number | null;
  not_scored_reason: NotScoredReason | null;
  quality_label: QualityLabel | null;
  letter_grade: LetterGrade | null;
  tier: ScoreTier | null;
  color: string | null;
  /** The rules that passed or failed (a maybe has no score and is only in details_maybe). */
  results: Partial<Record<RuleKey, RuleResult>>;
  details_positive: string[];
  details_negative: string[];
  details_maybe: string[];
  /** Every rule that ran, with its outcome. */
  outcomes: Partial<Record<RuleKey, RuleOutcome>>;
  /** The failed rules, in display order, and the sentence of each (the map actions store as details_negative). */
  failed_rules: RuleKey[];
  violations: Partial<Record<RuleKey, string>>;
}

/**
 * What is kept of an evaluation beside the meeting (its `evaluation` column): the API's results and details,
 * and the grade and reason the grade rule gave. Older rows may lack the last fields.
 */
export type StoredEvaluation = Pick<
  MeetingEvaluation,
  'results' | 'details_positive' | 'details_negative' | 'details_maybe'
> &
  Partial<Pick<MeetingEvaluation, 'not_scored_reason' | 'letter_grade' | 'violations'>>;
