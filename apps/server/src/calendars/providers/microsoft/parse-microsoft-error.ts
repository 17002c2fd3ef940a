/**
 * Microsoft Graph failures → the closed set of ProviderError kinds (see ../../types.ts).
 * https://learn.microsoft.com/graph/errors, https://learn.microsoft.com/graph/throttling,
 * https://learn.microsoft.com/graph/delta-query-overview (410 Gone / syncStateNotFound / resyncRequired).
 */
import { GraphClientError, GraphError } from '@microsoft/microsoft-graph-client';
import { ProviderError } from '../../types';

/** Error codes meaning the delta token is no longer usable: start again with a full sync. */
const CURSOR_CODES = new Set([
  'syncstatenotfound',
  'resyncrequired',
  'syncstateinvalid',
  'errorinvalidsyncstatedata',
]);
/** 403s that are throttling, not a lost permission. */
const THROTTLE_CODES = new Set(['applicationthrottled', 'toomanyrequests', 'errortoomanyobjectsopened']);

type ErrorFacts = { status: number; code: string; message: string; headers?: Headers | undefined };

function factsOf(error: unknown): ErrorFacts | null {
  if (error instanceof GraphError) {
    return {
      status: error.statusCode,
      code: error.code ?? '',
      message: error.message,
      headers: error.headers,
    };
  }
  // A GraphError from another copy of the SDK, or a plain object shaped like one.
  if (error && typeof error === 'object' && 'statusCode' in error && typeof error.statusCode === 'number') {
    const e = error as { statusCode: number; code?: unknown; message?: unknown; headers?: unknown };
    return {
      status: e.statusCode,
      code: typeof e.code === 'string' ? e.code : '',
      message: typeof e.message === 'string' ? e.message : '',
      headers: e.headers instanceof Headers ? e.headers : undefined,
    };
  }
  return null;
}

/** Retry-After as milliseconds: delta-seconds or an HTTP date. */
export function parseRetryAfter(
  value: string | null | undefined,
  now: number = Date.now(),
): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const at = Date.parse(trimmed);
  return Number.isFinite(at) ? Math.max(0, at - now) : undefined;
}

/** Turns anything the Graph SDK (or our own code around it) throws into a ProviderError. */
export function parseMicrosoftError(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  if (error instanceof GraphClientError) {
    return new ProviderError('unknown', `Microsoft Graph client: ${error.message}`);
  }
  const facts = factsOf(error);
  if (!facts) {
    const message = error instanceof Error ? error.message : String(error);
    return new ProviderError('unknown', `Microsoft Graph: ${message}`);
  }
  const { status, code } = facts;
  const lowerCode = code.toLowerCase();
  const message = `Microsoft Graph ${status > 0 ? status : 'network error'}${code ? ` ${code}` : ''}: ${facts.message}`;
  const retryAfterMs = parseRetryAfter(facts.headers?.get('retry-after'));
  const error_ = (kind: ConstructorParameters<typeof ProviderError>[0], retry?: number) =>
    new ProviderError(kind, message, retry, status > 0 ? status : undefined);

  // No HTTP status: the request never got an answer (DNS, refused, reset, timeout).
  if (status <= 0) return error_('temporary');
  if (CURSOR_CODES.has(lowerCode) || status === 410) return error_('cursor_invalid');
  if (status === 401) return error_('token_expired');
  if (status === 403)
    return THROTTLE_CODES.has(lowerCode) ? error_('rate_limited', retryAfterMs) : error_('auth_revoked');
  if (status === 404) return error_('not_found');
  if (status === 429) return error_('rate_limited', retryAfterMs);
  if (status === 409 || status === 423) return error_('temporary', retryAfterMs);
  if (status >= 500) return error_('temporary', retryAfterMs);
  if (status >= 400) return error_('invalid');
  return error_('unknown');
}
