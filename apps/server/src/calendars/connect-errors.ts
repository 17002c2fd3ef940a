import type { AppContext } from '../context';
import { AppError } from '../http/errors';
import { resolvesToPublicAddress } from '../lib/public-url';
import { ProviderError } from './types';

/** A 400 on `pointer` unless the address is on the public internet (or this server allows private hosts). */
export async function assertReachableHost(ctx: AppContext, url: string, pointer: string) {
  if (ctx.config.allowPrivateCalendarHosts || (await resolvesToPublicAddress(url))) return;
  throw new AppError('validation_failed', [
    { detail: 'This address is not on the public internet, so the server will not connect to it.', pointer },
  ]);
}

/** A provider's refusal while connecting a calendar, as a 400 the person can act on; anything else rethrown. */
export function providerFailure(error: unknown, what: string): never {
  if (error instanceof ProviderError) {
    if (error.kind === 'auth_revoked' || error.kind === 'token_expired') {
      throw new AppError('validation_failed', [{ detail: `${what}: the server refused these credentials.` }]);
    }
    if (error.kind === 'not_found')
      throw new AppError('validation_failed', [{ detail: `${what}: nothing was found at that address.` }]);
    throw new AppError('validation_failed', [{ detail: `${what}: ${error.message}` }]);
  }
  throw error;
}
