import * as oidc from 'openid-client';
import type { SsoProvider } from '../../config';

const DISCOVERY_TIMEOUT_SECONDS = 10;

/** One discovered Configuration per provider, shared by every request; dropped when it fails so it is rediscovered. */
const configurations = new Map<string, Promise<oidc.Configuration>>();

const keyOf = (provider: SsoProvider) => `${provider.id}\n${provider.issuer}\n${provider.clientId}`;

async function discover(provider: SsoProvider): Promise<oidc.Configuration> {
  const issuer = new URL(provider.issuer);
  const execute = issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [];
  const configuration = await oidc.discovery(
    issuer,
    provider.clientId,
    provider.clientSecret,
    oidc.ClientSecretBasic(provider.clientSecret),
    { execute, timeout: DISCOVERY_TIMEOUT_SECONDS },
  );
  // client_secret_basic is the default every issuer must support; use post only where an issuer says it is all it takes.
  const methods = configuration.serverMetadata().token_endpoint_auth_methods_supported;
  if (methods && !methods.includes('client_secret_basic') && methods.includes('client_secret_post')) {
    const viaPost = new oidc.Configuration(
      configuration.serverMetadata(),
      provider.clientId,
      provider.clientSecret,
      oidc.ClientSecretPost(provider.clientSecret),
    );
    for (const step of execute) step(viaPost);
    return viaPost;
  }
  return configuration;
}

export function getClientConfiguration(provider: SsoProvider): Promise<oidc.Configuration> {
  const key = keyOf(provider);
  const cached = configurations.get(key);
  if (cached) return cached;
  const pending = discover(provider);
  configurations.set(key, pending);
  pending.catch(() => {
    if (configurations.get(key) === pending) configurations.delete(key);
  });
  return pending;
}

/** Forget a provider's metadata (keys rotated, endpoints moved): the next call discovers it again. */
export function forgetClientConfiguration(provider: SsoProvider) {
  configurations.delete(keyOf(provider));
}

/** An answer of the provider itself (an OAuth error), as opposed to a network, metadata or key problem. */
export function isProviderAnswer(
  error: unknown,
): error is oidc.ResponseBodyError | oidc.AuthorizationResponseError {
  return error instanceof oidc.ResponseBodyError || error instanceof oidc.AuthorizationResponseError;
}
