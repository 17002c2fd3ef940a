import { type ItemKind, type MeetingResource, meetingItemEndpoints } from '@meetwell/domain';
import { and, eq, max } from 'drizzle-orm';
import { ownItem, ownMeeting } from '../../auth/policies';
import type { AppContext } from '../../context';
import { agendaItems, meetings, objectives, preworkItems } from '../../db/schema';
import { type FeatureRoutes, requireAuth } from '../../http/app';
import { route } from '../../http/endpoint';
import { broadcastToUser } from '../../realtime/broadcast';
import { reevaluateMeetings } from '../evaluation/reevaluate';
import { presentAgendaItem, presentMeetings, presentObjective, presentPreworkItem } from './presenter';

/**
 * Agenda items, objectives and pre-work items of a meeting: added, edited, reordered and deleted (status
 * deleted, hidden). Every change re-scores the meeting and reaches the user's other open sessions.
 */
const tables = { agenda_items: agendaItems, objectives, prework_items: preworkItems } as const;

type Kind = ItemKind;
type ItemRow =
  | typeof agendaItems.$inferSelect
  | typeof objectives.$inferSelect
  | typeof preworkItems.$inferSelect;

const toColumns = (attributes: Record<string, unknown>) => {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(attributes)) {
    const column = key.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
    out[column] =
      (key === 'started_at' || key === 'ended_at') && typeof value === 'string' ? new Date(value) : value;
  }
  return out;
};

/**
 * What an item change answers: the item as the contract's resource of its kind (told apart by its columns),
 * and the meeting re-scored after it.
 */
function itemDocument(row: ItemRow, meeting: MeetingResource) {
  const meta = { meeting };
  if ('durationInMins' in row) {
    const { id, ...attributes } = presentAgendaItem(row);
    return { data: { type: 'agenda_items' as const, id, attributes }, meta };
  }
  if ('url' in row) {
    const { id, ...attributes } = presentPreworkItem(row);
    return { data: { type: 'prework_items' as const, id, attributes }, meta };
  }
  const { id, ...attributes } = presentObjective(row);
  return { data: { type: 'objectives' as const, id, attributes }, meta };
}

/** Re-scores the meeting, tells the user's other sessions, and answers with the item and the meeting. */
async function afterChange(
  ctx: AppContext,
  userId: string,
  meetingId: string,
  kind: Kind,
  event: string,
  row: ItemRow,
) {
  await reevaluateMeetings(ctx, userId, [meetingId]);
  const [meeting] = await ctx.db.select().from(meetings).where(eq(meetings.id, meetingId));
  const [presented] = await presentMeetings(ctx.db, [meeting!]);
  const answer = itemDocument(row, presented!);
  await broadcastToUser(ctx.pubsub, 'MeetingRefreshChannel', userId, {
    type: event,
    item_type: kind,
    meeting_id: meetingId,
    item: answer.data,
    score: meeting!.score,
  });
  return answer;
}

export const itemRoutes: FeatureRoutes = (app, ctx) => {
  for (const kind of Object.keys(tables) as Kind[]) {
    const table = tables[kind];
    const endpoints = meetingItemEndpoints[kind];

    route(app, endpoints.add, async (request, reply) => {
      const { user } = requireAuth(request);
      const meeting = await ownMeeting(ctx.db, user.id, request.params.id);
      const values = toColumns(request.body.data.attributes);
      const row = await ctx.db.transaction(async (tx) => {
        if (values.position === undefined) {
          // One add of the meeting's items at a time (a double click, two sessions): each is given the next
          // position after the one before it, never the same one.
          await tx
            .select({ id: meetings.id })
            .from(meetings)
            .where(eq(meetings.id, meeting.id))
            .for('update');
          const [last] = await tx
            .select({ value: max(table.position) })
            .from(table)
            .where(and(eq(table.meetingId, meeting.id)));
          values.position = (last?.value ?? -1) + 1;
        }
        const [inserted] = await tx
          .insert(table)
          .values({ ...(values as { description: string }), meetingId: meeting.id, source: 'app' })
          .returning();
        return inserted;
      });
      return reply.code(201).send(await afterChange(ctx, user.id, meeting.id, kind, 'item_created', row!));
    });

    route(app, endpoints.update, async (request) => {
      const { user } = requireAuth(request);
      const item = await ownItem(ctx.db, user.id, kind, request.params.id);
      const [row] = await ctx.db
        .update(table)
        .set({ ...toColumns(request.body.data.attributes), updatedAt: ctx.now() })
        .where(eq(table.id, item.id))
        .returning();
      return afterChange(ctx, user.id, item.meetingId, kind, 'item_updated', row!);
    });

    route(app, endpoints.remove, async (request) => {
      const { user } = requireAuth(request);
      const item = await ownItem(ctx.db, user.id, kind, request.params.id);
      const [row] = await ctx.db
        .update(table)
        .set({ status: 'deleted', updatedAt: ctx.now() })
        .where(eq(table.id, item.id))
        .returning();
      return afterChange(ctx, user.id, item.meetingId, kind, 'item_deleted', row!);
    });
  }
};
