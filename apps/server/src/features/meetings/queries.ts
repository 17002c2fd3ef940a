import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { calendars, meetings } from '../../db/schema';
import { notFound } from '../../http/errors';

/** A meeting of this user, or a 404 (another user's id is indistinguishable from a missing one). */
export async function findOwnMeeting(db: Database, userId: string, meetingId: string) {
  const [row] = await db
    .select()
    .from(meetings)
    .where(and(eq(meetings.id, meetingId), eq(meetings.userId, userId)))
    .limit(1);
  if (!row || row.status === 'deleted') throw notFound('meeting');
  return row;
}

/** The first sync of a period is still running: nothing can be shown for it yet. */
export async function isFirstSyncRunning(db: Database, userId: string, from: Date, to: Date) {
  const watched = await db
    .select({
      syncStatus: calendars.syncStatus,
      lastFullSyncAt: calendars.lastFullSyncAt,
      syncedFrom: calendars.syncedFrom,
      syncedTo: calendars.syncedTo,
    })
    .from(calendars)
    .where(and(eq(calendars.userId, userId), eq(calendars.watching, true)));
  const syncing = watched.some((c) => c.syncStatus === 'running' || c.syncStatus === 'queued');
  if (!syncing) return false;
  return !watched.some(
    (c) => c.lastFullSyncAt && c.syncedFrom && c.syncedTo && c.syncedFrom <= from && c.syncedTo >= to,
  );
}
