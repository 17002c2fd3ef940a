/** The meetings resource of the API (GET /api/v1/meetings, /meetings/:id) as the web app reads it. */

export type ItemKind = 'agenda_items' | 'objectives' | 'prework_items';

export interface AgendaItem {
  id: string;
  meeting_id?: string;
  description: string;
  duration_in_mins: number | null;
  position: number;
  status: string | null;
  source?: string | null;
  owner_name?: string | null;
  owner_id?: string | null;
  time_spent_in_secs: number | null;
  started_at: string | null;
  ended_at: string | null;
}

export interface Objective {
  id: string;
  meeting_id?: string;
  description: string;
  position: number;
  status: string | null;
  source?: string | null;
}

export interface PreworkItem {
  id: string;
  meeting_id?: string;
  description: string;
  url: string | null;
  timebox: number | null;
  position: number;
  status: string | null;
  source?: string | null;
}

export type MeetingItem = AgendaItem | Objective | PreworkItem;

export interface ItemsByKind {
  agenda_items: AgendaItem;
  objectives: Objective;
  prework_items: PreworkItem;
}

export interface Attendee {
  email: string;
  name: string | null;
  role: string | null;
  optional: boolean | null;
  status: string | null;
  self: boolean | null;
}

export interface RuleResult {
  score: number;
  weight: number;
  points: number;
  letter_grade: string | null;
}

export interface MeetingAttributes {
  summary: string | null;
  description: string | null;
  location: string | null;
  conference_url: string | null;
  starts_at: string;
  ends_at: string;
  all_day: boolean;
  recurring_meeting: boolean | null;
  status: string | null;
  score: number | null;
  quality_label: string | null;
  letter_grade: string | null;
  not_scored_reason: string | null;
  results: Record<string, RuleResult> | null;
  details_positive: string[] | null;
  details_negative: string[] | null;
  details_maybe: string[] | null;
  attendees: Attendee[] | null;
  attendees_count: number | null;
  organizer_email: { email: string; domain: string | null; name: string | null } | null;
  response_status: string | null;
  cost: number | null;
  /** Seconds. */
  duration: number | null;
  intention: string | null;
  skip_evaluation: boolean | null;
  wellness_blockable: boolean | null;
  wellness_block_id: string | null;
  wellness_block_category: string | null;
  /** 'true' while it is a possible Wellness block; 'verified_true' / 'verified_false' once answered. */
  maybe_wellness_block: string | null;
  maybe_wellness_block_category: string | null;
  event_report_card_id: string | null;
  non_compliance_action: string | null;
  /** The auto-balance action's state: scheduled, done, cancelled, ignored, prevented, failed (null: none). */
  action_status?: string | null;
  compliant: boolean | null;
  compliance_deadline: string | null;
  edit_permission: boolean | null;
  calendar_id: string | null;
  agenda_items: AgendaItem[] | null;
  objectives: Objective[] | null;
  prework_items: PreworkItem[] | null;
}

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
