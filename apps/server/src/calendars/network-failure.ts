import { PrivateAddressError } from '../lib/public-url';
import { ProviderError } from './types';

/**
 * A failure before any HTTP answer (DNS, refused connection, TLS, timeout) from a server we fetch ourselves
 * (CalDAV, ICS feeds): always temporary, retried with backoff. `what` names the server in the message.
 */
export function networkFailure(error: unknown, what: string): ProviderError {
  if (error instanceof ProviderError) return error;
  // Refused by the public-address check (here, at a redirect, or after the name moved): retrying cannot help.
  const refused = [error, error instanceof Error ? error.cause : undefined].find(
    (e): e is PrivateAddressError => e instanceof PrivateAddressError,
  );
  if (refused) return new ProviderError('invalid', `${what} could not be read: ${refused.message}`);
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
