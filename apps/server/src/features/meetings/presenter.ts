import type { AgendaItem, MeetingResource, Objective, PreworkItem } from '@meetwell/domain';
import { and, asc, ne } from 'drizzle-orm';
import { inValues } from '../../db/bulk';
import type { Database } from '../../db/client';
import {
  actions,
  agendaItems,
  type meetings,
  objectives,
  preworkItems,
  wellnessBlocks,
} from '../../db/schema';
import { presentMeetingAttributes } from './meeting-attributes';

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
 * Meetings as the API shows them (the contract's meetings resource), with items, block and action, in 5
 * queries; each attribute as meeting-attributes.ts defines it (the meetings list reads the same table).
 */
export async function presentMeetings(db: Database, rows: MeetingRow[]): Promise<MeetingResource[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((m) => m.id);
  const blockIds = rows.map((m) => m.wellnessBlockId).filter((id): id is string => Boolean(id));
  const [agendaRows, objectiveRows, preworkRows, actionRows, blockRows] = await Promise.all([
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
  const agendaBy = groupBy(agendaRows);
  const objectivesBy = groupBy(objectiveRows);
  const preworkBy = groupBy(preworkRows);
  const actionBy = new Map(actionRows.map((a) => [a.meetingId, a]));
  const blockCategory = new Map(blockRows.map((b) => [b.id, b.category]));

  return rows.map(
    (m): MeetingResource => ({
      type: 'meetings',
      id: m.id,
      attributes: presentMeetingAttributes(m, {
        action: actionBy.get(m.id),
        blockCategory: m.wellnessBlockId ? (blockCategory.get(m.wellnessBlockId) ?? null) : null,
        agendaItems: (agendaBy.get(m.id) ?? []).map(presentAgendaItem),
        objectives: (objectivesBy.get(m.id) ?? []).map(presentObjective),
        preworkItems: (preworkBy.get(m.id) ?? []).map(presentPreworkItem),
      }),
    }),
  );
}
