import { createHmac } from 'node:crypto';
import type { AppContext } from '../../context';
import { hashToken } from '../../lib/crypto';

/** Mail kinds auto-balance sends; each is sent at most once per meeting (emails.idempotency_key). */
export const ACTION_EMAIL_KINDS = [
  'reminder',
  'decline_warning',
  'decline_notice',
  'pre_action',
  'post_action',
  'decline_prevented',
] as const;
export type ActionEmailKind = (typeof ACTION_EMAIL_KINDS)[number];

export const emailKey = (meetingId: string, kind: ActionEmailKind) => `${meetingId}:${kind}`;
export const emailJobKey = (meetingId: string, kind: ActionEmailKind) =>
  `autobalance_email:${meetingId}:${kind}`;
export const declineJobKey = (meetingId: string) => `autobalance_decline:${meetingId}`;
export const autoBalanceUserJobKey = (userId: string) => `autobalance_user:${userId}`;

/**
 * The prevent-decline token of an action: an HMAC of its id with a key derived from SECRET_KEY. Unguessable
 * without the server's key, bound to one action (one meeting), and recomputable when the warning is (re)sent,
 * so only its SHA-256 is stored (actions.prevent_token_hash); it expires at the compliance deadline.
 */
export function preventToken(ctx: Pick<AppContext, 'secrets'>, actionId: string): string {
  return createHmac('sha256', ctx.secrets.derive('prevent-decline')).update(actionId).digest('base64url');
}

export function preventTokenHash(ctx: Pick<AppContext, 'secrets'>, actionId: string): string {
  return hashToken(preventToken(ctx, actionId));
}
