import { useQuery } from '@tanstack/react-query';
import { api, type JsonApiResource } from '../api/client';
import { queryKeys } from './queryKeys';

interface AuthProviderAttributes {
  /** Display name, e.g. 'Google'. */
  name?: string;
  /** Where the browser goes to sign in, e.g. '/auth/google_oauth2'. */
  url: string;
  enabled?: boolean;
}

interface AuthProviders {
  google: AuthProviderAttributes | null;
  microsoft: AuthProviderAttributes | null;
  /** Any other OpenID Connect issuer the server is configured with (shown by its name). */
  oidc: AuthProviderAttributes | null;
  demoEnabled: boolean;
  /** Sign-in by a link mailed to the address (which also creates the account). */
  emailEnabled: boolean;
  /** Slack do-not-disturb can be connected (the server has Slack credentials). */
  slackEnabled: boolean;
}

/**
 * GET /api/v1/auth/providers: data = enabled providers (ids google_oauth2, microsoft_graph, oidc),
 * meta.demo_enabled and meta.email_enabled.
 */
async function fetchAuthProviders(): Promise<AuthProviders> {
  const doc = await api.get<JsonApiResource<AuthProviderAttributes>[]>('/auth/providers', {
    redirectOnStatus: false,
  });
  const list = Array.isArray(doc.data) ? doc.data : [];
  const find = (id: string) => {
    const found = list.find(
      (item) => item.id === id && item.attributes?.url && item.attributes.enabled !== false,
    );
    return found ? found.attributes : null;
  };
  return {
    google: find('google_oauth2'),
    microsoft: find('microsoft_graph'),
    oidc: find('oidc'),
    demoEnabled: doc.meta.demo_enabled === true,
    emailEnabled: doc.meta.email_enabled === true,
    slackEnabled: doc.meta.slack_enabled === true,
  };
}

export function useAuthProviders(enabled = true) {
  return useQuery({
    queryKey: queryKeys.authProviders,
    queryFn: fetchAuthProviders,
    staleTime: 10 * 60_000,
    enabled,
    meta: { errorToast: false },
  });
}

/** The provider URL plus ?time_zone=<IANA zone> (the server redirects back to /session afterwards). */
export function signInUrl(url: string, timeZone: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}time_zone=${encodeURIComponent(timeZone)}`;
}
