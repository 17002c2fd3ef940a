import {
  buildImportReport,
  type ConnectionProblem,
  connectionProblemAfter,
  type ImportReportProblem,
  type SyncFailureKind,
} from '@meetwell/domain';
import { and, eq, isNull, lt, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../../context';
import { calendars, synchronizations } from '../../../db/schema';
import { broadcastToUser } from '../../../realtime/broadcast';
import { connectionBrokenEmailJobKey } from '../connection-health/connection-broken-email.job';
import { resumeAfterRecovery } from '../connection-health/paused';
import { syncJobKey } from './sync-job-key';
import { SYNC_LOCK_NAMESPACE } from './sync-lock';

/**
 * Every change of a calendar's sync state goes through these functions, and each is announced to the owner's
 * open sessions (`sync_status` on MeetingRefreshChannel), so the Account screen follows without a reload.
 * Each takes the context's clock (`now`): releaseDeadSyncs compares these times with the same clock.
 */
type SyncStateContext = Pick<AppContext, 'db' | 'pubsub'>;
/** Failures and recoveries also queue jobs: the owner's mail, auto-balance resuming. */
type SyncOutcomeContext = SyncStateContext & Pick<AppContext, 'jobs' | 'now'>;
export type SyncStatus = 'idle' | 'queued' | 'running' | 'failed';

async function announce(ctx: SyncStateContext, rows: { id: string; userId: string; status: string }[]) {
  for (const row of rows) {
    await broadcastToUser(ctx.pubsub, 'MeetingRefreshChannel', row.userId, {
      type: 'sync_status',
      calendar_id: row.id,
      status: row.status,
    }).catch(() => {
      // At most once, like every push: the next read of the calendars shows the status anyway.
    });
  }
}

const changed = { id: calendars.id, userId: calendars.userId, status: calendars.syncStatus };

/** Returns whether this call queued it: false when a sync was already queued or running. */
export async function markSyncQueued(ctx: SyncStateContext, calendarId: string, now: Date) {
  const rows = await ctx.db
    .update(calendars)
    .set({ syncStatus: 'queued', syncStageStartedAt: now })
    .where(and(eq(calendars.id, calendarId), sql`${calendars.syncStatus} not in ('running', 'queued')`))
    .returning(changed);
  await announce(ctx, rows);
  return rows.length > 0;
}

export async function markSyncRunning(
  ctx: SyncStateContext,
  calendarId: string,
  userId: string,
  kind: 'full' | 'incremental',
  window: { from: Date; to: Date },
  now: Date,
) {
  // The run and its status change together: no reader, nor a session told of it, sees one alone.
  const { rows, runId } = await ctx.db.transaction(async (tx) => {
    const [run] = await tx
      .insert(synchronizations)
      .values({ userId, calendarId, kind, periodStart: window.from, periodEnd: window.to })
      .returning({ id: synchronizations.id });
    const rows = await tx
      .update(calendars)
      .set({ syncStatus: 'running', syncStageStartedAt: now })
      .where(eq(calendars.id, calendarId))
      .returning(changed);
    return { rows, runId: run!.id };
  });
  await announce(ctx, rows);
  return runId;
}

export async function markSyncSucceeded(
  ctx: SyncOutcomeContext,
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
  const { db } = ctx;
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
  const [before] = await db
    .select({ brokenAt: calendars.connectionBrokenAt })
    .from(calendars)
    .where(eq(calendars.id, params.calendarId));
  const rows = await db.transaction(async (tx) => {
    await tx
      .update(synchronizations)
      .set({ status: 'succeeded', finishedAt: now, eventsSeen: params.eventsSeen })
      .where(eq(synchronizations.id, params.synchronizationId));
    return tx
      .update(calendars)
      .set({
        // A sync asked for while this one ran (a push notification, say) waits behind it: still queued.
        syncStatus: sql`case when exists (select 1 from graphile_worker.jobs j
                                         where j.key = ${syncJobKey(params.calendarId)} and j.locked_at is null)
                           then 'queued' else 'idle' end`,
        syncStageStartedAt: now,
        syncCursor: params.cursor,
        syncFailureCount: 0,
        syncError: null,
        lastSyncedAt: now,
        needsPermission: false,
        failingSince: null,
        connectionProblem: null,
        connectionBrokenAt: null,
        ...report,
        ...(params.full
          ? { lastFullSyncAt: now, syncedFrom: params.window.from, syncedTo: params.window.to }
          : {}),
      })
      .where(eq(calendars.id, params.calendarId))
      .returning(changed);
  });
  await announce(ctx, rows);
  // Read again after it broke: auto-balance acts on its meetings again, from this fresh data.
  if (before?.brokenAt && rows[0]) await resumeAfterRecovery(ctx, rows[0].userId, params.calendarId);
}

/**
 * A failed read: counted (consecutive failures since the last good read, and since when), and judged by the
 * domain's connection-health rule. Returns the connection's problem when this failure broke it (or it was).
 */
export async function markSyncFailed(
  ctx: SyncOutcomeContext,
  params: {
    calendarId: string;
    synchronizationId?: string;
    error: string;
    kind: SyncFailureKind;
    needsPermission?: boolean;
    now: Date;
  },
) {
  const { db } = ctx;
  const { now } = params;
  const rows = await db.transaction(async (tx) => {
    if (params.synchronizationId) {
      await tx
        .update(synchronizations)
        .set({ status: 'failed', finishedAt: now, error: params.error.slice(0, 500) })
        .where(eq(synchronizations.id, params.synchronizationId));
    }
    return tx
      .update(calendars)
      .set({
        syncStatus: 'failed',
        syncError: params.error.slice(0, 500),
        syncFailureCount: sql`${calendars.syncFailureCount} + 1`,
        failingSince: sql`coalesce(${calendars.failingSince}, ${now.toISOString()}::timestamptz)`,
        ...(params.needsPermission ? { needsPermission: true } : {}),
      })
      .where(eq(calendars.id, params.calendarId))
      .returning({
        ...changed,
        failures: calendars.syncFailureCount,
        failingSince: calendars.failingSince,
      });
  });
  const row = rows[0];
  const problem = row
    ? connectionProblemAfter({
        kind: params.kind,
        consecutiveFailures: row.failures,
        failingSince: row.failingSince ?? now,
        now,
      })
    : null;
  if (row && problem) await markConnectionBroken(ctx, { calendarId: row.id, problem, now });
  // Announced once the problem is stored: the web app reads the row (and its banner) on this message.
  await announce(ctx, rows);
  return problem;
}

/**
 * The calendar cannot be read: its problem is stored, and the first time since its last good read (the
 * guarded transition of connection_broken_at) its owner's one mail is queued, keyed by that moment. Further
 * failures only keep the problem current; a good read clears it (markSyncSucceeded), so a later break mails
 * again.
 */
async function markConnectionBroken(
  ctx: SyncOutcomeContext,
  params: { calendarId: string; problem: ConnectionProblem; now: Date },
) {
  const { calendarId, problem, now } = params;
  const [broke] = await ctx.db
    .update(calendars)
    .set({ connectionProblem: problem, connectionBrokenAt: now })
    .where(and(eq(calendars.id, calendarId), isNull(calendars.connectionBrokenAt)))
    .returning({ brokenAt: calendars.connectionBrokenAt });
  if (broke?.brokenAt) {
    await ctx.jobs.enqueue(
      'connection_broken_email',
      { calendarId, brokenAt: broke.brokenAt.toISOString() },
      { jobKey: connectionBrokenEmailJobKey(calendarId, broke.brokenAt) },
    );
    return;
  }
  await ctx.db
    .update(calendars)
    .set({ connectionProblem: problem })
    .where(and(eq(calendars.id, calendarId), ne(calendars.connectionProblem, problem)));
}

/** A status this old is checked against what is really going on (a sync starts its work within seconds). */
const SETTLED_AFTER_MS = 60_000;

/**
 * Statuses that outlived their sync: 'running' while no process holds the calendar's sync lock (its worker
 * died: the lock is a session lock, gone with its connection), 'queued' while no sync job waits or runs for
 * it (it failed for good, or was removed). Both go back to 'idle' (the last good sync still shows), and a
 * sync left 'running' is recorded as interrupted. Run every minute by a cron job.
 */
export async function releaseDeadSyncs(ctx: SyncStateContext, now: Date) {
  const settledBefore = new Date(now.getTime() - SETTLED_AFTER_MS);
  const released = await ctx.db.execute<{ id: string; user_id: string; previous: string }>(sql`
    update calendars c set sync_status = 'idle'
      from (select id, sync_status as previous from calendars
             where sync_status in ('running', 'queued') and sync_stage_started_at < ${settledBefore}) stale
     where c.id = stale.id
       and c.sync_status = stale.previous
       and not exists (
         select 1 from pg_locks l
          where l.locktype = 'advisory' and l.classid = ${SYNC_LOCK_NAMESPACE}::oid
            and l.objid = hashtext(c.id::text)::oid and l.objsubid = 2 and l.granted)
       and (stale.previous = 'running'
            or not exists (select 1 from graphile_worker.jobs j where j.key = ${syncJobKey('')} || c.id::text))
    returning c.id, c.user_id, stale.previous`);
  const interrupted = released.rows.filter((r) => r.previous === 'running').map((r) => r.id);
  if (interrupted.length) {
    await ctx.db
      .update(synchronizations)
      .set({ status: 'failed', finishedAt: now, error: 'interrupted' })
      .where(
        and(
          eq(synchronizations.status, 'running'),
          sql`${synchronizations.calendarId} = any(${sql.param(interrupted)}::uuid[])`,
          lt(synchronizations.startedAt, settledBefore),
        ),
      );
  }
  await announce(
    ctx,
    released.rows.map((r) => ({ id: r.id, userId: r.user_id, status: 'idle' })),
  );
  return released.rows.length;
}
