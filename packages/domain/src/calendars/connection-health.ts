import { PRODUCT_NAME } from '../constants/product';

/**
 * Connection health: when a calendar can no longer be read, its owner is told at once (a banner, the calendar's
 * row, one mail) and auto-balance stops acting on its meetings until it is read again.
 *
 * A refusal that waiting cannot heal breaks the connection at the first failure: access refused or revoked
 * (401/403, an expired token that could not be refreshed, a CalDAV password no longer accepted) and a source
 * that is gone (404/410 of a feed or calendar). Failures that usually heal by themselves (429, 5xx, timeouts,
 * unreachable hosts, an answer we could not use, our own storage failing) break it only when repeated:
 * CONNECTION_BREAKS_AFTER_FAILURES consecutive failures spread over at least CONNECTION_BREAKS_AFTER_MS with no
 * good read between them. A sync retries within minutes (backoff), so a short outage of the provider never
 * mails anyone; a feed that fails for an hour does.
 */

/** Why a read failed, as the server's provider adapters classify it (plus `internal`: our side failed). */
export type SyncFailureKind =
  | 'auth_revoked'
  | 'token_expired'
  | 'not_found'
  | 'rate_limited'
  | 'temporary'
  | 'cursor_invalid'
  | 'invalid'
  | 'unknown'
  | 'internal';

export const SYNC_FAILURE_KINDS = [
  'auth_revoked',
  'token_expired',
  'not_found',
  'rate_limited',
  'temporary',
  'cursor_invalid',
  'invalid',
  'unknown',
  'internal',
] as const satisfies readonly SyncFailureKind[];

/** What the person is told: access was refused, the source is gone, or reading keeps failing. */
export type ConnectionProblem = 'access_refused' | 'not_found' | 'repeated_failures';

export const CONNECTION_PROBLEMS = [
  'access_refused',
  'not_found',
  'repeated_failures',
] as const satisfies readonly ConnectionProblem[];

/** Consecutive failures (with no good read between) after which passing failures break the connection. */
export const CONNECTION_BREAKS_AFTER_FAILURES = 5;
/** ...and the time they must span since the first of them. */
export const CONNECTION_BREAKS_AFTER_MS = 60 * 60_000;

const AT_ONCE: Partial<Record<SyncFailureKind, ConnectionProblem>> = {
  auth_revoked: 'access_refused',
  token_expired: 'access_refused',
  not_found: 'not_found',
};

/** Whether this kind of failure breaks the connection at once (nothing but the person can mend it). */
export function breaksAtOnce(kind: SyncFailureKind): boolean {
  return AT_ONCE[kind] !== undefined;
}

/**
 * The connection's problem after a failed read, or null while it is only failing for a while.
 * `consecutiveFailures` counts this failure too; `failingSince` is the first failure since the last good read.
 */
export function connectionProblemAfter(failure: {
  kind: SyncFailureKind;
  consecutiveFailures: number;
  failingSince: Date;
  now: Date;
}): ConnectionProblem | null {
  const atOnce = AT_ONCE[failure.kind];
  if (atOnce) return atOnce;
  const repeated =
    failure.consecutiveFailures >= CONNECTION_BREAKS_AFTER_FAILURES &&
    failure.now.getTime() - failure.failingSince.getTime() >= CONNECTION_BREAKS_AFTER_MS;
  return repeated ? 'repeated_failures' : null;
}

export type CalendarSourceKind = 'google' | 'microsoft' | 'caldav' | 'ics';

/**
 * How a broken connection is mended in one step: sign in with the provider again (Google, Microsoft), a new
 * password (CalDAV), a new address (an ICS subscription) or the file again (an imported ICS file).
 */
export type ReconnectMethod = 'sign_in' | 'password' | 'url' | 'upload';

export function reconnectMethod(calendar: {
  provider: CalendarSourceKind;
  source_url: string | null;
}): ReconnectMethod {
  if (calendar.provider === 'google' || calendar.provider === 'microsoft') return 'sign_in';
  if (calendar.provider === 'caldav') return 'password';
  return calendar.source_url ? 'url' : 'upload';
}

const PROBLEM_TEXT: Record<ConnectionProblem, string> = {
  access_refused: 'access was refused',
  not_found: 'it is no longer at its address',
  repeated_failures: 'reading it keeps failing',
};

/** "MeetWell cannot read “Work”: access was refused." — the banner, the calendar's row and the mail. */
export function connectionProblemText(calendarName: string, problem: ConnectionProblem): string {
  return `${PRODUCT_NAME} cannot read “${calendarName}”: ${PROBLEM_TEXT[problem]}.`;
}

/** What follows from it, said beside the problem. */
export const CONNECTION_PAUSE_TEXT = 'Auto-balance does not act on its meetings until it is read again.';

export const RECONNECT_LABEL: Record<ReconnectMethod, string> = {
  sign_in: 'Sign in again',
  password: 'Enter the new password',
  url: 'Give the new address',
  upload: 'Upload the file again',
};
