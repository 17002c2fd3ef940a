import type { Attendee } from '@meetwell/domain';
import type { CalendarEvent } from '../../../calendars/types';

/** The organizer first, then by address (code-point order, the same in every database and process). */
export const byOrganizerThenEmail = (a: Attendee, b: Attendee) =>
  Number(b.role === 'organizer') - Number(a.role === 'organizer') ||
  (a.email < b.email ? -1 : a.email > b.email ? 1 : 0);

/**
 * The most attendees a meeting's row keeps. A company-wide event can invite thousands, and the row, every read
 * of the week and the meeting's dialog would carry them all; its attendee count (attendees_count, what the
 * score and the cost use) stays the whole number, and the dialog says how many more there are.
 */
export const ATTENDEES_KEPT = 200;

/**
 * A meeting's attendees as the API shows them and as its row keeps them (the meetings.attendees column): each
 * address once, lower-cased; the user marked as self by the provider or by their address; at most
 * ATTENDEES_KEPT of them, the organizer and the user always among them. Kept on the row, not as rows of their
 * own: no query looks a meeting up by attendee, and a first import of 50,000 events would otherwise write
 * 150,000 more rows, each with its own index entry and foreign-key check.
 */
export function attendeeList(event: Pick<CalendarEvent, 'attendees'>, ownerEmail: string): Attendee[] {
  const owner = ownerEmail.toLowerCase();
  const seen = new Set<string>();
  const list: Attendee[] = [];
  for (const a of event.attendees) {
    const email = a.email.toLowerCase();
    if (seen.has(email)) continue;
    seen.add(email);
    list.push({
      email,
      name: a.name ?? null,
      role: a.organizer ? 'organizer' : (a.role ?? 'attendee'),
      optional: a.optional,
      status: a.responseStatus,
      self: a.self || email === owner,
    });
  }
  list.sort(byOrganizerThenEmail);
  if (list.length <= ATTENDEES_KEPT) return list;
  const first = list.filter((a) => a.role === 'organizer' || a.self);
  const others = list.filter((a) => a.role !== 'organizer' && !a.self);
  return [...first, ...others.slice(0, Math.max(0, ATTENDEES_KEPT - first.length))].sort(
    byOrganizerThenEmail,
  );
}

/**
 * The list after the user answered the meeting themselves: their own entry says so, added when the provider
 * listed none for them.
 */
export function withOwnResponse(list: readonly Attendee[], ownerEmail: string, status: string): Attendee[] {
  const email = ownerEmail.toLowerCase();
  const hasSelf = list.some((a) => a.self);
  const updated = list.map((a) =>
    a.self || (!hasSelf && a.email === email) ? { ...a, self: true, status } : a,
  );
  if (updated.some((a) => a.self)) return updated;
  const own: Attendee = { email, name: null, role: 'attendee', optional: false, status, self: true };
  return [...updated, own].sort(byOrganizerThenEmail);
}
