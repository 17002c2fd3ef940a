import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { calendars, meetings } from '../db/schema';
import { invalidateReports } from '../features/reports/rollups';
import type { CalendarRow } from './connection';
import { syncJobKey } from './sync/sync-calendar.job';
import { markSyncQueued } from './sync/sync-state';
import { openChannel, stopChannels } from './webhooks/channels';

/** Starts balancing a calendar: a full sync now, then pushes (where reachable) or polling keep it current. */
export async function startWatching(ctx: AppContext, calendar: CalendarRow) {
  await ctx.db
    .update(calendars)
    .set({ watching: true, updatedAt: ctx.now() })
    .where(eq(calendars.id, calendar.id));
  await requestSync(ctx, calendar.id, 'full');
  try {
    await openChannel(ctx, calendar.id);
  } catch {
    // Without a push channel the calendar is polled; the renewal job tries to open one again.
  }
}

/** Stops balancing a calendar: no more pushes or syncs, and its meetings leave the Plan and the reports. */
export async function stopWatching(ctx: AppContext, calendar: CalendarRow) {
  await stopChannels(ctx, calendar);
  await ctx.db
    .update(calendars)
    .set({
      watching: false,
      syncCursor: null,
      syncStatus: 'idle',
      syncedFrom: null,
      syncedTo: null,
      lastFullSyncAt: null,
    })
    .where(eq(calendars.id, calendar.id));
  const removed = await ctx.db
    .delete(meetings)
    .where(and(eq(meetings.calendarId, calendar.id)))
    .returning({ companyId: meetings.companyId });
  await invalidateReports(ctx.db, {
    userIds: [calendar.userId],
    companyIds: removed.map((m) => m.companyId),
  });
}

export async function requestSync(ctx: AppContext, calendarId: string, mode: 'full' | 'incremental') {
  await markSyncQueued(ctx.db, calendarId);
  await ctx.jobs.enqueue('sync_calendar', { calendarId, mode }, { jobKey: syncJobKey(calendarId) });
}
