import type { AuthProviderAttributes } from '@meetwell/domain';
import { useQuery } from '@tanstack/react-query';
import { callByName } from '../api/client';
import { queryKeys } from './queryKeys';

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
 * meta.demo_enabled, meta.email_enabled and meta.slack_enabled. By name: the login modal of the public pages
 * reads it (see callByName).
 */
async function fetchAuthProviders(): Promise<AuthProviders> {
  const doc = await callByName('auth.providers', 'GET /api/v1/auth/providers', { redirectOnStatus: false });
  const find = (id: string) =>
    doc.data.find((item) => item.id === id && item.attributes.url)?.attributes ?? null;
  return {
    google: find('google_oauth2'),
    microsoft: find('microsoft_graph'),
    oidc: find('oidc'),
    demoEnabled: doc.meta.demo_enabled,
    emailEnabled: doc.meta.email_enabled,
    slackEnabled: doc.meta.slack_enabled,
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
