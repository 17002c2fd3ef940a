import type { AgendaItem, MeetingResource, Objective, PreworkItem } from '@meetwell/domain';
import { and, asc, ne } from 'drizzle-orm';
import { inValues } from '../../db/bulk';
import type { Database } from '../../db/client';
import {
  actions,
  agendaItems,
  attendees,
  type meetings,
  objectives,
  preworkItems,
  wellnessBlocks,
} from '../../db/schema';

type MeetingRow = typeof meetings.$inferSelect;
type AgendaRow = typeof agendaItems.$inferSelect;
type ObjectiveRow = typeof objectives.$inferSelect;
type PreworkRow = typeof preworkItems.$inferSelect;

function groupBy<T extends { meetingId: string }>(rows: T[]) {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const list = map.get(row.meetingId) ?? [];
    list.push(row);
    map.set(row.meetingId, list);
  }
  return map;
}

const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;

const byOrganizerThenEmail = (
  a: { organizer: boolean; email: string },
  b: { organizer: boolean; email: string },
) => Number(b.organizer) - Number(a.organizer) || (a.email < b.email ? -1 : a.email > b.email ? 1 : 0);

/** Items as the contract shows them (embedded in a meeting, and as the item routes' resources). */
export const presentAgendaItem = (i: AgendaRow): AgendaItem => ({
  id: i.id,
  meeting_id: i.meetingId,
  description: i.description,
  duration_in_mins: i.durationInMins,
  position: i.position,
  status: i.status,
  source: i.source,
  owner_name: i.ownerName,
  owner_id: i.ownerId,
  time_spent_in_secs: i.timeSpentInSecs,
  started_at: iso(i.startedAt),
  ended_at: iso(i.endedAt),
});

export const presentObjective = (o: ObjectiveRow): Objective => ({
  id: o.id,
  meeting_id: o.meetingId,
  description: o.description,
  position: o.position,
  status: o.status,
  source: o.source,
});

export const presentPreworkItem = (p: PreworkRow): PreworkItem => ({
  id: p.id,
  meeting_id: p.meetingId,
  description: p.description,
  url: p.url,
  timebox: p.timebox,
  position: p.position,
  status: p.status,
  source: p.source,
});

/**
 * Meetings as the API shows them (the contract's meetings resource), with attendees, items, block and action,
 * in 5 queries.
 */
export async function presentMeetings(db: Database, rows: MeetingRow[]): Promise<MeetingResource[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((m) => m.id);
  const blockIds = rows.map((m) => m.wellnessBlockId).filter((id): id is string => Boolean(id));
  const [attendeeRows, agendaRows, objectiveRows, preworkRows, actionRows, blockRows] = await Promise.all([
    db
      .select()
      .from(attendees)
      .where(inValues(attendees.meetingId, ids, 'uuid')),
    db
      .select()
      .from(agendaItems)
      .where(and(inValues(agendaItems.meetingId, ids, 'uuid'), ne(agendaItems.status, 'deleted')))
      .orderBy(asc(agendaItems.position), asc(agendaItems.createdAt)),
    db
      .select()
      .from(objectives)
      .where(and(inValues(objectives.meetingId, ids, 'uuid'), ne(objectives.status, 'deleted')))
      .orderBy(asc(objectives.position), asc(objectives.createdAt)),
    db
      .select()
      .from(preworkItems)
      .where(and(inValues(preworkItems.meetingId, ids, 'uuid'), ne(preworkItems.status, 'deleted')))
      .orderBy(asc(preworkItems.position), asc(preworkItems.createdAt)),
    db
      .select()
      .from(actions)
      .where(inValues(actions.meetingId, ids, 'uuid')),
    blockIds.length
      ? db
          .select({ id: wellnessBlocks.id, category: wellnessBlocks.category })
          .from(wellnessBlocks)
          .where(inValues(wellnessBlocks.id, blockIds, 'uuid'))
      : Promise.resolve([]),
  ]);
  const attendeesBy = groupBy(attendeeRows);
  const agendaBy = groupBy(agendaRows);
  const objectivesBy = groupBy(objectiveRows);
  const preworkBy = groupBy(preworkRows);
  const actionBy = new Map(actionRows.map((a) => [a.meetingId, a]));
  const blockCategory = new Map(blockRows.map((b) => [b.id, b.category]));

  return rows.map((m): MeetingResource => {
    const evaluation = m.evaluation;
    const action = actionBy.get(m.id);
    return {
      type: 'meetings',
      id: m.id,
      attributes: {
        summary: m.summary,
        description: m.description,
        location: m.location,
        conference_url: m.conferenceUrl,
        starts_at: m.startsAt.toISOString(),
        ends_at: m.endsAt.toISOString(),
        all_day: m.allDay,
        recurring_meeting: m.recurringMeeting,
        status: m.status,
        score: m.score,
        quality_label: m.qualityLabel,
        // Both given by the domain's grade rule when the meeting was evaluated (evaluation/grades.ts).
        letter_grade: evaluation?.letter_grade ?? null,
        not_scored_reason: evaluation?.not_scored_reason ?? null,
        results: evaluation?.results ?? {},
        details_positive: evaluation?.details_positive ?? [],
        details_negative: evaluation?.details_negative ?? [],
        details_maybe: evaluation?.details_maybe ?? [],
        // The organizer first, then by address (the provider's own order is not kept).
        attendees: (attendeesBy.get(m.id) ?? []).sort(byOrganizerThenEmail).map((a) => ({
          email: a.email,
          name: a.name,
          role: a.organizer ? 'organizer' : (a.role ?? 'attendee'),
          optional: a.optional,
          status: a.responseStatus,
          self: a.isSelf,
        })),
        attendees_count: m.attendeesCount,
        organizer_email: m.organizerEmail
          ? { email: m.organizerEmail, domain: m.organizerDomain, name: m.organizerName }
          : null,
        response_status: m.responseStatus,
        user_optional: m.userOptional,
        cost: m.cost,
        duration: m.durationSeconds,
        intention: m.intention,
        category: m.category,
        skip_evaluation: m.skipEvaluation,
        wellness_blockable: m.maybeWellnessBlock === 'true',
        wellness_block_id: m.wellnessBlockId,
        wellness_block_category: m.wellnessBlockId ? (blockCategory.get(m.wellnessBlockId) ?? null) : null,
        maybe_wellness_block: m.maybeWellnessBlock,
        maybe_wellness_block_category: m.maybeWellnessBlockCategory,
        event_report_card_id: m.eventReportCardId,
        non_compliance_action:
          action?.status === 'scheduled' || action?.status === 'done' ? action.action : m.nonComplianceAction,
        /** What became of the meeting's auto-balance action: scheduled, done, ignored, prevented, failed… */
        action_status: action?.status ?? null,
        compliant: m.compliant,
        compliance_deadline: iso(action?.complianceDeadline ?? m.complianceDeadline),
        edit_permission: m.editPermission,
        metadata_importable: m.editPermission,
        calendar_id: m.calendarId,
        agenda_items: (agendaBy.get(m.id) ?? []).map(presentAgendaItem),
        objectives: (objectivesBy.get(m.id) ?? []).map(presentObjective),
        prework_items: (preworkBy.get(m.id) ?? []).map(presentPreworkItem),
      },
    };
  });
}
