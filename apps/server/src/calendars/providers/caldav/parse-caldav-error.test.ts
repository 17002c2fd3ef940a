import { describe, expect, it } from 'vitest';
import { parseCaldavError, parseCaldavFailure } from './parse-caldav-error';

const headers = (retryAfter: string) => new Headers({ 'retry-after': retryAfter });
const NOW = Date.parse('2027-01-01T00:00:00Z');

describe('parseCaldavError', () => {
  it.each([
    [{ status: 401 }, 'auth_revoked', undefined],
    [{ status: 403, method: 'PROPFIND' }, 'auth_revoked', undefined],
    [{ status: 403, method: 'REPORT' }, 'auth_revoked', undefined],
    [{ status: 403, method: 'PUT' }, 'invalid', undefined],
    [{ status: 403, method: 'DELETE' }, 'invalid', undefined],
    [{ status: 404 }, 'not_found', undefined],
    [{ status: 410 }, 'not_found', undefined],
    [{ status: 412, method: 'PUT' }, 'temporary', undefined],
    [{ status: 429, headers: headers('30') }, 'rate_limited', 30_000],
    [{ status: 429 }, 'rate_limited', undefined],
    [{ status: 503, headers: headers('Fri, 01 Jan 2027 00:02:00 GMT') }, 'temporary', 120_000],
    [{ status: 500 }, 'temporary', undefined],
    [{ status: 502 }, 'temporary', undefined],
    [{ status: 400 }, 'invalid', undefined],
    [{ status: 415, method: 'PUT' }, 'invalid', undefined],
  ] as const)('%j → %s', (response, kind, retryAfterMs) => {
    const error = parseCaldavError(response, NOW);
    expect(error.kind).toBe(kind);
    expect(error.status).toBe(response.status);
    expect(error.retryAfterMs).toBe(retryAfterMs);
  });

  it('reads network failures and timeouts as temporary', () => {
    expect(
      parseCaldavFailure(new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED') })),
    ).toMatchObject({
      kind: 'temporary',
      message: 'The CalDAV server could not be reached: connect ECONNREFUSED',
    });
    expect(parseCaldavFailure(new DOMException('timed out', 'TimeoutError')).kind).toBe('temporary');
  });
});
