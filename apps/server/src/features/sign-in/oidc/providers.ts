import type { Config, SsoProvider } from '../../../config';
import { AppError } from '../../../http/errors';

/** What we ask each kind of issuer for: calendar access where the provider has one, and a refresh token. */
type AuthorizationProfile = { scope: string; parameters: Record<string, string> };

const GENERIC: AuthorizationProfile = { scope: 'openid email profile offline_access', parameters: {} };

const PROFILES: Record<string, AuthorizationProfile> = {
  // Google issues a refresh token only with access_type=offline, and again on a later sign-in only with consent.
  google_oauth2: {
    scope: 'openid email profile https://www.googleapis.com/auth/calendar',
    parameters: { access_type: 'offline', prompt: 'consent' },
  },
  microsoft_graph: {
    scope: 'openid email profile offline_access Calendars.ReadWrite User.Read',
    parameters: {},
  },
  oidc: GENERIC,
};

export function authorizationProfile(providerId: string): AuthorizationProfile {
  return PROFILES[providerId] ?? GENERIC;
}

/** The configured provider with this id, or a JSON:API 404. */
export function requireSsoProvider(config: Config, providerId: string): SsoProvider {
  const provider = config.ssoProviders.find((p) => p.id === providerId);
  if (!provider) throw new AppError('not_found', `There is no sign-in provider called "${providerId}".`);
  return provider;
}

export function callbackUrl(config: Config, providerId: string): string {
  return `${config.appUrl}/api/v1/auth/${encodeURIComponent(providerId)}/callback`;
}
