import { and, asc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { meetings } from '../../db/schema';
import { inWatchedCalendar } from '../evaluation/other-meetings';

/** The most meetings one read considers before keeping one per series. */
const READ_LIMIT = 1000;

/**
 * The meetings of a period that look like Wellness blocks (the sync marked them so) and are not one yet, in
 * the person's watched calendars: the first occurrence of each recurring series, and every single event.
 */
export async function possibleWellnessBlocks(db: Database, userId: string, period: { from: Date; to: Date }) {
  const rows = await db
    .select()
    .from(meetings)
    .where(
      and(
        eq(meetings.userId, userId),
        eq(meetings.maybeWellnessBlock, 'true'),
        isNull(meetings.wellnessBlockId),
        inWatchedCalendar(sql`${meetings}`),
        inArray(meetings.status, ['confirmed', 'tentative']),
        gt(meetings.endsAt, period.from),
        lt(meetings.startsAt, period.to),
      ),
    )
    .orderBy(asc(meetings.startsAt))
    .limit(READ_LIMIT);
  const seen = new Set<string>();
  return rows.filter((m) => {
    const key = m.recurringEventId ? `${m.calendarId}:${m.recurringEventId}` : m.id;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
