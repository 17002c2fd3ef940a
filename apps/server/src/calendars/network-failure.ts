import { ProviderError } from './types';

/**
 * A failure before any HTTP answer (DNS, refused connection, TLS, timeout) from a server we fetch ourselves
 * (CalDAV, ICS feeds): always temporary, retried with backoff. `what` names the server in the message.
 */
export function networkFailure(error: unknown, what: string): ProviderError {
  if (error instanceof ProviderError) return error;
  const name = error instanceof Error ? error.name : '';
  if (name === 'TimeoutError' || name === 'AbortError')
    return new ProviderError('temporary', `${what} did not answer in time`);
  const message =
    error instanceof Error
      ? error.cause instanceof Error
        ? error.cause.message
        : error.message
      : String(error);
  return new ProviderError('temporary', `${what} could not be reached: ${message}`);
}
