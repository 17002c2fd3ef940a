import {
  type BlockOccurrenceIndex,
  expandWellnessBlockOccurrences,
  indexBlockOccurrences,
  type OtherMeetingInput,
} from '@meetwell/domain';
import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { inValues } from '../../db/bulk';
import { agendaItems, meetings, objectives, preworkItems, users, wellnessBlocks } from '../../db/schema';
import { inWatchedCalendar, toOtherMeeting } from '../evaluation/other-meetings';
import { loadSettings } from '../settings/routes';
import { loadUserResource } from '../users/profile';

export type MeetingRow = typeof meetings.$inferSelect;
export type UserRow = typeof users.$inferSelect;

const HOUR = 3_600_000;
/** Meetings this far around the decided ones are loaded as neighbours for the conflict rule. */
const NEIGHBOUR_MARGIN_MS = 24 * HOUR;

/** Everything about a user that auto-balance decides with: settings, lists, plan and Wellness blocks. */
export type UserContext = Awaited<ReturnType<typeof loadSettings>> & {
  user: UserRow;
  plan: string;
  blocks: (typeof wellnessBlocks.$inferSelect)[];
};

export async function loadUserContext(ctx: AppContext, userId: string): Promise<UserContext | null> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  // A deactivated account (no plan to use) acts on nothing until it is back: nothing is reminded or declined.
  if (!user || user.deactivatedAt) return null;
  const [settings, profile, blocks] = await Promise.all([
    loadSettings(ctx, user),
    loadUserResource(ctx.db, user, ctx.now()),
    ctx.db.select().from(wellnessBlocks).where(eq(wellnessBlocks.userId, userId)),
  ]);
  return { ...settings, user, plan: String(profile.attributes.subscription_plan ?? 'trial'), blocks };
}

type Items = {
  agendaItems: { status: string }[];
  objectives: { status: string }[];
  preworkItems: { status: string }[];
};

async function loadItems(ctx: AppContext, ids: string[]): Promise<Map<string, Items>> {
  const byMeeting = new Map<string, Items>();
  if (ids.length === 0) return byMeeting;
  const entry = (id: string) => {
    let items = byMeeting.get(id);
    if (!items) {
      items = { agendaItems: [], objectives: [], preworkItems: [] };
      byMeeting.set(id, items);
    }
    return items;
  };
  const [agenda, objectiveRows, prework] = await Promise.all([
    ctx.db
      .select({ meetingId: agendaItems.meetingId, status: agendaItems.status })
      .from(agendaItems)
      .where(inValues(agendaItems.meetingId, ids, 'uuid')),
    ctx.db
      .select({ meetingId: objectives.meetingId, status: objectives.status })
      .from(objectives)
      .where(inValues(objectives.meetingId, ids, 'uuid')),
    ctx.db
      .select({ meetingId: preworkItems.meetingId, status: preworkItems.status })
      .from(preworkItems)
      .where(inValues(preworkItems.meetingId, ids, 'uuid')),
  ]);
  for (const r of agenda) entry(r.meetingId).agendaItems.push({ status: r.status });
  for (const r of objectiveRows) entry(r.meetingId).objectives.push({ status: r.status });
  for (const r of prework) entry(r.meetingId).preworkItems.push({ status: r.status });
  return byMeeting;
}

export type MeetingsAround = {
  /** The meetings starting in [from, to) (or the requested ids), not deleted. */
  targets: MeetingRow[];
  items: Map<string, Items>;
  neighbours: OtherMeetingInput[];
  occurrences: BlockOccurrenceIndex;
};

/**
 * The meetings to decide on (starting in [from, to), or only `ids`) with what the rules need around them:
 * neighbours a day either side, their items, and the user's Wellness block occurrences.
 */
export async function loadMeetingsAround(
  ctx: AppContext,
  context: UserContext,
  range: { from: Date; to: Date; ids?: string[] },
): Promise<MeetingsAround> {
  const from = new Date(range.from.getTime() - NEIGHBOUR_MARGIN_MS);
  const to = new Date(range.to.getTime() + NEIGHBOUR_MARGIN_MS);
  const around = await ctx.db
    .select()
    .from(meetings)
    .where(
      and(
        eq(meetings.userId, context.user.id),
        ne(meetings.status, 'deleted'),
        lt(meetings.startsAt, to),
        gt(meetings.endsAt, from),
        // A calendar switched off takes part in nothing (its meetings are kept for when it comes back).
        inWatchedCalendar(sql`${meetings}`),
      ),
    );
  const wanted = range.ids ? new Set(range.ids) : null;
  const targets = wanted
    ? around.filter((m) => wanted.has(m.id))
    : around.filter((m) => m.startsAt >= range.from && m.startsAt < range.to);
  const items = await loadItems(
    ctx,
    targets.map((m) => m.id),
  );
  const occurrences = indexBlockOccurrences(
    expandWellnessBlockOccurrences(context.blocks, { from, to, timeZone: context.user.timeZone }),
  );
  return {
    targets,
    items,
    neighbours: around.map((m) => toOtherMeeting(m, context.user.email)),
    occurrences,
  };
}
