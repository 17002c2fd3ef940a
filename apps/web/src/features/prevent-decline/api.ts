import { autoBalanceEndpoints, type DeclineDetailsAttributes } from '@meetwell/domain';
import { call } from '../../api/endpoint';

/** GET users/meetings/details/:token → data.attributes (the contract's document). */
export type DeclineDetails = DeclineDetailsAttributes;

// The page is public (the token is the key): no sign-in redirect on 401, the page explains instead.
export async function fetchDeclineDetails(token: string): Promise<DeclineDetails> {
  const doc = await call(autoBalanceEndpoints.declineDetails, { params: { token }, redirectOnStatus: false });
  return doc.data.attributes;
}

export async function preventDecline(token: string, organizerNotes: string): Promise<void> {
  await call(autoBalanceEndpoints.preventDecline, {
    params: { token },
    body: { data: { type: 'meetings', attributes: { organizer_notes: organizerNotes } } },
    redirectOnStatus: false,
  });
}

/** A sentence per violated rule: the page's list, or an action's map by rule. */
export function detailSentences(details: Record<string, string> | readonly string[] | null): string[] {
  if (!details) return [];
  const values = Array.isArray(details) ? details : Object.values(details);
  return values.filter((value): value is string => typeof value === 'string' && value.trim().length > 0);
}
