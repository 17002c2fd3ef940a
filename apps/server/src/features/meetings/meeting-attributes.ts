import type { AgendaItem, MeetingAttributes, Objective, PreworkItem } from '@meetwell/domain';
import type { actions, meetings } from '../../db/schema';

type MeetingRow = typeof meetings.$inferSelect;
type ActionRow = typeof actions.$inferSelect;

/** What a meeting's attributes are read from besides its row (the single-meeting presenter loads them). */
export type MeetingRelations = {
  action: ActionRow | undefined;
  /** The category of the meeting's Wellness block, when it is one. */
  blockCategory: string | null;
  agendaItems: AgendaItem[];
  objectives: Objective[];
  preworkItems: PreworkItem[];
};

/** How the SQL list writes a column's raw text into the document (listMeetingsJson). */
export type ColumnKind = 'text' | 'number' | 'boolean' | 'json';

type Attribute<K extends keyof MeetingAttributes> = {
  /** The column of the list's statement (meetings m, its evaluation e, action a, block b, child lists). */
  column: string;
  kind: ColumnKind;
  /** The same value from a row and its relations (presentMeetings). */
  value: (m: MeetingRow, r: MeetingRelations) => MeetingAttributes[K];
};

/** An instant as JavaScript's toISOString writes it (UTC, milliseconds, Z), so both presenters agree. */
export function isoColumn(column: string) {
  return `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;
const actionTaken = (a: ActionRow | undefined) => a?.status === 'scheduled' || a?.status === 'done';

/**
 * The meeting's API shape, defined once: every attribute of the contract's meeting (the type makes a missing
 * or extra one an error), in the order documents show them, with the SQL column the meetings list reads it
 * from (list-json.ts) and the value the single-meeting presenter gives it (presenter.ts).
 */
export const MEETING_ATTRIBUTES: { [K in keyof MeetingAttributes]: Attribute<K> } = {
  summary: { column: 'm.summary', kind: 'text', value: (m) => m.summary },
  description: { column: 'm.description', kind: 'text', value: (m) => m.description },
  location: { column: 'm.location', kind: 'text', value: (m) => m.location },
  conference_url: { column: 'm.conference_url', kind: 'text', value: (m) => m.conferenceUrl },
  starts_at: { column: isoColumn('m.starts_at'), kind: 'text', value: (m) => m.startsAt.toISOString() },
  ends_at: { column: isoColumn('m.ends_at'), kind: 'text', value: (m) => m.endsAt.toISOString() },
  all_day: { column: 'm.all_day', kind: 'boolean', value: (m) => m.allDay },
  recurring_meeting: { column: 'm.recurring_meeting', kind: 'boolean', value: (m) => m.recurringMeeting },
  status: { column: 'm.status', kind: 'text', value: (m) => m.status },
  score: { column: 'm.score', kind: 'number', value: (m) => m.score },
  quality_label: { column: 'm.quality_label', kind: 'text', value: (m) => m.qualityLabel },
  // Both given by the domain's grade rule when the meeting was evaluated (evaluation/grades.ts).
  letter_grade: { column: 'e.letter_grade', kind: 'text', value: (m) => m.evaluation?.letter_grade ?? null },
  not_scored_reason: {
    column: 'e.not_scored_reason',
    kind: 'text',
    value: (m) => m.evaluation?.not_scored_reason ?? null,
  },
  results: {
    column: "coalesce(e.results, '{}'::json)",
    kind: 'json',
    value: (m) => m.evaluation?.results ?? {},
  },
  details_positive: {
    column: "coalesce(e.details_positive, '[]'::json)",
    kind: 'json',
    value: (m) => m.evaluation?.details_positive ?? [],
  },
  details_negative: {
    column: "coalesce(e.details_negative, '[]'::json)",
    kind: 'json',
    value: (m) => m.evaluation?.details_negative ?? [],
  },
  details_maybe: {
    column: "coalesce(e.details_maybe, '[]'::json)",
    kind: 'json',
    value: (m) => m.evaluation?.details_maybe ?? [],
  },
  // The organizer first, then by address (the provider's own order is not kept): so stored on the row.
  attendees: { column: 'm.attendees', kind: 'json', value: (m) => m.attendees },
  attendees_count: { column: 'm.attendees_count', kind: 'number', value: (m) => m.attendeesCount },
  organizer_email: {
    column: `case when m.organizer_email is null then null else json_build_object(
      'email', m.organizer_email, 'domain', m.organizer_domain, 'name', m.organizer_name) end`,
    kind: 'json',
    value: (m) =>
      m.organizerEmail ? { email: m.organizerEmail, domain: m.organizerDomain, name: m.organizerName } : null,
  },
  response_status: { column: 'm.response_status', kind: 'text', value: (m) => m.responseStatus },
  user_optional: { column: 'm.user_optional', kind: 'boolean', value: (m) => m.userOptional },
  cost: { column: 'm.cost', kind: 'number', value: (m) => m.cost },
  duration: { column: 'm.duration_seconds', kind: 'number', value: (m) => m.durationSeconds },
  intention: { column: 'm.intention', kind: 'text', value: (m) => m.intention },
  category: { column: 'm.category', kind: 'text', value: (m) => m.category },
  skip_evaluation: { column: 'm.skip_evaluation', kind: 'boolean', value: (m) => m.skipEvaluation },
  wellness_blockable: {
    column: "coalesce(m.maybe_wellness_block = 'true', false)",
    kind: 'boolean',
    value: (m) => m.maybeWellnessBlock === 'true',
  },
  wellness_block_id: { column: 'm.wellness_block_id', kind: 'text', value: (m) => m.wellnessBlockId },
  wellness_block_category: {
    column: 'b.category',
    kind: 'text',
    value: (m, r) => (m.wellnessBlockId ? r.blockCategory : null),
  },
  maybe_wellness_block: {
    column: 'm.maybe_wellness_block',
    kind: 'text',
    value: (m) => m.maybeWellnessBlock,
  },
  maybe_wellness_block_category: {
    column: 'm.maybe_wellness_block_category',
    kind: 'text',
    value: (m) => m.maybeWellnessBlockCategory,
  },
  event_report_card_id: { column: 'm.event_report_card_id', kind: 'text', value: (m) => m.eventReportCardId },
  non_compliance_action: {
    column: "case when a.status in ('scheduled', 'done') then a.action else m.non_compliance_action end",
    kind: 'text',
    value: (m, r) => (actionTaken(r.action) ? r.action!.action : m.nonComplianceAction),
  },
  /** What became of the meeting's auto-balance action: scheduled, done, ignored, prevented, failed… */
  action_status: { column: 'a.status', kind: 'text', value: (_m, r) => r.action?.status ?? null },
  compliant: { column: 'm.compliant', kind: 'boolean', value: (m) => m.compliant },
  compliance_deadline: {
    column: isoColumn('coalesce(a.compliance_deadline, m.compliance_deadline)'),
    kind: 'text',
    value: (m, r) => iso(r.action?.complianceDeadline ?? m.complianceDeadline),
  },
  edit_permission: { column: 'm.edit_permission', kind: 'boolean', value: (m) => m.editPermission },
  metadata_importable: { column: 'm.edit_permission', kind: 'boolean', value: (m) => m.editPermission },
  calendar_id: { column: 'm.calendar_id', kind: 'text', value: (m) => m.calendarId },
  agenda_items: { column: "coalesce(ag.list, '[]'::json)", kind: 'json', value: (_m, r) => r.agendaItems },
  objectives: { column: "coalesce(ob.list, '[]'::json)", kind: 'json', value: (_m, r) => r.objectives },
  prework_items: { column: "coalesce(pw.list, '[]'::json)", kind: 'json', value: (_m, r) => r.preworkItems },
};

/** The attributes in document order: [name, definition]. */
export const MEETING_ATTRIBUTE_LIST = Object.entries(MEETING_ATTRIBUTES) as [
  keyof MeetingAttributes,
  Attribute<keyof MeetingAttributes>,
][];

/** A meeting's attributes from its row and relations, in MEETING_ATTRIBUTES' order. */
export function presentMeetingAttributes(m: MeetingRow, r: MeetingRelations): MeetingAttributes {
  const attributes: Record<string, unknown> = {};
  for (const [name, attribute] of MEETING_ATTRIBUTE_LIST) attributes[name] = attribute.value(m, r);
  return attributes as MeetingAttributes;
}
