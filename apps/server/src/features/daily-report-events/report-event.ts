import { and, asc, desc, eq, gt, like, ne } from 'drizzle-orm';
import { connectionFor, loadCalendarWithOwner } from '../../calendars/connection';
import { driverFor } from '../../calendars/registry';
import { type EventWrite, ProviderError } from '../../calendars/types';
import type { AppContext } from '../../context';
import { calendars, meetings, users } from '../../db/schema';
import { broadcastToUser } from '../../realtime/broadcast';
import { reevaluateMeetings } from '../evaluation/reevaluate';
import { type DayReport, dayReport, reportDescription, reportTitle } from './day-report';
import { localDay, reportEventSpan, reportZone } from './schedule';

type UserRow = typeof users.$inferSelect;
type CalendarRow = typeof calendars.$inferSelect;
type MeetingRow = typeof meetings.$inferSelect;

/**
 * The events MeetWell writes for daily reports carry `report-card:<user id>:<date>` as their app marker: the sync
 * stores it in meetings.event_report_card_id (see features/calendars/sync/store-events), which keeps them unscored.
 */
const REPORT_MARKER_PREFIX = 'report-card:';
export const reportMarker = (userId: string, date: string) => `${REPORT_MARKER_PREFIX}${userId}:${date}`;

const MARKER =
  /^report-card:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}):(\d{4}-\d{2}-\d{2})$/i;

export function parseReportMarker(
  marker: string | null | undefined,
): { userId: string; date: string } | null {
  const match = MARKER.exec(marker ?? '');
  return match ? { userId: match[1]!.toLowerCase(), date: match[2]! } : null;
}

/**
 * A report kept only in MeetWell (its calendar cannot be written: an ICS subscription, the demo calendar) is a
 * meeting row whose provider id is its marker, an id no provider hands out; full syncs leave such rows alone.
 */
const isLocalOnly = (row: Pick<MeetingRow, 'providerEventId' | 'eventReportCardId'>) =>
  row.providerEventId === row.eventReportCardId;

type Target = { calendar: CalendarRow; writable: boolean };

function canWrite(ctx: AppContext, calendar: CalendarRow) {
  const driver = driverFor(ctx, calendar.provider);
  return calendar.canWrite && !calendar.needsPermission && driver.capabilities.write && !!driver.writeEvent;
}

/** The person's primary writable calendar; else (nothing writable) the watched one the report is kept on. */
async function reportCalendar(ctx: AppContext, userId: string): Promise<Target | null> {
  const watched = await ctx.db
    .select()
    .from(calendars)
    .where(and(eq(calendars.userId, userId), eq(calendars.watching, true)))
    .orderBy(desc(calendars.isPrimary), asc(calendars.createdAt), asc(calendars.id));
  const writable = watched.find((calendar) => canWrite(ctx, calendar));
  if (writable) return { calendar: writable, writable: true };
  return watched[0] ? { calendar: watched[0], writable: false } : null;
}

export function reportEvent(report: DayReport, userId: string, appUrl: string): EventWrite {
  const span = reportEventSpan(report.date, report.timeZone);
  return {
    summary: reportTitle(report),
    description: reportDescription(report, appUrl),
    startsAt: span.startsAt,
    endsAt: span.endsAt,
    timeZone: reportZone(report.timeZone),
    appMarker: reportMarker(userId, report.date),
    // A report takes no time: it never shows the person busy.
    transparency: 'transparent',
  };
}

/** Writes the event through the calendar's driver, patching the one written before when there is one. */
async function writeToProvider(
  ctx: AppContext,
  target: Target,
  owner: UserRow,
  event: EventWrite,
  previousId: string | undefined,
): Promise<string> {
  const driver = driverFor(ctx, target.calendar.provider);
  const connection = await connectionFor(ctx, target.calendar, owner);
  try {
    return (await driver.writeEvent!(connection, { providerEventId: previousId, event })).providerEventId;
  } catch (error) {
    // The person deleted it in their calendar: write it again.
    if (!previousId || !(error instanceof ProviderError) || error.kind !== 'not_found') throw error;
    return (await driver.writeEvent!(connection, { event })).providerEventId;
  }
}

/**
 * Takes one report event away: from its calendar when MeetWell wrote it there, then from the Plan. A calendar
 * that refuses keeps its event, and the row stays as it is (the failure is logged, false returned).
 */
async function removeReportRow(ctx: AppContext, row: MeetingRow): Promise<boolean> {
  try {
    if (!isLocalOnly(row)) {
      const loaded = await loadCalendarWithOwner(ctx, row.calendarId);
      const driver = loaded ? driverFor(ctx, loaded.calendar.provider) : null;
      if (loaded && driver?.deleteEvent && driver.capabilities.write) {
        const connection = await connectionFor(ctx, loaded.calendar, loaded.owner);
        await driver.deleteEvent(connection, { providerEventId: row.providerEventId });
      }
    }
  } catch (error) {
    console.error(`[daily-report-events] could not remove the report event ${row.id}`, error);
    return false;
  }
  await ctx.db
    .update(meetings)
    .set({ status: 'deleted', updatedAt: ctx.now() })
    .where(eq(meetings.id, row.id));
  return true;
}

/** Advisory-lock namespace: two runs for one person and day never write side by side. */
const LOCK_NAMESPACE = 727_030;

