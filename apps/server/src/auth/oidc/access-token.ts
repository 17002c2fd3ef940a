import { eq } from 'drizzle-orm';
import * as oidc from 'openid-client';
import type { AppContext } from '../../context';
import { identities } from '../../db/schema';
import { AppError } from '../../http/errors';
import { forgetClientConfiguration, getClientConfiguration } from './client';

/** Refresh this long before the provider's expiry, so a token does not lapse mid-request. */
const EXPIRY_MARGIN_MS = 60_000;

/**
 * The provider no longer honours our grant (revoked, expired, password changed, consent withdrawn): only the user
 * can fix it by connecting again. Maps to the 422 "needs permission" answer the web app sends to /needs-permission.
 */
export class NeedsPermissionError extends AppError {
  readonly identityId: string;
  readonly provider: string | null;

  constructor(identityId: string, provider: string | null, detail: string) {
    super('needs_permission', detail);
    this.name = 'NeedsPermissionError';
    this.identityId = identityId;
    this.provider = provider;
  }
}

type IdentityRow = typeof identities.$inferSelect;

/** One refresh per identity at a time in this process: parallel calendar calls share it. */
const refreshing = new Map<string, Promise<string>>();

function isFresh(identity: IdentityRow, now: Date): boolean {
  if (!identity.accessTokenEnc) return false;
  // An issuer that gave no lifetime: trust the token unless we can get a new one.
  if (!identity.accessTokenExpiresAt) return !identity.refreshTokenEnc;
  return identity.accessTokenExpiresAt.getTime() - EXPIRY_MARGIN_MS > now.getTime();
}

async function refresh(ctx: AppContext, identity: IdentityRow): Promise<string> {
  if (!identity.refreshTokenEnc) {
    throw new NeedsPermissionError(
      identity.id,
      identity.provider,
      'Connect your calendar again to grant access.',
    );
  }
  const provider = ctx.config.ssoProviders.find((p) => p.id === identity.provider);
  if (!provider)
    throw new AppError('unavailable', `Sign-in with ${identity.provider} is not configured on this server.`);
  const configuration = await getClientConfiguration(provider);
  let tokens: Awaited<ReturnType<typeof oidc.refreshTokenGrant>>;
  try {
    tokens = await oidc.refreshTokenGrant(configuration, ctx.secrets.decrypt(identity.refreshTokenEnc));
  } catch (error) {
    if (error instanceof oidc.ResponseBodyError && error.error === 'invalid_grant') {
      throw new NeedsPermissionError(
        identity.id,
        identity.provider,
        'Your calendar access was revoked or has expired.',
      );
    }
    if (!(error instanceof oidc.ResponseBodyError)) forgetClientConfiguration(provider);
    throw error;
  }
  const now = ctx.now();
  const expiresIn = tokens.expiresIn();
  await ctx.db
    .update(identities)
    .set({
      accessTokenEnc: ctx.secrets.encrypt(tokens.access_token),
      accessTokenExpiresAt: expiresIn !== undefined ? new Date(now.getTime() + expiresIn * 1000) : null,
      // Issuers that rotate refresh tokens send a new one; the others keep the old one valid.
      ...(tokens.refresh_token ? { refreshTokenEnc: ctx.secrets.encrypt(tokens.refresh_token) } : {}),
      ...(tokens.scope ? { scopes: tokens.scope.split(' ').filter(Boolean) } : {}),
      updatedAt: now,
    })
    .where(eq(identities.id, identity.id));
  return tokens.access_token;
}

/**
 * A valid access token for the identity's provider (calendar calls), refreshed when it has expired or is about to.
 * Throws NeedsPermissionError when the user must connect again.
 */
export async function getAccessToken(ctx: AppContext, identityId: string): Promise<string> {
  const [identity] = await ctx.db.select().from(identities).where(eq(identities.id, identityId)).limit(1);
  if (!identity)
    throw new NeedsPermissionError(identityId, null, 'This calendar connection no longer exists.');
  if (isFresh(identity, ctx.now())) return ctx.secrets.decrypt(identity.accessTokenEnc!);
  const pending = refreshing.get(identityId);
  if (pending) return pending;
  const started = refresh(ctx, identity).finally(() => refreshing.delete(identityId));
  refreshing.set(identityId, started);
  return started;
}
