/**
 * Meeting evaluation (docs/spec/SCORING.md §2–§4): a pure function of the meeting, the settings, the Wellness block
 * occurrences and the other meetings. Hot path: epoch milliseconds only, no dayjs, no regex unless needed.
 */

import { findMeetingConflicts, isCancelledStatus } from '../conflicts/meeting-conflicts';
import { isAllDayMs } from '../conflicts/overlap';
import {
  type BlockOccurrenceIndex,
  findBlockConflicts,
  indexBlockOccurrences,
  isBlockOccurrenceIndex,
} from '../conflicts/wellness-blocks';
import { EVALUATED_RULE_KEYS, RULE_WEIGHTS_OUT_OF_100, type RuleKey } from '../constants/rules';
import { HOUR_MS, MINUTE_MS, toMs, toMsOrNull } from '../lib/time';
import { detectConferenceLink } from '../parser/conference';
import { detectIntention } from '../parser/intention';
import type { EvaluationSettings, RuleSettings } from '../settings/settings';
import { letterGrade, qualityLabel, scoreColor, scoreTier } from './grades';
import { SENTENCES } from './sentences';
import type {
  EvaluationContext,
  ItemInput,
  MeetingEvaluation,
  MeetingInput,
  NotScoredReason,
  RuleContext,
  RuleOutcome,
  RuleResult,
} from './types';

export const NOT_SCORED_REASON_LABELS: Readonly<Record<NotScoredReason, string>> = {
  cancelled: 'Cancelled',
  all_day: 'All-day meetings are not scored',
  skipped: 'Evaluation skipped',
  possible_wellness_block: 'Possible Wellness block',
  wellness_block: 'Wellness block',
  daily_report: 'Daily report card',
  too_few_attendees: 'Fewer than two people',
  all_hands: 'All-hands meetings are ignored',
};

/** Number of people in a meeting, organizer included. */
export function peopleCount(
  meeting: Pick<MeetingInput, 'attendeesCount' | 'attendees' | 'organizerEmail'>,
): number {
  const count = meeting.attendeesCount;
  if (typeof count === 'number' && Number.isFinite(count)) return count;
  const attendees = meeting.attendees ?? [];
  const organizer = typeof meeting.organizerEmail === 'string' ? meeting.organizerEmail.toLowerCase() : '';
  let listed = !organizer;
  for (const a of attendees)
    if (!listed && typeof a?.email === 'string' && a.email.toLowerCase() === organizer) listed = true;
  return attendees.length + (listed ? 0 : 1);
}

/** The intention in force: the one set on the meeting, else the one its title suggests. */
export function effectiveIntention(meeting: Pick<MeetingInput, 'intention' | 'summary'>): string | null {
  return typeof meeting.intention === 'string' && meeting.intention.length > 0
    ? meeting.intention
    : detectIntention(meeting.summary);
}

function reasonFor(
  meeting: MeetingInput,
  ignoreAllHands: boolean,
  start: number,
  end: number,
  intention: string | null | undefined,
): NotScoredReason | null {
  if (isCancelledStatus(meeting.status)) return 'cancelled';
  if (!(end > start) || isAllDayMs(meeting.allDay, start, end)) return 'all_day';
  if (meeting.skipEvaluation) return 'skipped';
  if (meeting.maybeWellnessBlock === 'true' || meeting.maybeWellnessBlock === true)
    return 'possible_wellness_block';
  if (meeting.wellnessBlockId) return 'wellness_block';
  if (meeting.eventReportCardId) return 'daily_report';
  if (peopleCount(meeting) < 2) return 'too_few_attendees';
  if (ignoreAllHands && (intention === undefined ? effectiveIntention(meeting) : intention) === 'all_hands')
    return 'all_hands';
  return null;
}

/**
 * Why a meeting is not scored (docs/spec/SCORING.md §2), or null when it is. Checked in this order: cancelled/deleted,
 * all day (flag, ≥ 6 hours, or unreadable times), evaluation skipped, possible Wellness block, a Wellness
 * block's own event, a daily report event, fewer than two people, all hands while ignored.
 */
export function notScoredReason(
  meeting: MeetingInput,
  settings: Pick<EvaluationSettings, 'ignore_all_hands_meetings'>,
): NotScoredReason | null {
  return reasonFor(
    meeting,
    !!settings.ignore_all_hands_meetings,
    toMs(meeting.startsAt),
    toMs(meeting.endsAt),
    undefined,
  );
}

function countActive(items: readonly ItemInput[] | null | undefined): number {
  if (!items) return 0;
  let n = 0;
  for (const item of items) if (item && item.status !== 'deleted') n++;
  return n;
}

function hasItems(
  own: readonly ItemInput[] | null | undefined,
  parsed: readonly unknown[] | undefined,
): boolean {
  if (own) return countActive(own) > 0;
  return (parsed?.length ?? 0) > 0;
}