/** Runs alone for this key, on a connection of its own (a worker that dies frees the lock with it). */
async function alone<T>(ctx: Pick<AppContext, 'pool'>, key: string, run: () => Promise<T>): Promise<T> {
  const client = await ctx.pool.connect();
  let locked = false;
  let unlockFailed = false;
  try {
    await client.query('select pg_advisory_lock($1, hashtext($2))', [LOCK_NAMESPACE, key]);
    locked = true;
    return await run();
  } finally {
    if (locked) {
      await client.query('select pg_advisory_unlock($1, hashtext($2))', [LOCK_NAMESPACE, key]).catch(() => {
        unlockFailed = true;
      });
    }
    client.release(unlockFailed || undefined);
  }
}

export type ReportEventResult =
  | { status: 'written' | 'local'; meetingId: string }
  | { status: 'off' | 'no_meetings' | 'no_calendar' };

/**
 * Creates or updates the report event of one person's day. Keyed by person and date (the marker): a second
 * run finds the row the first one stored (or the copy a sync brought back) and patches that event.
 */
export function writeDailyReportEvent(
  ctx: AppContext,
  params: { userId: string; date: string },
): Promise<ReportEventResult> {
  return alone(ctx, dailyReportJobKey(params.userId, params.date), () => writeReportEventNow(ctx, params));
}

async function writeReportEventNow(
  ctx: AppContext,
  params: { userId: string; date: string },
): Promise<ReportEventResult> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, params.userId)).limit(1);
  if (!user?.dailyReportCardEvents || user.deactivatedAt) return { status: 'off' };
  const report = await dayReport(ctx, user, params.date);
  if (!report) return { status: 'no_meetings' };
  const target = await reportCalendar(ctx, user.id);
  if (!target) return { status: 'no_calendar' };

  const event = reportEvent(report, user.id, ctx.config.appUrl);
  const marker = event.appMarker;
  const existing = await ctx.db
    .select()
    .from(meetings)
    .where(
      and(
        eq(meetings.userId, user.id),
        eq(meetings.eventReportCardId, marker),
        ne(meetings.status, 'deleted'),
      ),
    );
  const previous = existing.find((row) => row.calendarId === target.calendar.id && !isLocalOnly(row));
  const providerEventId = target.writable
    ? await writeToProvider(ctx, target, user, event, previous?.providerEventId)
    : marker;

  const now = ctx.now();
  const fields = {
    summary: event.summary,
    description: event.description ?? '',
    startsAt: event.startsAt,
    endsAt: event.endsAt,
    allDay: false,
    status: 'confirmed' as const,
    eventReportCardId: marker,
    durationSeconds: Math.round((event.endsAt.getTime() - event.startsAt.getTime()) / 1000),
    // Unknown until the provider's copy is synced: that sync then rewrites the row from the provider.
    contentHash: null,
    updatedAt: now,
  };
  const [row] = await ctx.db
    .insert(meetings)
    .values({
      ...fields,
      userId: user.id,
      companyId: user.companyId,
      calendarId: target.calendar.id,
      providerEventId,
      eventKey: `${providerEventId}|${event.startsAt.toISOString()}`,
      organizerEmail: user.email,
      organizerDomain: user.email.split('@')[1] ?? null,
      organizerName: [user.firstName, user.lastName].filter(Boolean).join(' ') || null,
      responseStatus: 'accepted',
      attendeesCount: 0,
      editPermission: true,
    })
    .onConflictDoUpdate({ target: [meetings.calendarId, meetings.providerEventId], set: fields })
    .returning();
  // Copies left on another calendar (the primary one changed, or the calendar became writable) go.
  for (const other of existing) if (other.id !== row!.id) await removeReportRow(ctx, other);
  await reevaluateMeetings(ctx, user.id, [row!.id]);
  await broadcastToUser(ctx.pubsub, 'MeetingRefreshChannel', user.id, {
    type: 'meeting_updated',
    meeting_id: row!.id,
  });
  return { status: target.writable ? 'written' : 'local', meetingId: row!.id };
}

/**
 * The daily reports were switched off: the report events that have not ended yet (today's, and any later one)
 * leave the calendar and the Plan, and a report job already queued for today is dropped (the job checks the
 * switch again anyway). Past reports stay. A calendar that refuses the deletion keeps its event; the switch
 * still goes off.
 */
export async function removeUpcomingReportEvents(ctx: AppContext, user: Pick<UserRow, 'id' | 'timeZone'>) {
  const todayKey = dailyReportJobKey(user.id, localDay(ctx.now(), user.timeZone));
  await ctx.jobs.cancel(todayKey);
  // After a run writing today's report right now, which then finds the switch off.
  return alone(ctx, todayKey, () => removeUpcomingNow(ctx, user.id));
}

async function removeUpcomingNow(ctx: AppContext, userId: string) {
  const rows = await ctx.db
    .select()
    .from(meetings)
    .where(
      and(
        eq(meetings.userId, userId),
        like(meetings.eventReportCardId, `${REPORT_MARKER_PREFIX}${userId}:%`),
        ne(meetings.status, 'deleted'),
        // Not ended yet: today's until it is over, and any later one.
        gt(meetings.endsAt, ctx.now()),
      ),
    );
  let removed = 0;
  for (const row of rows) if (await removeReportRow(ctx, row)) removed++;
  if (removed)
    await broadcastToUser(ctx.pubsub, 'MeetingRefreshChannel', userId, { type: 'meeting_updated' });
  return removed;
}

/** One report job per person and local date. */
export const dailyReportJobKey = (userId: string, date: string) => `daily_report_event:${userId}:${date}`;
