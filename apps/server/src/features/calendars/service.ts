import { and, eq, inArray } from 'drizzle-orm';
import type { CalendarRow } from '../../calendars/connection';
import type { AppContext } from '../../context';
import { actions, calendars, meetings, users } from '../../db/schema';
import { declineJobKey } from '../autobalance/keys';
import { afterMeetingsChanged } from '../evaluation/after-meetings-changed';
import { reevaluateUserJobKey } from '../evaluation/reevaluate-user.job';
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

/**
 * Stops balancing a calendar: no more pushes or syncs, and its meetings leave the Plan, the reports, the
 * conflict rule and auto-balance (every reader joins calendars.watching). The meetings themselves stay, with
 * what the person added to them: switched on again, the next read updates the same rows.
 */
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
  // Its scheduled actions stop now; its meetings leave every report day at once; the user's other meetings
  // lose these neighbours (re-evaluated by a job).
  const stopped = await ctx.db
    .update(actions)
    .set({ status: 'cancelled', updatedAt: ctx.now() })
    .where(
      and(
        eq(actions.status, 'scheduled'),
        inArray(
          actions.meetingId,
          ctx.db.select({ id: meetings.id }).from(meetings).where(eq(meetings.calendarId, calendar.id)),
        ),
      ),
    )
    .returning({ meetingId: actions.meetingId });
  for (const { meetingId } of stopped) await ctx.jobs.cancel(declineJobKey(meetingId));
  await afterMeetingsChanged(ctx, {
    userId: calendar.userId,
    companyId: await companyOf(ctx, calendar.userId),
    spans: 'all',
  });
  await ctx.jobs.enqueue(
    'reevaluate_user',
    { userId: calendar.userId },
    { jobKey: reevaluateUserJobKey(calendar.userId) },
  );
}

async function companyOf(ctx: AppContext, userId: string) {
  const [row] = await ctx.db.select({ companyId: users.companyId }).from(users).where(eq(users.id, userId));
  return row?.companyId ?? null;
}

export async function requestSync(ctx: AppContext, calendarId: string, mode: 'full' | 'incremental') {
  await markSyncQueued(ctx, calendarId, ctx.now());
  await ctx.jobs.enqueue('sync_calendar', { calendarId, mode }, { jobKey: syncJobKey(calendarId) });
}
