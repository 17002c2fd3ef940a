import { buildImportReport, type ImportReportProblem } from '@meetwell/domain';
import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { calendars, synchronizations } from '../../db/schema';

/**
 * Every change of a calendar's sync state goes through these functions. Each takes the context's clock
 * (`now`): resetStuckSyncs compares these times with the same clock.
 */

export async function markSyncQueued(db: Database, calendarId: string, now: Date) {
  await db
    .update(calendars)
    .set({ syncStatus: 'queued', syncStageStartedAt: now })
    .where(and(eq(calendars.id, calendarId), sql`${calendars.syncStatus} <> 'running'`));
}

export async function markSyncRunning(
  db: Database,
  calendarId: string,
  userId: string,
  kind: 'full' | 'incremental',
  window: { from: Date; to: Date },
  now: Date,
) {
  await db
    .update(calendars)
    .set({ syncStatus: 'running', syncStageStartedAt: now })
    .where(eq(calendars.id, calendarId));
  const [row] = await db
    .insert(synchronizations)
    .values({ userId, calendarId, kind, periodStart: window.from, periodEnd: window.to })
    .returning({ id: synchronizations.id });
  return row!.id;
}

export async function markSyncSucceeded(
  db: Database,
  params: {
    calendarId: string;
    synchronizationId: string;
    cursor: string | null;
    full: boolean;
    window: { from: Date; to: Date };
    eventsSeen: number;
    /** The source's read problems (ICS): the calendar's import report is replaced. */
    problems?: ImportReportProblem[] | undefined;
    now: Date;
  },
) {
  const { now } = params;
  const report =
    params.problems !== undefined
      ? {
          importReport: buildImportReport({
            readAt: now,
            events: params.eventsSeen,
            problems: params.problems,
          }),
        }
      : {};
  await db
    .update(calendars)
    .set({
      syncStatus: 'idle',
      syncCursor: params.cursor,
      syncFailureCount: 0,
      syncError: null,
      lastSyncedAt: now,
      needsPermission: false,
      ...report,
      ...(params.full
        ? { lastFullSyncAt: now, syncedFrom: params.window.from, syncedTo: params.window.to }
        : {}),
    })
    .where(eq(calendars.id, params.calendarId));
  await db
    .update(synchronizations)
    .set({ status: 'succeeded', finishedAt: now, eventsSeen: params.eventsSeen })
    .where(eq(synchronizations.id, params.synchronizationId));
}

export async function markSyncFailed(
  db: Database,
  params: {
    calendarId: string;
    synchronizationId?: string;
    error: string;
    needsPermission?: boolean;
    now: Date;
  },
) {
  await db
    .update(calendars)
    .set({
      syncStatus: 'failed',
      syncError: params.error.slice(0, 500),
      syncFailureCount: sql`${calendars.syncFailureCount} + 1`,
      ...(params.needsPermission ? { needsPermission: true } : {}),
    })
    .where(eq(calendars.id, params.calendarId));
  if (params.synchronizationId) {
    await db
      .update(synchronizations)
      .set({ status: 'failed', finishedAt: params.now, error: params.error.slice(0, 500) })
      .where(eq(synchronizations.id, params.synchronizationId));
  }
}

/** A sync whose worker died stays 'running'; after this long it is considered stuck and may start again. */
const STUCK_AFTER_MS = 30 * 60 * 1000;

export async function resetStuckSyncs(db: Database, now: Date) {
  const stuckBefore = new Date(now.getTime() - STUCK_AFTER_MS);
  const reset = await db
    .update(calendars)
    .set({ syncStatus: 'idle' })
    .where(
      and(
        or(eq(calendars.syncStatus, 'running'), eq(calendars.syncStatus, 'queued')),
        lt(calendars.syncStageStartedAt, stuckBefore),
      ),
    )
    .returning({ id: calendars.id });
  await db
    .update(synchronizations)
    .set({ status: 'failed', finishedAt: now, error: 'interrupted' })
    .where(and(eq(synchronizations.status, 'running'), lt(synchronizations.startedAt, stuckBefore)));
  return reset.length;
}
