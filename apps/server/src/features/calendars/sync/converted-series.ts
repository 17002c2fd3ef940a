import { blockCoversOccurrence } from '@meetwell/domain';
import { and, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { jsonValues } from '../../../db/bulk';
import type { Database } from '../../../db/client';
import { meetings, wellnessBlocks } from '../../../db/schema';

const source = alias(meetings, 'source_meeting');

/**
 * Occurrences of a series the person converted into a Wellness block that arrive later (the window moved
 * on, the provider sent more) belong to that block as the earlier ones do, when they fall on its weekdays at
 * its times, instead of being suggested as possible blocks again. Returns the ids it changed.
 */
export async function coverOccurrencesOfConvertedSeries(
  db: Database,
  calendarId: string,
  meetingIds: readonly string[],
): Promise<string[]> {
  if (meetingIds.length === 0) return [];
  const candidates = await db
    .select({
      id: meetings.id,
      startsAt: meetings.startsAt,
      endsAt: meetings.endsAt,
      block: wellnessBlocks,
    })
    .from(meetings)
    .innerJoin(
      source,
      and(eq(source.calendarId, meetings.calendarId), eq(source.recurringEventId, meetings.recurringEventId)),
    )
    .innerJoin(
      wellnessBlocks,
      and(eq(wellnessBlocks.sourceMeetingId, source.id), eq(wellnessBlocks.deleteOnly, true)),
    )
    .where(
      and(
        eq(meetings.calendarId, calendarId),
        sql`${meetings.id} in ${jsonValues([...meetingIds], 'uuid')}`,
        isNotNull(meetings.recurringEventId),
        isNull(meetings.wellnessBlockId),
        or(isNull(meetings.maybeWellnessBlock), sql`${meetings.maybeWellnessBlock} <> 'verified_false'`),
      ),
    );
  const covered = candidates.filter((c) => blockCoversOccurrence(c.block, c));
  for (const c of covered) {
    await db
      .update(meetings)
      .set({ wellnessBlockId: c.block.id, maybeWellnessBlock: 'verified_true' })
      .where(eq(meetings.id, c.id));
  }
  return covered.map((c) => c.id);
}
