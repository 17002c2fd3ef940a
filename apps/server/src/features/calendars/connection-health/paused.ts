import { and, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import type { AppContext } from '../../../context';
import { actions, calendars, meetings } from '../../../db/schema';
import { declineJobKey } from '../../autobalance/keys';
import { requestAutoBalance } from '../../autobalance/request';

/**
 * Auto-balance never acts on stale data: while a calendar cannot be read (connection_broken_at set), nobody is
 * declined, warned or reminded about its meetings. Their actions stay planned (skipped, not cancelled) and go
 * on after its next good read (resumeAfterRecovery).
 */
export async function brokenCalendarIds(ctx: Pick<AppContext, 'db'>, userId: string): Promise<Set<string>> {
  const rows = await ctx.db
    .select({ id: calendars.id })
    .from(calendars)
    .where(and(eq(calendars.userId, userId), isNotNull(calendars.connectionBrokenAt)));
  return new Set(rows.map((r) => r.id));
}

/** Whether an action's meeting belongs to a calendar that cannot be read now. */
export async function actionPaused(ctx: Pick<AppContext, 'db'>, actionId: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ brokenAt: calendars.connectionBrokenAt })
    .from(actions)
    .innerJoin(meetings, eq(meetings.id, actions.meetingId))
    .innerJoin(calendars, eq(calendars.id, meetings.calendarId))
    .where(eq(actions.id, actionId));
  return Boolean(row?.brokenAt);
}

/**
 * A calendar read again after it broke: its owner's meetings are decided again now (the mails skipped while it
 * was broken are still due, so they are queued again), and its declines whose time passed meanwhile run now
 * (each decides again on the fresh data before it declines anything).
 */
export async function resumeAfterRecovery(
  ctx: Pick<AppContext, 'db' | 'jobs' | 'now'>,
  userId: string,
  calendarId: string,
) {
  await requestAutoBalance(ctx, userId, 0);
  const overdue = await ctx.db
    .select({ id: actions.id, meetingId: actions.meetingId })
    .from(actions)
    .innerJoin(meetings, eq(meetings.id, actions.meetingId))
    .where(
      and(
        eq(meetings.calendarId, calendarId),
        eq(actions.status, 'scheduled'),
        inArray(actions.action, ['decline', 'decline_conflicts']),
        lte(actions.complianceDeadline, ctx.now()),
      ),
    );
  await ctx.jobs.enqueueMany(
    overdue.map((a) => ({
      name: 'autobalance_decline' as const,
      payload: { actionId: a.id },
      options: { jobKey: declineJobKey(a.meetingId) },
    })),
  );
}
