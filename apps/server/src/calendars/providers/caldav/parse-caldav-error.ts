import { networkFailure } from '../../network-failure';
import { ProviderError } from '../../types';
import { retryAfterMs } from '../ics/parse-ics-error';

const WRITE_METHODS = new Set(['PUT', 'DELETE', 'PROPPATCH', 'MKCOL', 'MKCALENDAR', 'MOVE', 'COPY', 'POST']);

/**
 * A CalDAV server's HTTP failure → the closed set of provider errors:
 * 401 → auth_revoked (Basic credentials no longer accepted); 403 → auth_revoked on a read (access to the
 * calendar withdrawn), invalid on a write (no write permission on that calendar or object); 404/410 →
 * not_found; 412 (If-Match lost: the object changed meanwhile) → temporary, to retry after re-reading;
 * 429 → rate_limited and 503 → temporary, both with Retry-After; other 5xx → temporary; other 4xx → invalid.
 */
export function parseCaldavError(
  response: { status: number; headers?: Headers | undefined; method?: string | undefined },
  now?: number,
): ProviderError {
  const { status } = response;
  const method = (response.method ?? 'GET').toUpperCase();
  const retryAfter = retryAfterMs(response.headers?.get('retry-after'), now);
  if (status === 401)
    return new ProviderError(
      'auth_revoked',
      'The CalDAV server refused the user name or password (401)',
      undefined,
      401,
    );
  if (status === 403) {
    return WRITE_METHODS.has(method)
      ? new ProviderError(
          'invalid',
          `The CalDAV server does not allow this change (403 on ${method})`,
          undefined,
          403,
        )
      : new ProviderError('auth_revoked', 'The CalDAV server refused access (403)', undefined, 403);
  }
  if (status === 404 || status === 410)
    return new ProviderError('not_found', `Not found on the CalDAV server (${status})`, undefined, status);
  if (status === 412)
    return new ProviderError(
      'temporary',
      'The event changed on the CalDAV server meanwhile (412); read it again',
      undefined,
      412,
    );
  if (status === 429)
    return new ProviderError('rate_limited', 'The CalDAV server asks to slow down (429)', retryAfter, 429);
  if (status === 408 || status >= 500)
    return new ProviderError('temporary', `The CalDAV server failed (${status})`, retryAfter, status);
  if (status >= 400)
    return new ProviderError(
      'invalid',
      `The CalDAV server rejected the request (${status})`,
      undefined,
      status,
    );
  return new ProviderError(
    'unknown',
    `Unexpected answer from the CalDAV server (${status})`,
    undefined,
    status,
  );
}

/** A failure with no HTTP answer: DNS, refused connection, TLS, timeout. */
export function parseCaldavFailure(error: unknown): ProviderError {
  return networkFailure(error, 'The CalDAV server');
}