function hasConferenceInfo(meeting: MeetingInput): boolean {
  if (typeof meeting.conferenceUrl === 'string' && meeting.conferenceUrl.trim()) return true;
  if (typeof meeting.location === 'string' && meeting.location.trim()) return true;
  if (meeting.parsedDescription) return meeting.parsedDescription.conference !== null;
  return detectConferenceLink(meeting.description) !== null;
}

function blockIndexOf(context: RuleContext): BlockOccurrenceIndex | null {
  const blocks = context.blockOccurrences;
  if (!blocks) return null;
  return isBlockOccurrenceIndex(blocks) ? blocks : indexBlockOccurrences(blocks);
}

/** Rule outcomes with their sentences, in display order. */
export interface RuleRun {
  keys: RuleKey[];
  outcomes: RuleOutcome[];
  sentences: string[];
}

function limitOf(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
}

/** Receives each rule outcome (a class, not a closure: no allocation per evaluation). */
interface RuleSink {
  add(key: RuleKey, outcome: RuleOutcome, sentence: string): void;
}

class RunSink implements RuleSink, RuleRun {
  keys: RuleKey[] = [];
  outcomes: RuleOutcome[] = [];
  sentences: string[] = [];
  add(key: RuleKey, outcome: RuleOutcome, sentence: string): void {
    this.keys.push(key);
    this.outcomes.push(outcome);
    this.sentences.push(sentence);
  }
}

function applyRules(
  meeting: MeetingInput,
  context: RuleContext,
  start: number,
  end: number,
  intention: string | null | undefined,
  sink: RuleSink,
): void {
  const s: RuleSettings = context.settings;
  if (s.focus_block_conflict === 'block') {
    const index = blockIndexOf(context);
    const conflicts = index ? findBlockConflicts(index, start, end, meeting.wellnessBlockId) : null;
    if (conflicts) sink.add('focus_block_conflict', 'fail', SENTENCES.focusBlockFail(conflicts));
    else sink.add('focus_block_conflict', 'pass', SENTENCES.focusBlockPass);
  }
  if (s.meeting_conflict === 'block') {
    const conflicts = findMeetingConflicts(
      { id: meeting.id, eventKey: meeting.eventKey, start, end },
      context.otherMeetings,
    );
    if (conflicts) sink.add('meeting_conflict', 'fail', SENTENCES.meetingFail(conflicts));
    else sink.add('meeting_conflict', 'pass', SENTENCES.meetingPass);
  }
  const lastMinute = limitOf(s.last_minute_schedule);
  if (lastMinute !== null) {
    const invitedAt = toMsOrNull(meeting.invitedAt);
    if (invitedAt === null) sink.add('last_minute_schedule', 'maybe', SENTENCES.lastMinuteMaybe);
    else if (start - invitedAt > lastMinute * HOUR_MS)
      sink.add('last_minute_schedule', 'pass', SENTENCES.lastMinutePass(lastMinute));
    else sink.add('last_minute_schedule', 'fail', SENTENCES.lastMinuteFail(lastMinute));
  }
  const maxAttendees = limitOf(s.max_attendees);
  if (maxAttendees !== null) {
    const people = peopleCount(meeting);
    if (people <= maxAttendees)
      sink.add('max_attendees', 'pass', SENTENCES.maxAttendeesPass(people, maxAttendees));
    else sink.add('max_attendees', 'fail', SENTENCES.maxAttendeesFail(people, maxAttendees));
  }
  const maxDuration = limitOf(s.desired_duration);
  if (maxDuration !== null) {
    const minutes = (end - start) / MINUTE_MS;
    if (minutes <= maxDuration)
      sink.add('desired_duration', 'pass', SENTENCES.durationPass(minutes, maxDuration));
    else sink.add('desired_duration', 'fail', SENTENCES.durationFail(minutes, maxDuration));
  }
  const parsed = meeting.parsedDescription ?? undefined;
  if (s.required_agenda === true) {
    if (hasItems(meeting.agendaItems, parsed?.agendaItems))
      sink.add('required_agenda', 'pass', SENTENCES.agendaPass);
    else sink.add('required_agenda', 'fail', SENTENCES.agendaFail);
  }
  if (s.required_intention === true) {
    if (intention === undefined ? effectiveIntention(meeting) : intention)
      sink.add('required_intention', 'pass', SENTENCES.intentionPass);
    else sink.add('required_intention', 'fail', SENTENCES.intentionFail);
  }
  if (s.required_conference_info === true) {
    if (hasConferenceInfo(meeting)) sink.add('required_conference_info', 'pass', SENTENCES.conferencePass);
    else sink.add('required_conference_info', 'fail', SENTENCES.conferenceFail);
  }
  if (s.required_objectives === true) {
    if (hasItems(meeting.objectives, parsed?.objectives))
      sink.add('required_objectives', 'pass', SENTENCES.objectivesPass);
    else sink.add('required_objectives', 'fail', SENTENCES.objectivesFail);
  }
  if (s.required_prework === true) {
    if (hasItems(meeting.preworkItems, parsed?.preworkItems))
      sink.add('required_prework', 'pass', SENTENCES.preworkPass);
    else sink.add('required_prework', 'fail', SENTENCES.preworkFail);
  }
}

