/** A (possible) Wellness block event turned into a block: its series, the block it would be, the conversion. */
import {
  buildWeeklyRRule,
  seriesBlockShape,
  type WellnessBlockCategory,
  wellnessCategoryFromTitle,
} from '@meetwell/domain';
import { and, eq, isNull, notInArray } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { inValues } from '../../db/bulk';
import { meetings, type users, wellnessBlocks } from '../../db/schema';
import { afterChange } from './block-changes';
import type { BlockRow } from './calendar-event';

type UserRow = typeof users.$inferSelect;
type MeetingRow = typeof meetings.$inferSelect;

/** The stored occurrences of a meeting's series (the meeting alone when it is not recurring). */
export async function seriesOccurrences(ctx: AppContext, meeting: MeetingRow): Promise<MeetingRow[]> {
  if (!meeting.recurringEventId) return [meeting];
  return ctx.db
    .select()
    .from(meetings)
    .where(
      and(
        eq(meetings.userId, meeting.userId),
        eq(meetings.calendarId, meeting.calendarId),
        eq(meetings.recurringEventId, meeting.recurringEventId),
        isNull(meetings.wellnessBlockId),
        notInArray(meetings.status, ['cancelled', 'deleted']),
      ),
    );
}

/**
 * The block a meeting would become: weekly, delete_only, at the meeting's local times on every weekday its
 * series meets at those times (a Monday-to-Friday lunch gives a Monday-to-Friday block), with the series'
 * first such occurrence as its first.
 */
export function blockFromMeeting(meeting: MeetingRow, user: UserRow, series: readonly MeetingRow[]) {
  const shape = seriesBlockShape(meeting, series, user.timeZone);
  const category: WellnessBlockCategory =
    meeting.maybeWellnessBlockCategory === 'life' || meeting.maybeWellnessBlockCategory === 'focus'
      ? meeting.maybeWellnessBlockCategory
      : (wellnessCategoryFromTitle(meeting.summary) ?? 'focus');
  return {
    block: {
      userId: user.id,
      calendarId: meeting.calendarId,
      label: meeting.summary.trim() || 'Wellness block',
      category,
      rrule: buildWeeklyRRule(shape.weekdays),
      startsAt: new Date(shape.startsAt),
      endsAt: new Date(shape.endsAt),
      timeZone: user.timeZone,
      recurring: meeting.recurringMeeting,
      deleteOnly: true,
      sourceMeetingId: meeting.id,
    },
    coveredIds: shape.coveredIds,
  };
}

/**
 * Converts a (possible) Wellness block event into a block: verified_true on the meeting and, for a recurring
 * series, on the stored occurrences the block covers (same local times), which all point at the block (so
 * they never conflict with it). Occurrences moved to other times stay as they are. Converting twice returns
 * the same block.
 */
export async function convertMeetingToBlock(
  ctx: AppContext,
  user: UserRow,
  meeting: MeetingRow,
): Promise<BlockRow> {
  if (meeting.wellnessBlockId) {
    const [existing] = await ctx.db
      .select()
      .from(wellnessBlocks)
      .where(eq(wellnessBlocks.id, meeting.wellnessBlockId));
    if (existing) return existing;
  }
  const now = ctx.now();
  const { block: values, coveredIds } = blockFromMeeting(
    meeting,
    user,
    await seriesOccurrences(ctx, meeting),
  );
  const [block] = await ctx.db
    .insert(wellnessBlocks)
    .values({ ...values, createdAt: now, updatedAt: now })
    .returning();
  await ctx.db
    .update(meetings)
    .set({ maybeWellnessBlock: 'verified_true', wellnessBlockId: block!.id })
    .where(and(eq(meetings.userId, user.id), inValues(meetings.id, coveredIds, 'uuid')));
  await afterChange(ctx, user);
  return block!;
}
