import { ProviderError } from '../../types';

/**
 * What the failed call was doing; only 410 Gone depends on it:
 * - `sync`: events.list (with a syncToken or pageToken) → the cursor is no longer valid, do a full resync;
 * - `event`: get/patch/update/delete of one event → the event is gone;
 * - `other`: calendar list, watch, channels.stop.
 */
export type GoogleOperation = 'sync' | 'event' | 'other';

/** Backoff hints when Google does not say how long to wait (the handler adds growth and jitter). */
const GOOGLE_BACKOFF_MS = {
  /** rateLimitExceeded / userRateLimitExceeded / 429 without Retry-After. */
  rateLimit: 10_000,
  /** quotaExceeded: the user hit a Calendar usage limit; these reset over hours. */
  usageLimit: 15 * 60_000,
  /** dailyLimitExceeded: the project's daily quota. */
  dailyLimit: 60 * 60_000,
} as const;

const RATE_LIMIT_REASONS = new Set(['rateLimitExceeded', 'userRateLimitExceeded']);

/** Error codes of failures that never reached Google or never got an answer. */
const NETWORK_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'TimeoutError',
  'AbortError',
]);

type GoogleErrorBody = {
  error?: {
    code?: number;
    message?: string;
    status?: string;
    errors?: { domain?: string; reason?: string; message?: string }[];
  };
};

type HeaderBag = Headers | Record<string, string | string[] | undefined> | undefined;

function header(headers: HeaderBag, name: string): string | undefined {
  if (!headers) return undefined;
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const lower = name.toLowerCase();
  for (const [key, value] of Object.entries(headers as Record<string, string | string[] | undefined>)) {
    if (key.toLowerCase() === lower) return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}

/** Retry-After as delay-seconds or an HTTP date, in milliseconds from `now`; undefined when absent or bad. */
export function parseRetryAfter(value: string | undefined, now: Date = new Date()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now.getTime());
}

function asObject(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
}

function parseBody(data: unknown): GoogleErrorBody {
  if (typeof data === 'string') {
    try {
      return JSON.parse(data) as GoogleErrorBody;
    } catch {
      return {};
    }
  }
  return (asObject(data) as GoogleErrorBody | undefined) ?? {};
}

/**
 * Turns anything the Google SDK (gaxios) throws into the closed set of ProviderError kinds.
 * 401 → token_expired (the caller refreshes, then marks auth_revoked); 403 rate/quota reasons and 429 →
 * rate_limited (Retry-After respected, else a backoff hint); other 403 → auth_revoked, except
 * forbiddenForNonOrganizer (an operation we may not do: invalid); 404 → not_found; 410 → cursor_invalid on a
 * sync (or reason fullSyncRequired), not_found on an event; 400/409/412 → invalid; 408, 5xx and network
 * failures → temporary.
 */
export function parseGoogleError(
  error: unknown,
  context: { operation?: GoogleOperation; now?: Date } = {},
): ProviderError {
  if (error instanceof ProviderError) return error;
  const operation = context.operation ?? 'other';
  const err = asObject(error) ?? {};
  const response = asObject(err.response);
  const status =
    typeof response?.status === 'number'
      ? response.status
      : typeof err.status === 'number'
        ? err.status
        : undefined;

  if (status === undefined) {
    const code = typeof err.code === 'string' ? err.code : undefined;
    const cause = asObject(err.cause);
    const causeCode = [cause?.code, cause?.name, err.name].filter((c): c is string => typeof c === 'string');
    const message = error instanceof Error ? error.message : String(error);
    if (
      (code && NETWORK_CODES.has(code)) ||
      causeCode.some((c) => NETWORK_CODES.has(c)) ||
      (code?.startsWith('UND_ERR') ?? false) ||
      /fetch failed|socket hang up|network/i.test(message)
    ) {
      return new ProviderError('temporary', `Google unreachable: ${message}`);
    }
    return new ProviderError('unknown', `Google request failed: ${message}`);
  }

  const body = parseBody(response?.data);
  const reasons = (body.error?.errors ?? []).map((e) => e.reason ?? '').filter(Boolean);
  const detail = body.error?.message ?? (error instanceof Error ? error.message : 'request failed');
  const message = `Google ${status}${reasons.length ? ` ${reasons.join(',')}` : ''}: ${detail}`;
  const retryAfterMs = parseRetryAfter(
    header(response?.headers as HeaderBag, 'retry-after'),
    context.now ?? new Date(),
  );
  const has = (reason: string) => reasons.includes(reason);

  if (status === 401) return new ProviderError('token_expired', message, undefined, status);
  if (status === 429) {
    return new ProviderError('rate_limited', message, retryAfterMs ?? GOOGLE_BACKOFF_MS.rateLimit, status);
  }
  if (status === 403) {
    if (reasons.some((r) => RATE_LIMIT_REASONS.has(r))) {
      return new ProviderError('rate_limited', message, retryAfterMs ?? GOOGLE_BACKOFF_MS.rateLimit, status);
    }
    if (has('quotaExceeded')) {
      return new ProviderError('rate_limited', message, retryAfterMs ?? GOOGLE_BACKOFF_MS.usageLimit, status);
    }
    if (has('dailyLimitExceeded')) {
      return new ProviderError('rate_limited', message, retryAfterMs ?? GOOGLE_BACKOFF_MS.dailyLimit, status);
    }
    if (has('forbiddenForNonOrganizer')) return new ProviderError('invalid', message, undefined, status);
    return new ProviderError('auth_revoked', message, undefined, status);
  }
  if (status === 404) return new ProviderError('not_found', message, undefined, status);
  if (status === 410) {
    const kind = operation === 'sync' || has('fullSyncRequired') ? 'cursor_invalid' : 'not_found';
    return new ProviderError(kind, message, undefined, status);
  }
  if (status === 408 || status >= 500) return new ProviderError('temporary', message, retryAfterMs, status);
  if (status === 400 || status === 409 || status === 412 || status === 413) {
    return new ProviderError('invalid', message, undefined, status);
  }
  return new ProviderError('unknown', message, undefined, status);
}
