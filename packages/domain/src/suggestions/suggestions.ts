/**
 * What would raise a meeting's score: the concrete changes a person or an organizer can make (shorten it, add
 * an agenda, objectives or a conference link, move it out of a Wellness block or a conflict, invite fewer
 * people, give more notice, choose an intention), each tried by re-running the same rules (evaluateMeeting) on
 * the changed meeting. Only changes that raise the score are kept, the largest gain first.
 */
import { findMeetingConflicts } from '../conflicts/meeting-conflicts';
import {
  findBlockConflicts,
  indexBlockOccurrences,
  isBlockOccurrenceIndex,
} from '../conflicts/wellness-blocks';
import type { RuleKey } from '../constants/rules';
import { effectiveIntention, evaluateMeeting, peopleCount } from '../evaluation/evaluate';
import type { LetterGrade } from '../evaluation/grades';
import type { EvaluationContext, ItemInput, MeetingEvaluation, MeetingInput } from '../evaluation/types';
import { formatDate } from '../formats/date';
import { formatDuration, pluralize } from '../formats/duration';
import { HOUR_MS, MINUTE_MS, toMs, toMsOrNull } from '../lib/time';
import { isValidTimeZone, localEpochDay, localMinuteOfDay } from '../lib/tz';

/** The kinds of change, in the order ties are shown (the rules' display order). */
export const SUGGESTION_KINDS = [
  'move',
  'give_notice',
  'trim_attendees',
  'shorten',
  'add_agenda',
  'choose_intention',
  'add_conference',
  'add_objectives',
] as const;
export type SuggestionKind = (typeof SUGGESTION_KINDS)[number];

/** The change itself: enough to apply it again (applySuggestion) and to say it in words. */
export type SuggestionChange =
  | { kind: 'move'; startsAt: number; endsAt: number }
  | { kind: 'give_notice'; hours: number }
  | { kind: 'trim_attendees'; people: number }
  | { kind: 'shorten'; minutes: number }
  | { kind: 'add_agenda' }
  | { kind: 'choose_intention'; intention: string }
  | { kind: 'add_conference' }
  | { kind: 'add_objectives' };

export interface MeetingSuggestion {
  kind: SuggestionKind;
  /** The rule the change makes pass. */
  rule: RuleKey;
  change: SuggestionChange;
  /** 'Shorten to 45 minutes' */
  label: string;
  /** The score and grade of the changed meeting. */
  score: number;
  letter_grade: LetterGrade;
  /** score − the meeting's score now (always > 0). */
  gain: number;
  /** 'Shorten to 45 minutes → 86, B' */
  text: string;
}

export interface SuggestionOptions {
  /** How many to return (default 3; Infinity for all). */
  limit?: number;
  /** The person's zone: a move stays on the same local day, within working hours, and its time is shown in it. */
  timeZone?: string | null;
  /** A move never starts before this instant (epoch ms), when given. */
  now?: number | null;
  /** How many 15-minute steps a move may go either way (default 40: ten hours). */
  maxMoveSteps?: number;
}

/** Each kind in general words, for lists over many meetings (Review's block). */
export const SUGGESTION_KIND_LABELS: Readonly<Record<SuggestionKind, string>> = {
  move: 'Move meetings out of Wellness blocks and conflicts',
  give_notice: 'Invite people earlier',
  trim_attendees: 'Invite fewer people',
  shorten: 'Keep meetings to the desired duration',
  add_agenda: 'Add an agenda',
  choose_intention: 'Choose an intention',
  add_conference: 'Add a conference link or a location',
  add_objectives: 'Add objectives',
};

const KIND_RULE: Readonly<Record<SuggestionKind, RuleKey>> = {
  move: 'focus_block_conflict',
  give_notice: 'last_minute_schedule',
  trim_attendees: 'max_attendees',
  shorten: 'desired_duration',
  add_agenda: 'required_agenda',
  choose_intention: 'required_intention',
  add_conference: 'required_conference_info',
  add_objectives: 'required_objectives',
};

