import { and, eq, gte, lt, or, sql } from 'drizzle-orm';
import type { SyncResult, SyncWindow } from '../../../calendars/types';
import { inValues, jsonValues, notInValues } from '../../../db/bulk';
import type { Database } from '../../../db/client';
import { meetings } from '../../../db/schema';
import type { StoreTarget } from './meeting-row';

/** What vanished: everything in the window not seen (a full result), or what the provider says is gone. */
export async function markVanished(
  tx: Database,
  target: StoreTarget,
  result: SyncResult,
  window: SyncWindow,
  now: Date,
): Promise<{ id: string; startsAt: Date; endsAt: Date }[]> {
  const live = or(
    eq(meetings.status, 'confirmed'),
    eq(meetings.status, 'tentative'),
    eq(meetings.status, 'cancelled'),
  );
  const returning = { id: meetings.id, startsAt: meetings.startsAt, endsAt: meetings.endsAt };
  if (result.full) {
    const inWindow = and(
      eq(meetings.calendarId, target.calendarId),
      live,
      lt(meetings.startsAt, window.to),
      gte(meetings.endsAt, window.from),
      // Daily reports kept only in MeetWell (features/daily-report-events) are not the provider's to delete.
      sql`${meetings.providerEventId} is distinct from ${meetings.eventReportCardId}`,
    );
    const seenIds = [...new Set(result.events.map((e) => e.providerEventId))];
    return tx
      .update(meetings)
      .set({ status: 'deleted', updatedAt: now })
      .where(
        seenIds.length
          ? and(inWindow, sql`${meetings.providerEventId} not in ${jsonValues(seenIds)}`)
          : inWindow,
      )
      .returning(returning);
  }
  if (!result.deletedIds.length && !result.completeSeries?.length) return [];
  const conditions = [];
  if (result.deletedIds.length) {
    // A deleted id is one occurrence, or a whole series (its occurrences carry it as recurring id).
    conditions.push(inValues(meetings.providerEventId, result.deletedIds));
    conditions.push(inValues(meetings.recurringEventId, result.deletedIds));
  }
  if (result.completeSeries?.length) {
    const returned = result.events.map((e) => e.providerEventId);
    const seriesGone = and(
      inValues(meetings.recurringEventId, result.completeSeries),
      gte(meetings.endsAt, window.from),
      lt(meetings.startsAt, window.to),
    );
    conditions.push(
      returned.length ? and(seriesGone, notInValues(meetings.providerEventId, returned)) : seriesGone,
    );
  }
  return tx
    .update(meetings)
    .set({ status: 'deleted', updatedAt: now })
    .where(and(eq(meetings.calendarId, target.calendarId), live, or(...conditions)))
    .returning(returning);
}
