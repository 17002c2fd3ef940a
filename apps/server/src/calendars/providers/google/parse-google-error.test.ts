import { describe, expect, it } from 'vitest';
import { ProviderError } from '../../types';
import { parseGoogleError, parseRetryAfter } from './parse-google-error';

/** The shape gaxios throws for an HTTP error. */
function httpError(status: number, reason?: string, headers: Record<string, string> = {}) {
  const error = new Error(`Request failed with status code ${status}`) as Error & Record<string, unknown>;
  error.status = status;
  error.response = {
    status,
    headers: new Headers(headers),
    data: {
      error: {
        code: status,
        message: 'm',
        errors: reason ? [{ domain: 'global', reason, message: 'm' }] : [],
      },
    },
  };
  return error;
}

describe('parseGoogleError', () => {
  it('decides 410 by operation: a sync cursor is invalid, an event is gone', () => {
    expect(parseGoogleError(httpError(410), { operation: 'sync' }).kind).toBe('cursor_invalid');
    expect(parseGoogleError(httpError(410, 'deleted'), { operation: 'event' }).kind).toBe('not_found');
    expect(parseGoogleError(httpError(410, 'fullSyncRequired'), { operation: 'other' }).kind).toBe(
      'cursor_invalid',
    );
  });

  it('gives usage and daily limits long backoff hints', () => {
    expect(parseGoogleError(httpError(403, 'quotaExceeded'))).toMatchObject({
      kind: 'rate_limited',
      retryAfterMs: 15 * 60_000,
    });
    expect(parseGoogleError(httpError(403, 'dailyLimitExceeded'))).toMatchObject({
      kind: 'rate_limited',
      retryAfterMs: 60 * 60_000,
    });
  });

  it('does not ask to reconnect for an operation only the organizer may do', () => {
    expect(parseGoogleError(httpError(403, 'forbiddenForNonOrganizer')).kind).toBe('invalid');
  });

  it('reads the error body when it arrives as text', () => {
    const error = httpError(403);
    (error.response as Record<string, unknown>).data = JSON.stringify({
      error: { code: 403, message: 'Rate Limit Exceeded', errors: [{ reason: 'rateLimitExceeded' }] },
    });
    expect(parseGoogleError(error).kind).toBe('rate_limited');
  });

  it('classifies network failures as temporary and anything else as unknown', () => {
    expect(parseGoogleError(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' })).kind).toBe(
      'temporary',
    );
    expect(parseGoogleError(new Error('Missing required parameters: calendarId')).kind).toBe('unknown');
    expect(parseGoogleError('boom').kind).toBe('unknown');
  });

  it('passes a ProviderError through', () => {
    const error = new ProviderError('token_expired', 'no token');
    expect(parseGoogleError(error)).toBe(error);
  });

  it('sorts other statuses', () => {
    expect(parseGoogleError(httpError(409, 'duplicate')).kind).toBe('invalid');
    expect(parseGoogleError(httpError(412)).kind).toBe('invalid');
    expect(parseGoogleError(httpError(408)).kind).toBe('temporary');
    expect(parseGoogleError(httpError(502)).kind).toBe('temporary');
    expect(parseGoogleError(httpError(418)).kind).toBe('unknown');
  });
});

describe('parseRetryAfter', () => {
  const now = new Date('2024-01-20T12:00:00Z');
  it('reads seconds and HTTP dates, never negative', () => {
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter('Sat, 20 Jan 2024 12:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Sat, 20 Jan 2024 11:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });
});
