/**
 * The meetings resource of the API as the web app reads it: the types are the contract's
 * (@meetwell/domain), so a field the server changes fails the type check here too.
 */
import type { MeetingAttributes } from '@meetwell/domain';

export type {
  AgendaItem,
  ApiRuleResult as RuleResult,
  Attendee,
  ItemKind,
  ItemsByKind,
  MeetingAttributes,
  MeetingItem,
  Objective,
  PreworkItem,
} from '@meetwell/domain';

export interface Meeting extends MeetingAttributes {
  id: string;
}

/** What the meeting modal shows: a meeting, the event of a Wellness block, or a daily report event. */
export type MeetingVariant = 'meeting' | 'wellness_block' | 'daily_report';

export function meetingVariant(
  meeting: Pick<Meeting, 'wellness_block_id' | 'event_report_card_id'>,
): MeetingVariant {
  if (meeting.wellness_block_id) return 'wellness_block';
  if (meeting.event_report_card_id) return 'daily_report';
  return 'meeting';
}

/** A possible Wellness block still waiting for an answer. */
export function isPossibleWellnessBlock(
  meeting: Pick<Meeting, 'maybe_wellness_block' | 'wellness_block_id'>,
) {
  return meeting.maybe_wellness_block === 'true' && !meeting.wellness_block_id;
}

/** Items with status deleted are hidden; the rest in position order. */
export function visibleItems<T extends { status: string | null; position: number }>(
  items: readonly T[] | null | undefined,
): T[] {
  return (items ?? []).filter((item) => item.status !== 'deleted').sort((a, b) => a.position - b.position);
}

/**
 * Whether the score applies to the meeting, and so its score-only controls (Present, Skip evaluation, the
 * intention, 'Required' tags) make sense: not for a possible Wellness block waiting for an answer, nor for an
 * event the score does not apply to (all day, cancelled, fewer than two people…). A meeting skipped by choice
 * still does (it can be re-evaluated), and so does one whose evaluation has not come yet.
 */
export function scoreApplies(
  meeting: Pick<
    Meeting,
    'score' | 'not_scored_reason' | 'skip_evaluation' | 'maybe_wellness_block' | 'wellness_block_id'
  >,
): boolean {
  if (isPossibleWellnessBlock(meeting)) return false;
  if (typeof meeting.score === 'number' || meeting.skip_evaluation) return true;
  return !meeting.not_scored_reason || meeting.not_scored_reason === 'skipped';
}
