import { and, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../../context';
import { calendars, synchronizations } from '../../../db/schema';
import { syncJobKey } from './sync-calendar.job';
import { markSyncQueued } from './sync-state';

type WatchedCalendar = typeof calendars.$inferSelect;

function watchedCalendars(ctx: AppContext, userId: string): Promise<WatchedCalendar[]> {
  return ctx.db
    .select()
    .from(calendars)
    .where(and(eq(calendars.userId, userId), eq(calendars.watching, true)));
}

const isSyncing = (c: WatchedCalendar) => c.syncStatus === 'running' || c.syncStatus === 'queued';

/**
 * Re-syncs every watched calendar of the person (`start`), unless one is already syncing; without `start` it
 * only says whether one is. One re-sync at a time keeps a nervous double click from queueing two full reads.
 */
export async function resyncWatchedCalendars(ctx: AppContext, userId: string, start: boolean) {
  const watched = await watchedCalendars(ctx, userId);
  const inProgress = watched.some(isSyncing);
  let queued = 0;
  if (start && !inProgress) {
    for (const calendar of watched) {
      // The state change is the claim: of many asks read at once, one moves the calendar to queued and
      // enqueues; the others would start a second read behind the first and leave the status idle meanwhile.
      if (!(await markSyncQueued(ctx, calendar.id, ctx.now()))) continue;
      await ctx.jobs.enqueue(
        'sync_calendar',
        { calendarId: calendar.id, mode: 'full' },
        { jobKey: syncJobKey(calendar.id) },
      );
      queued++;
    }
  }
  // An ask that lost the claim to another one made at the same moment finds the re-sync in progress.
  const lostClaim = start && !inProgress && watched.length > 0 && queued === 0;
  return { inProgress: inProgress || lostClaim, started: queued > 0, calendars: watched.length };
}

/** The person's 20 latest synchronizations, and the state of their watched calendars together. */
export async function syncOverview(ctx: AppContext, userId: string) {
  const [recent, watched] = await Promise.all([
    ctx.db
      .select()
      .from(synchronizations)
      .where(eq(synchronizations.userId, userId))
      .orderBy(desc(synchronizations.startedAt))
      .limit(20),
    watchedCalendars(ctx, userId),
  ]);
  return {
    recent,
    syncing: watched.some(isSyncing),
    needsPermission: watched.some((c) => c.needsPermission),
    syncedFrom: minDate(watched.map((c) => c.syncedFrom)),
    syncedTo: maxDate(watched.map((c) => c.syncedTo)),
  };
}

const times = (dates: (Date | null)[]) => dates.filter((d): d is Date => Boolean(d)).map((d) => d.getTime());
const minDate = (dates: (Date | null)[]) => {
  const values = times(dates);
  return values.length ? new Date(Math.min(...values)) : null;
};
const maxDate = (dates: (Date | null)[]) => {
  const values = times(dates);
  return values.length ? new Date(Math.max(...values)) : null;
};
