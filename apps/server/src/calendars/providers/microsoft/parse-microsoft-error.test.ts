import { GraphClientError, GraphError } from '@microsoft/microsoft-graph-client';
import { describe, expect, it } from 'vitest';
import { ProviderError } from '../../types';
import { parseMicrosoftError, parseRetryAfter } from './parse-microsoft-error';

function graphError(status: number, code: string, headers: Record<string, string> = {}): GraphError {
  const error = new GraphError(status, `${code} message`);
  error.code = code;
  error.headers = new Headers(headers);
  return error;
}

describe('parseMicrosoftError', () => {
  it.each([
    [401, 'InvalidAuthenticationToken', 'token_expired'],
    [403, 'ErrorAccessDenied', 'auth_revoked'],
    [403, 'Authorization_RequestDenied', 'auth_revoked'],
    [403, 'ApplicationThrottled', 'rate_limited'],
    [404, 'ErrorItemNotFound', 'not_found'],
    [410, 'Gone', 'cursor_invalid'],
    [400, 'syncStateNotFound', 'cursor_invalid'],
    [410, 'resyncRequired', 'cursor_invalid'],
    [400, 'SyncStateInvalid', 'cursor_invalid'],
    [429, 'TooManyRequests', 'rate_limited'],
    [409, 'ErrorIrresolvableConflict', 'temporary'],
    [500, 'ErrorInternalServerError', 'temporary'],
    [502, 'http502', 'temporary'],
    [503, 'ServiceUnavailable', 'temporary'],
    [504, 'UnknownError', 'temporary'],
    [400, 'ErrorInvalidRequest', 'invalid'],
  ] as const)('%i %s → %s', (status, code, kind) => {
    const parsed = parseMicrosoftError(graphError(status, code));
    expect(parsed).toBeInstanceOf(ProviderError);
    expect(parsed.kind).toBe(kind);
    expect(parsed.status).toBe(status);
  });

  it('429 and 503 carry Retry-After', () => {
    expect(parseMicrosoftError(graphError(429, 'TooManyRequests', { 'Retry-After': '7' })).retryAfterMs).toBe(
      7000,
    );
    expect(parseMicrosoftError(graphError(503, 'ServiceUnavailable', { 'retry-after': '2' }))).toMatchObject({
      kind: 'temporary',
      retryAfterMs: 2000,
    });
  });

  it('a request that never got an answer is temporary', () => {
    const network = new GraphError(-1, 'fetch failed');
    network.code = 'TypeError';
    expect(parseMicrosoftError(network)).toMatchObject({ kind: 'temporary', status: undefined });
  });

  it('passes ProviderErrors through; SDK misuse and unknown throws are unknown', () => {
    const own = new ProviderError('cursor_invalid', 'x');
    expect(parseMicrosoftError(own)).toBe(own);
    expect(parseMicrosoftError(new GraphClientError('bad')).kind).toBe('unknown');
    expect(parseMicrosoftError(new TypeError('boom')).kind).toBe('unknown');
    expect(parseMicrosoftError('weird').kind).toBe('unknown');
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    const now = Date.parse('2024-05-10T12:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter('Fri, 10 May 2024 12:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Fri, 10 May 2024 11:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});