const STEP_MS = 15 * MINUTE_MS;
/** A move keeps the meeting between 8:00 and 18:00 local time. */
const DAY_FROM_MINUTE = 8 * 60;
const DAY_TO_MINUTE = 18 * 60;
const ADDED_ITEM = Object.freeze({ status: 'active' });
/** The intention a suggestion picks (any intention passes the rule; this one is never ignored as all hands). */
const SUGGESTED_INTENTION = 'information';

/** The meeting with the change made. Pure: the meeting passed in is not modified. */
export function applySuggestion(meeting: MeetingInput, change: SuggestionChange): MeetingInput {
  switch (change.kind) {
    case 'move':
      return { ...meeting, startsAt: change.startsAt, endsAt: change.endsAt };
    case 'give_notice':
      return { ...meeting, invitedAt: toMs(meeting.startsAt) - change.hours * HOUR_MS - MINUTE_MS };
    case 'trim_attendees':
      return { ...meeting, attendeesCount: change.people };
    case 'shorten':
      return { ...meeting, endsAt: toMs(meeting.startsAt) + change.minutes * MINUTE_MS };
    case 'add_agenda':
      return { ...meeting, agendaItems: [...activeItems(meeting.agendaItems), ADDED_ITEM] };
    case 'choose_intention':
      return { ...meeting, intention: change.intention };
    case 'add_conference':
      return { ...meeting, conferenceUrl: 'https://conference.link/added' };
    case 'add_objectives':
      return { ...meeting, objectives: [...activeItems(meeting.objectives), ADDED_ITEM] };
  }
}

function activeItems(items: readonly ItemInput[] | null | undefined): ItemInput[] {
  return (items ?? []).filter((item) => item && item.status !== 'deleted');
}

/** The words of a change: 'Shorten to 45 minutes', 'Move to 3:30 pm', 'Invite at most 8 people'. */
export function suggestionLabel(change: SuggestionChange, timeZone?: string | null): string {
  switch (change.kind) {
    case 'move':
      return `Move to ${formatDate(change.startsAt, 'Time', timeZone)}, clear of Wellness blocks and conflicts`;
    case 'give_notice':
      return `Invite people more than ${pluralize(change.hours, 'hour')} ahead`;
    case 'trim_attendees':
      return `Invite at most ${pluralize(change.people, 'person', 'people')}`;
    case 'shorten':
      return `Shorten to ${formatDuration(change.minutes)}`;
    case 'add_agenda':
      return 'Add an agenda';
    case 'choose_intention':
      return 'Choose an intention';
    case 'add_conference':
      return 'Add a conference link or a location';
    case 'add_objectives':
      return 'Add objectives';
  }
}

function positive(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
}

/** The first start, by smallest shift (later first), where the meeting overlaps no block and no meeting. */
function freeSlot(meeting: MeetingInput, context: EvaluationContext, options: SuggestionOptions) {
  const start = toMs(meeting.startsAt);
  const end = toMs(meeting.endsAt);
  const duration = end - start;
  const settings = context.settings;
  const blocks = context.blockOccurrences;
  const index =
    settings.focus_block_conflict === 'block' && blocks
      ? isBlockOccurrenceIndex(blocks)
        ? blocks
        : indexBlockOccurrences(blocks)
      : null;
  const zone = isValidTimeZone(options.timeZone) ? options.timeZone : 'UTC';
  const day = localEpochDay(zone, start);
  const steps = Math.max(0, Math.floor(options.maxMoveSteps ?? 40));
  const now = options.now ?? null;
  for (let step = 1; step <= steps; step++) {
    for (const sign of [1, -1]) {
      const from = start + sign * step * STEP_MS;
      const to = from + duration;
      if (now !== null && from < now) continue;
      if (localEpochDay(zone, from) !== day || localEpochDay(zone, to - 1) !== day) continue;
      if (localMinuteOfDay(zone, from) < DAY_FROM_MINUTE) continue;
      if (localMinuteOfDay(zone, to - 1) >= DAY_TO_MINUTE) continue;
      if (index && findBlockConflicts(index, from, to, meeting.wellnessBlockId)) continue;
      if (
        settings.meeting_conflict === 'block' &&
        findMeetingConflicts(
          { id: meeting.id, eventKey: meeting.eventKey, start: from, end: to },
          context.otherMeetings,
        )
      )
        continue;
      return { startsAt: from, endsAt: to };
    }
  }
  return null;
}

