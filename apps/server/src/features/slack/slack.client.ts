import { ErrorCode, LogLevel, WebClient } from '@slack/web-api';
import type { AppContext } from '../../context';

export const SLACK_AUTHORIZE_URL = 'https://slack.com/oauth/v2/authorize';
/** A user token that may snooze the user's notifications, nothing more. */
export const SLACK_USER_SCOPE = 'dnd:write';

/**
 * A Web API client pointed at config.slack.apiUrl (a local stand-in in tests, Slack otherwise). No retries of
 * its own: jobs retry with backoff.
 */
export function slackClient(ctx: Pick<AppContext, 'config'>, token?: string) {
  return new WebClient(token, {
    ...(ctx.config.slack.apiUrl ? { slackApiUrl: ctx.config.slack.apiUrl.replace(/\/?$/, '/') } : {}),
    retryConfig: { retries: 0 },
    timeout: 10_000,
    logLevel: LogLevel.ERROR,
  });
}

/** Slack errors meaning the token is gone for good: the user must connect Slack again. */
const REVOKED = new Set([
  'invalid_auth',
  'token_revoked',
  'token_expired',
  'account_inactive',
  'not_authed',
  'missing_scope',
]);

function slackErrorCode(error: unknown): string | null {
  const e = error as { code?: string; data?: { error?: string } };
  if (e?.code === ErrorCode.PlatformError) return e.data?.error ?? 'platform_error';
  return null;
}

export function isRevoked(error: unknown): boolean {
  const code = slackErrorCode(error);
  return code !== null && REVOKED.has(code);
}
