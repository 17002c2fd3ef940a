import { auth, calendar, type calendar_v3 } from '@googleapis/calendar';
import { ProviderError } from '../../types';

export type GoogleClientOptions = {
  /** Base URL instead of https://www.googleapis.com/ (config `google.apiUrl`, env GOOGLE_API_URL; tests). */
  apiUrl?: string | undefined;
  /** Per-request timeout in milliseconds. */
  timeoutMs?: number | undefined;
};

const GOOGLE_DEFAULT_TIMEOUT_MS = 30_000;

/**
 * A Calendar v3 client for one connection's access token. The SDK never retries (`retry: false`): the sync
 * jobs own retries and backoff. The OAuth2 client holds only an access token (no refresh token), so it never
 * refreshes on its own either; a 401 surfaces as `token_expired` and the identity code refreshes it.
 */
export function createGoogleCalendarClient(
  accessToken: string | undefined,
  options: GoogleClientOptions = {},
): calendar_v3.Calendar {
  if (!accessToken) throw new ProviderError('token_expired', 'Google: the connection has no access token');
  const oauth = new auth.OAuth2();
  oauth.setCredentials({ access_token: accessToken });
  return calendar({
    version: 'v3',
    auth: oauth,
    retry: false,
    timeout: options.timeoutMs ?? GOOGLE_DEFAULT_TIMEOUT_MS,
    ...(options.apiUrl
      ? { rootUrl: options.apiUrl.endsWith('/') ? options.apiUrl : `${options.apiUrl}/` }
      : {}),
  });
}
