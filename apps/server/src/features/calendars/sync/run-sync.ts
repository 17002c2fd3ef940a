import type { SyncFailureKind } from '@meetwell/domain';
import { eq, sql } from 'drizzle-orm';
import { NeedsPermissionError } from '../../../auth/oidc/access-token';
import { connectionFor, loadCalendarWithOwner } from '../../../calendars/connection';
import { driverFor } from '../../../calendars/registry';
import {
  type CalendarConnection,
  type CalendarEvent,
  ProviderError,
  type SyncResult,
  type SyncWindow,
} from '../../../calendars/types';
import type { AppContext } from '../../../context';
import { identities } from '../../../db/schema';
import { broadcastToUser } from '../../../realtime/broadcast';
import { scoreFirstImport } from '../../evaluation/first-import';
import { reevaluateSpans } from '../../evaluation/reevaluate';
import { capCalendarEvents, capPersonEvents } from './calendar-cap';
import { eventLengthBound } from './event-length';
import { withItemsLeftOut } from './items-left-out';
import { prepareAhead } from './prepare-ahead';
import { storeSyncResult } from './store-events';
import { withCalendarSyncLock } from './sync-lock';
import { markSyncFailed, markSyncRunning, markSyncSucceeded } from './sync-state';
import { needsFullSync, syncWindow } from './window';

export type SyncMode = 'full' | 'incremental';

/** Thrown when the provider asked us to wait: the job is put back for later instead of failing. */
export class RetryLater extends Error {
  constructor(
    readonly delayMs: number,
    message: string,
  ) {
    super(message);
  }
}

const MAX_BACKOFF_MS = 15 * 60 * 1000;

/** Retry-After when the provider gave one, else exponential backoff; with jitter so calendars do not align. */
function backoffDelay(attempt: number, retryAfterMs: number | undefined, random = Math.random): number {
  const base = retryAfterMs ?? Math.min(MAX_BACKOFF_MS, 2 ** Math.min(attempt, 10) * 1000);
  return Math.round(base + base * 0.2 * random());
}

/**
 * Reads one calendar from its provider and stores what changed: full when asked, when there is no cursor or the
 * window slid, or when the provider says the cursor expired; incremental otherwise. Then re-evaluates every
 * meeting whose time span was touched and tells the user's open sessions to reload.
 */
export function runCalendarSync(
  ctx: AppContext,
  params: { calendarId: string; mode: SyncMode; attempt?: number },
) {
  return withCalendarSyncLock(ctx, params.calendarId, () => syncCalendarNow(ctx, params));
}