/**
 * Run every rule the settings enable on a meeting (whatever its scored status). Used with evaluation
 * settings for the score and with action settings for compliance.
 */
export function runRules(meeting: MeetingInput, context: RuleContext): RuleRun {
  const sink = new RunSink();
  applyRules(meeting, context, toMs(meeting.startsAt), toMs(meeting.endsAt), undefined, sink);
  return sink;
}

/**
 * The meeting score from rule outcomes: round(Σ weight × rule score / Σ weight) over the rules with a weight
 * that passed (100) or failed (0); 100 when there is none. Weights are out of 100 (RULE_WEIGHTS_OUT_OF_100).
 */
export function scoreFromOutcomes(outcomes: Partial<Record<RuleKey, RuleOutcome>>): number {
  let weighted = 0;
  let total = 0;
  for (const key of EVALUATED_RULE_KEYS) {
    const outcome = outcomes[key];
    if (outcome !== 'pass' && outcome !== 'fail') continue;
    const weight = RULE_WEIGHTS_OUT_OF_100[key];
    if (weight <= 0) continue;
    total += weight;
    if (outcome === 'pass') weighted += weight * 100;
  }
  return total === 0 ? 100 : Math.round(weighted / total);
}

const PASS_RESULT_CACHE = new Map<RuleKey, RuleResult>();
const FAIL_RESULT_CACHE = new Map<RuleKey, RuleResult>();

function ruleResult(key: RuleKey, pass: boolean): RuleResult {
  const cache = pass ? PASS_RESULT_CACHE : FAIL_RESULT_CACHE;
  let result = cache.get(key);
  if (!result) {
    const score = pass ? 100 : 0;
    const weight = RULE_WEIGHTS_OUT_OF_100[key];
    result = Object.freeze({
      score,
      weight,
      points: (weight * score) / 100,
      letter_grade: letterGrade(score),
    });
    cache.set(key, result);
  }
  return result;
}

function notScored(reason: NotScoredReason): MeetingEvaluation {
  return {
    score: null,
    not_scored_reason: reason,
    quality_label: null,
    letter_grade: null,
    tier: null,
    color: null,
    results: {},
    details_positive: [],
    details_negative: [],
    details_maybe: [],
    outcomes: {},
    failed_rules: [],
    violations: {},
  };
}

/** Builds an evaluation's results, details and sums as the rules report. */
class EvaluationSink implements RuleSink {
  results: Partial<Record<RuleKey, RuleResult>> = {};
  outcomes: Partial<Record<RuleKey, RuleOutcome>> = {};
  violations: Partial<Record<RuleKey, string>> = {};
  positive: string[] = [];
  negative: string[] = [];
  maybe: string[] = [];
  failed: RuleKey[] = [];
  weighted = 0;
  total = 0;

  add(key: RuleKey, outcome: RuleOutcome, sentence: string): void {
    this.outcomes[key] = outcome;
    if (outcome === 'maybe') {
      this.maybe.push(sentence);
      return;
    }
    const pass = outcome === 'pass';
    this.results[key] = ruleResult(key, pass);
    const weight = RULE_WEIGHTS_OUT_OF_100[key];
    if (weight > 0) {
      this.total += weight;
      if (pass) this.weighted += weight * 100;
    }
    if (pass) {
      this.positive.push(sentence);
    } else {
      this.negative.push(sentence);
      this.failed.push(key);
      this.violations[key] = sentence;
    }
  }
}

/**
 * Evaluate a meeting for its user (docs/spec/SCORING.md §2–§4). Deterministic: the same inputs give the same result.
 * `results` entries are frozen and shared between evaluations: copy before mutating.
 */
export function evaluateMeeting(meeting: MeetingInput, context: EvaluationContext): MeetingEvaluation {
  const start = toMs(meeting.startsAt);
  const end = toMs(meeting.endsAt);
  const settings = context.settings;
  const intention =
    settings.ignore_all_hands_meetings || settings.required_intention === true
      ? effectiveIntention(meeting)
      : undefined;
  const reason = reasonFor(meeting, !!settings.ignore_all_hands_meetings, start, end, intention);
  if (reason) return notScored(reason);
  const sink = new EvaluationSink();
  applyRules(meeting, context, start, end, intention, sink);
  const score = sink.total === 0 ? 100 : Math.round(sink.weighted / sink.total);
  return {
    score,
    not_scored_reason: null,
    quality_label: qualityLabel(score),
    letter_grade: letterGrade(score),
    tier: scoreTier(score),
    color: scoreColor(score),
    results: sink.results,
    details_positive: sink.positive,
    details_negative: sink.negative,
    details_maybe: sink.maybe,
    outcomes: sink.outcomes,
    failed_rules: sink.failed,
    violations: sink.violations,
  };
}
