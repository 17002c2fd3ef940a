import { type DeclineDetailsAttributes, declineDetailsDocument } from '@meetwell/domain';
import { api, contractRequest, resourceBody } from '../../api/client';

/** GET users/meetings/details/:token → data.attributes (the contract's document). */
export type DeclineDetails = DeclineDetailsAttributes;

// The page is public (the token is the key): no sign-in redirect on 401, the page explains instead.
export async function fetchDeclineDetails(token: string): Promise<DeclineDetails> {
  const doc = await api.get(`/users/meetings/details/${encodeURIComponent(token)}`, declineDetailsDocument, {
    redirectOnStatus: false,
  });
  return doc.data.attributes;
}

export async function preventDecline(token: string, organizerNotes: string): Promise<void> {
  await contractRequest(
    'PATCH',
    `/users/meetings/prevent_decline/${encodeURIComponent(token)}`,
    declineDetailsDocument,
    { body: resourceBody('meetings', { organizer_notes: organizerNotes }), redirectOnStatus: false },
  );
}

/** A sentence per violated rule: the page's list, or an action's map by rule. */
export function detailSentences(details: Record<string, string> | readonly string[] | null): string[] {
  if (!details) return [];
  const values = Array.isArray(details) ? details : Object.values(details);
  return values.filter((value): value is string => typeof value === 'string' && value.trim().length > 0);
}
