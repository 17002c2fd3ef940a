import { type ItemKind, itemChangeDocument, type MeetingResource } from '@meetwell/domain';
import { and, eq, max } from 'drizzle-orm';
import { z } from 'zod';
import { reevaluateMeetings } from '../../calendars/evaluation/reevaluate';
import type { AppContext } from '../../context';
import { agendaItems, meetings, objectives, preworkItems } from '../../db/schema';
import { type FeatureRoutes, requireAuth } from '../../http/app';
import { notFound } from '../../http/errors';
import { resourceBody } from '../../http/jsonapi';
import { broadcastToUser } from '../../realtime/broadcast';
import { presentAgendaItem, presentMeetings, presentObjective, presentPreworkItem } from './presenter';
import { findOwnMeeting } from './queries';

/**
 * Agenda items, objectives and pre-work items of a meeting: added, edited, reordered and deleted (status
 * deleted, hidden). Every change re-scores the meeting and reaches the user's other open sessions.
 */
const kinds = {
  agenda_items: {
    table: agendaItems,
    attributes: z
      .object({
        description: z.string().trim().min(1, 'must not be empty').max(1000),
        duration_in_mins: z
          .number()
          .int()
          .min(0)
          .max(24 * 60)
          .nullable(),
        position: z.number().int().min(0).max(10_000),
        owner_name: z.string().max(200).nullable(),
        time_spent_in_secs: z
          .number()
          .int()
          .min(0)
          .max(7 * 24 * 3600),
        started_at: z.iso.datetime({ offset: true }).nullable(),
        ended_at: z.iso.datetime({ offset: true }).nullable(),
      })
      .partial()
      .strict(),
  },
  objectives: {
    table: objectives,
    attributes: z
      .object({
        description: z.string().trim().min(1, 'must not be empty').max(1000),
        position: z.number().int().min(0).max(10_000),
      })
      .partial()
      .strict(),
  },
  prework_items: {
    table: preworkItems,
    attributes: z
      .object({
        description: z.string().trim().min(1, 'must not be empty').max(1000),
        url: z.url({ protocol: /^https?$/, error: 'must be an http(s) link' }).nullable(),
        timebox: z
          .number()
          .int()
          .min(0)
          .max(24 * 60)
          .nullable(),
        position: z.number().int().min(0).max(10_000),
      })
      .partial()
      .strict(),
  },
} as const;

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

/** An item as the contract's resource of its kind (`{ type, id, attributes }`), told apart by its columns. */
export function presentItem(row: ItemRow) {
  if ('durationInMins' in row) {
    const { id, ...attributes } = presentAgendaItem(row);
    return { type: 'agenda_items' as const, id, attributes };
  }
  if ('url' in row) {
    const { id, ...attributes } = presentPreworkItem(row);
    return { type: 'prework_items' as const, id, attributes };
  }
  const { id, ...attributes } = presentObjective(row);
  return { type: 'objectives' as const, id, attributes };
}

/** What an item change answers: the item, and the meeting re-scored after it. */
const itemDocument = (row: ItemRow, meeting: MeetingResource) => ({
  data: presentItem(row),
  meta: { meeting },
});

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
  await broadcastToUser(ctx.pubsub, 'MeetingRefreshChannel', userId, {
    type: event,
    item_type: kind,
    meeting_id: meetingId,
    item: presentItem(row),
    score: meeting!.score,
  });
  return presented!;
}

async function findOwnItem(ctx: AppContext, userId: string, kind: Kind, id: string) {
  const { table } = kinds[kind];
  const [row] = await ctx.db
    .select({ item: table, meetingUserId: meetings.userId })
    .from(table)
    .innerJoin(meetings, eq(meetings.id, table.meetingId))
    .where(eq(table.id, id))
    .limit(1);
  if (!row || row.meetingUserId !== userId || row.item.status === 'deleted')
    throw notFound(kind.replace(/_/g, ' ').replace(/s$/, ''));
  return row.item;
}

export const itemRoutes: FeatureRoutes = (app, ctx) => {
  for (const kind of Object.keys(kinds) as Kind[]) {
    const { table, attributes } = kinds[kind];
    const label = kind.replace(/_/g, ' ');

    app.post(
      `/api/v1/meetings/:id/${kind}`,
      {
        schema: {
          tags: ['meetings'],
          summary: `Add ${label} to a meeting`,
          params: z.object({ id: z.uuid() }),
          body: resourceBody(
            kind,
            attributes.extend({ description: z.string().trim().min(1, 'must not be empty').max(1000) }),
          ),
          response: { 201: itemChangeDocument(kind) },
        },
      },
      async (request, reply) => {
        const { user } = requireAuth(request);
        const meeting = await findOwnMeeting(ctx.db, user.id, request.params.id);
        const values = toColumns(request.body.data.attributes);
        if (values.position === undefined) {
          const [last] = await ctx.db
            .select({ value: max(table.position) })
            .from(table)
            .where(and(eq(table.meetingId, meeting.id)));
          values.position = (last?.value ?? -1) + 1;
        }
        const [row] = await ctx.db
          .insert(table)
          .values({ ...(values as { description: string }), meetingId: meeting.id, source: 'app' })
          .returning();
        const presented = await afterChange(ctx, user.id, meeting.id, kind, 'item_created', row!);
        return reply.code(201).send(itemDocument(row!, presented));
      },
    );

    app.patch(
      `/api/v1/${kind}/:id`,
      {
        schema: {
          tags: ['meetings'],
          summary: `Edit or reorder ${label}`,
          params: z.object({ id: z.uuid() }),
          body: resourceBody(kind, attributes),
          response: { 200: itemChangeDocument(kind) },
        },
      },
      async (request) => {
        const { user } = requireAuth(request);
        const item = await findOwnItem(ctx, user.id, kind, request.params.id);
        const [row] = await ctx.db
          .update(table)
          .set({ ...toColumns(request.body.data.attributes), updatedAt: ctx.now() })
          .where(eq(table.id, item.id))
          .returning();
        const presented = await afterChange(ctx, user.id, item.meetingId, kind, 'item_updated', row!);
        return itemDocument(row!, presented);
      },
    );

    app.delete(
      `/api/v1/${kind}/:id`,
      {
        schema: {
          tags: ['meetings'],
          summary: `Delete ${label}`,
          params: z.object({ id: z.uuid() }),
          response: { 200: itemChangeDocument(kind) },
        },
      },
      async (request) => {
        const { user } = requireAuth(request);
        const item = await findOwnItem(ctx, user.id, kind, request.params.id);
        const [row] = await ctx.db
          .update(table)
          .set({ status: 'deleted', updatedAt: ctx.now() })
          .where(eq(table.id, item.id))
          .returning();
        const presented = await afterChange(ctx, user.id, item.meetingId, kind, 'item_deleted', row!);
        return itemDocument(row!, presented);
      },
    );
  }
};
