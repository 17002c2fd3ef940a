/**
 * Mail kinds auto-balance sends; each is sent at most once per meeting (emails.idempotency_key). A file of its
 * own, importing nothing: the job payloads (jobs/payloads.ts) name them without reaching the feature's code.
 */
export const ACTION_EMAIL_KINDS = [
  'reminder',
  'decline_warning',
  'decline_notice',
  'pre_action',
  'post_action',
  'decline_prevented',
] as const;
export type ActionEmailKind = (typeof ACTION_EMAIL_KINDS)[number];
