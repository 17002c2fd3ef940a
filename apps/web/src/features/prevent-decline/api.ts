import { api, type JsonApiResource, resourceBody } from '../../api/client';

/** GET users/meetings/details/:token → data.attributes. */
export interface DeclineDetails {
  summary: string | null;
  compliance_deadline: string | null;
  /** A sentence per violated rule (a map), or a plain list. */
  details_negative: Record<string, string> | string[] | null;
  starts_at?: string | null;
  /** The team members the warning spoke for (their declines are all prevented together). */
  attendee_names?: string[] | null;
  organizer_notes?: string | null;
  /** The decline was already prevented (the link was used). */
  prevented?: boolean | null;
}

// The page is public (the token is the key): no sign-in redirect on 401, the page explains instead.
export async function fetchDeclineDetails(token: string): Promise<DeclineDetails> {
  const doc = await api.get<JsonApiResource<DeclineDetails> | null>(
    `/users/meetings/details/${encodeURIComponent(token)}`,
    { redirectOnStatus: false },
  );
  if (!doc.data?.attributes) throw new Error('No meeting in the answer');
  return doc.data.attributes;
}

export async function preventDecline(token: string, organizerNotes: string): Promise<void> {
  await api.patch(
    `/users/meetings/prevent_decline/${encodeURIComponent(token)}`,
    resourceBody('meetings', { organizer_notes: organizerNotes }),
    { redirectOnStatus: false },
  );
}

export function detailSentences(details: DeclineDetails['details_negative']): string[] {
  if (!details) return [];
  const values = Array.isArray(details) ? details : Object.values(details);
  return values.filter((value): value is string => typeof value === 'string' && value.trim().length > 0);
}
