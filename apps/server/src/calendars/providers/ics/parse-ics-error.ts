import { networkFailure } from '../../network-failure';
import { ProviderError } from '../../types';

/** Retry-After (delta seconds or an HTTP date) in ms; undefined when absent or unreadable. */
export function retryAfterMs(value: string | null | undefined, now: number = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/**
 * An ICS subscription's HTTP failure → the closed set of provider errors. A secret feed URL that now answers
 * 401/403 was revoked (Google and Outlook reset them): the user must reconnect.
 */
export function parseIcsHttpError(
  response: { status: number; headers?: Headers | undefined },
  now?: number,
): ProviderError {
  const { status } = response;
  const retryAfter = retryAfterMs(response.headers?.get('retry-after'), now);
  if (status === 401 || status === 403)
    return new ProviderError(
      'auth_revoked',
      `The calendar feed refused access (${status})`,
      undefined,
      status,
    );
  if (status === 404 || status === 410)
    return new ProviderError('not_found', `The calendar feed is gone (${status})`, undefined, status);
  if (status === 429)
    return new ProviderError('rate_limited', 'The calendar feed asks to slow down (429)', retryAfter, status);
  if (status === 408 || status >= 500)
    return new ProviderError('temporary', `The calendar feed failed (${status})`, retryAfter, status);
  if (status >= 400)
    return new ProviderError('invalid', `The calendar feed answered ${status}`, undefined, status);
  return new ProviderError(
    'unknown',
    `Unexpected answer from the calendar feed (${status})`,
    undefined,
    status,
  );
}

/** A failure before any HTTP answer (DNS, refused connection, timeout, size limit). */
export function parseIcsFetchFailure(error: unknown): ProviderError {
  return networkFailure(error, 'The calendar feed');
}