/** The changes worth trying on a meeting whose evaluation failed some rules, in SUGGESTION_KINDS order. */
function candidateChanges(
  meeting: MeetingInput,
  evaluation: MeetingEvaluation,
  context: EvaluationContext,
  options: SuggestionOptions,
): SuggestionChange[] {
  const failed = new Set(evaluation.failed_rules);
  const s = context.settings;
  const changes: SuggestionChange[] = [];
  if (failed.has('focus_block_conflict') || failed.has('meeting_conflict')) {
    const slot = freeSlot(meeting, context, options);
    if (slot) changes.push({ kind: 'move', ...slot });
  }
  const notice = positive(s.last_minute_schedule);
  if (failed.has('last_minute_schedule') && notice !== null && toMsOrNull(meeting.invitedAt) !== null)
    changes.push({ kind: 'give_notice', hours: notice });
  const people = positive(s.max_attendees);
  if (failed.has('max_attendees') && people !== null && people >= 2 && peopleCount(meeting) > people)
    changes.push({ kind: 'trim_attendees', people });
  const minutes = positive(s.desired_duration);
  if (failed.has('desired_duration') && minutes !== null) changes.push({ kind: 'shorten', minutes });
  if (failed.has('required_agenda')) changes.push({ kind: 'add_agenda' });
  if (failed.has('required_intention') && !effectiveIntention(meeting))
    changes.push({ kind: 'choose_intention', intention: SUGGESTED_INTENTION });
  if (failed.has('required_conference_info')) changes.push({ kind: 'add_conference' });
  if (failed.has('required_objectives')) changes.push({ kind: 'add_objectives' });
  return changes;
}

/**
 * The changes that raise the meeting's score most, each with the changed meeting's score and grade, by gain
 * (largest first; equal gains in SUGGESTION_KINDS order). None for a meeting that is not scored or scores 100.
 * Pass `evaluation` when the meeting's evaluation with this context is at hand (it is not computed again).
 */
export function suggestImprovements(
  meeting: MeetingInput,
  context: EvaluationContext,
  options: SuggestionOptions = {},
  evaluation: MeetingEvaluation = evaluateMeeting(meeting, context),
): MeetingSuggestion[] {
  const current = evaluation.score;
  if (current === null || current >= 100) return [];
  const limit = options.limit ?? 3;
  if (!(limit > 0)) return [];
  const found: MeetingSuggestion[] = [];
  for (const change of candidateChanges(meeting, evaluation, context, options)) {
    const changed = evaluateMeeting(applySuggestion(meeting, change), context);
    if (changed.score === null || changed.letter_grade === null || changed.score <= current) continue;
    const label = suggestionLabel(change, options.timeZone);
    found.push({
      kind: change.kind,
      rule:
        change.kind === 'move' && !evaluation.failed_rules.includes('focus_block_conflict')
          ? 'meeting_conflict'
          : KIND_RULE[change.kind],
      change,
      label,
      score: changed.score,
      letter_grade: changed.letter_grade,
      gain: changed.score - current,
      text: `${label} → ${changed.score}, ${changed.letter_grade}`,
    });
  }
  // Array.prototype.sort is stable: equal gains keep the candidates' order.
  found.sort((a, b) => b.gain - a.gain);
  return found.slice(0, limit);
}