async function syncCalendarNow(
  ctx: AppContext,
  params: { calendarId: string; mode: SyncMode; attempt?: number },
) {
  const loaded = await loadCalendarWithOwner(ctx, params.calendarId);
  if (!loaded?.calendar.watching) return { skipped: true as const };
  const { calendar, owner } = loaded;
  const driver = driverFor(ctx, calendar.provider);
  const window = syncWindow(ctx.now());
  const full =
    params.mode === 'full' ||
    needsFullSync({ cursor: calendar.syncCursor, syncedTo: calendar.syncedTo, window });
  const synchronizationId = await markSyncRunning(
    ctx,
    calendar.id,
    owner.id,
    full ? 'full' : 'incremental',
    window,
    ctx.now(),
  );
  try {
    let connection = await connectionFor(ctx, calendar, owner);
    const target = {
      calendarId: calendar.id,
      userId: owner.id,
      companyId: owner.companyId,
      ownerEmail: owner.email,
    };
    const now = ctx.now();
    // Events are described as the driver hands them over, while it still reads the rest.
    const ahead = prepareAhead(target, now);
    const lengths = eventLengthBound(window);
    const onEvents = (events: CalendarEvent[]) => {
      lengths.cut(events);
      ahead.add(events);
    };
    const read = async (cursor: string | null): Promise<SyncResult> => {
      try {
        return await driver.syncEvents(connection, { cursor, window, onEvents });
      } catch (error) {
        if (error instanceof ProviderError && error.kind === 'cursor_invalid' && cursor) {
          return driver.syncEvents(connection, { cursor: null, window, onEvents });
        }
        if (error instanceof ProviderError && error.kind === 'token_expired' && calendar.identityId) {
          // The provider refused the access token: forget it, so the next one comes from a refresh.
          await ctx.db
            .update(identities)
            .set({ accessTokenExpiresAt: new Date(0) })
            .where(eq(identities.id, calendar.identityId));
          connection = await connectionFor(ctx, calendar, owner);
          return driver.syncEvents(connection, { cursor, window, onEvents });
        }
        throw error;
      }
    };
    const whole = capCalendarEvents(lengths.apply(await read(full ? null : calendar.syncCursor)));
    const result = whole.full
      ? capPersonEvents(
          whole,
          await othersInWindow(ctx, owner.id, calendar.id, window),
          ctx.config.maxEventsPerPerson,
        )
      : whole;
    const outcome = await storeSyncResult(ctx.pool, target, result, window, now, {
      scoreFirstImport,
      preparedAhead: ahead,
    });
    // Switched on again (its meetings were kept while it was off): every meeting of the window is scored
    // again, since its neighbours may have changed meanwhile and it is a neighbour of the others again.
    const rewatched = full && !calendar.lastFullSyncAt && !outcome.firstImport;
    await reevaluateSpans(ctx, owner.id, rewatched ? [window] : outcome.rescore, { scored: outcome.touched });
    await markSyncSucceeded(ctx, {
      calendarId: calendar.id,
      synchronizationId,
      cursor: result.cursor,
      full: result.full,
      window,
      eventsSeen: result.events.length,
      // Only a source that reports on its reads (a file, CalDAV: read whole each time) has its report replaced.
      problems: result.problems && withItemsLeftOut(result.problems, outcome.itemsLeftOut),
      now: ctx.now(),
    });
    await broadcastToUser(ctx.pubsub, 'MeetingRefreshChannel', owner.id, {
      type: 'sync_finished',
      calendar_id: calendar.id,
      changed: outcome.changedMeetingIds.length + outcome.deletedMeetingIds.length,
    });
    return { skipped: false as const, ...outcome, full: result.full };
  } catch (error) {
    const needsPermission = await handleSyncError(ctx, {
      error,
      calendarId: calendar.id,
      synchronizationId,
      attempt: params.attempt ?? 1,
    });
    if (!needsPermission) throw error;
    // Retrying cannot help: only the user can grant access again. Their next request gets a 422.
    await broadcastToUser(ctx.pubsub, 'MeetingRefreshChannel', owner.id, {
      type: 'needs_permission',
      calendar_id: calendar.id,
    });
    return { skipped: true as const, needsPermission: true };
  }
}

/** The person's events in the window in their other watched calendars (the per-person cap's count). */
async function othersInWindow(ctx: AppContext, userId: string, calendarId: string, window: SyncWindow) {
  const { rows } = await ctx.db.execute<{ n: number }>(sql`
    select count(*)::int as n from meetings m
     where m.user_id = ${userId} and m.calendar_id <> ${calendarId} and m.status <> 'deleted'
       and m.starts_at < ${window.to} and m.ends_at >= ${window.from}
       and exists (select 1 from calendars c where c.id = m.calendar_id and c.watching)`);
  return rows[0]?.n ?? 0;
}

/** The failure as the connection-health rule knows it: the provider's kind, a lost grant, or our own side. */
function failureKind(error: unknown): SyncFailureKind {
  if (error instanceof NeedsPermissionError) return 'auth_revoked';
  if (error instanceof ProviderError) return error.kind;
  return 'internal';
}

async function handleSyncError(
  ctx: AppContext,
  params: { error: unknown; calendarId: string; synchronizationId: string; attempt: number },
) {
  const { error } = params;
  // The calendar row shows this to its owner: a provider's refusal says what it is; anything else (the
  // database, a bug) is named in the server's log (jobs/job-error.ts), not on the screen.
  const message =
    error instanceof ProviderError || error instanceof NeedsPermissionError
      ? error.message
      : 'MeetWell could not store this calendar’s events. It tries again by itself; Re-sync tries now.';
  const revoked =
    error instanceof NeedsPermissionError ||
    (error instanceof ProviderError && (error.kind === 'auth_revoked' || error.kind === 'token_expired'));
  await markSyncFailed(ctx, {
    calendarId: params.calendarId,
    synchronizationId: params.synchronizationId,
    error: message,
    kind: failureKind(error),
    needsPermission: revoked,
    now: ctx.now(),
  });
  if (error instanceof ProviderError && (error.kind === 'rate_limited' || error.kind === 'temporary')) {
    throw new RetryLater(backoffDelay(params.attempt, error.retryAfterMs), message);
  }
  return revoked;
}

export type { CalendarConnection, SyncWindow };
