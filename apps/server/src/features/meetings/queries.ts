import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { calendars } from '../../db/schema';

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
