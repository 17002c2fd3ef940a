/**
 * Possible Wellness blocks: events that look like protected personal time rather than meetings.
 *
 * An event is a possible block when it is not cancelled, not all day, not already a block nor already
 * decided (verified_true / verified_false), and either
 *   (a) it is recurring and the user is its only attendee, or
 *   (b) its title names personal time (focus, deep work, lunch, gym, workout, walk, break, family,
 *       school run, …) and it is the user's own event (the user organizes it, or is its only attendee).
 * Invitations from others titled 'Team lunch' are meetings, not blocks. The category comes from the title
 * (life words win over focus words); without one, focus.
 */
import { isCancelledStatus } from '../conflicts/meeting-conflicts';
import { isAllDayMs } from '../conflicts/overlap';
import type { WellnessBlockCategory } from '../conflicts/wellness-blocks';
import type { AttendeeInput } from '../evaluation/types';
import { type TimeInput, toMs } from '../lib/time';
import { normalizeEmail } from '../validation/email';

const LIFE_TITLE =
  /\b(?:lunch|breakfast|brunch|dinner|gym|work[\s-]?out|exercise|yoga|pilates|running|jog(?:ging)?|swim(?:ming)?|walk|break|coffee\s+break|family|school\s+(?:run|pick[\s-]?up|drop[\s-]?off)|pick[\s-]?up\s+(?:the\s+)?kids|kids|doctor|dentist|therapy|meditat(?:e|ion)|nap|commute|errands?|personal(?:\s+time)?|me[\s-]time|self[\s-]care|wellness)\b/i;
const FOCUS_TITLE =
  /\b(?:focus(?:\s+time)?|deep[\s-]?work|heads[\s-]?down|no\s+meetings?|do\s+not\s+(?:book|schedule|disturb)|don'?t\s+book|maker\s+time|thinking\s+time|writing\s+time|quiet\s+time|study(?:\s+time)?|learning\s+time|busy)\b/i;

/** The Wellness block category a title suggests, or null. */
export function wellnessCategoryFromTitle(title: string | null | undefined): WellnessBlockCategory | null {
  if (typeof title !== 'string' || !title) return null;
  const text = title.length > 300 ? title.slice(0, 300) : title;
  if (LIFE_TITLE.test(text)) return 'life';
  if (FOCUS_TITLE.test(text)) return 'focus';
  return null;
}

export interface PossibleBlockInput {
  summary?: string | null;
  startsAt: TimeInput;
  endsAt: TimeInput;
  allDay?: boolean | null;
  status?: string | null;
  recurringMeeting?: boolean | null;
  organizerEmail?: string | null;
  attendees?: readonly AttendeeInput[] | null;
  /** Organizer included; when given and above 1 the user is not alone. */
  attendeesCount?: number | null;
  wellnessBlockId?: string | null;
  /** Already decided when 'verified_true' or 'verified_false'. */
  maybeWellnessBlock?: string | boolean | null;
}

export interface PossibleWellnessBlock {
  category: WellnessBlockCategory;
  reason: 'recurring_alone' | 'title';
}

/** Whether the user is the only person on the event (no attendee other than the user, organizer included). */
export function isUserAlone(event: PossibleBlockInput, userEmail: string): boolean {
  const user = normalizeEmail(userEmail);
  if (typeof event.attendeesCount === 'number' && event.attendeesCount > 1) return false;
  const organizer = normalizeEmail(event.organizerEmail);
  if (organizer && organizer !== user) return false;
  for (const a of event.attendees ?? []) if (normalizeEmail(a?.email) !== user) return false;
  return true;
}

/** Detect a possible Wellness block (see the file comment), or null. */
export function detectPossibleWellnessBlock(
  event: PossibleBlockInput,
  userEmail: string,
): PossibleWellnessBlock | null {
  if (isCancelledStatus(event.status) || event.wellnessBlockId) return null;
  if (event.maybeWellnessBlock === 'verified_true' || event.maybeWellnessBlock === 'verified_false')
    return null;
  const start = toMs(event.startsAt);
  const end = toMs(event.endsAt);
  if (!(end > start) || isAllDayMs(event.allDay, start, end)) return null;
  const alone = isUserAlone(event, userEmail);
  const fromTitle = wellnessCategoryFromTitle(event.summary);
  if (event.recurringMeeting && alone) return { category: fromTitle ?? 'focus', reason: 'recurring_alone' };
  if (fromTitle) {
    const organizer = normalizeEmail(event.organizerEmail);
    const ownEvent = alone || (organizer.length > 0 && organizer === normalizeEmail(userEmail));
    if (ownEvent) return { category: fromTitle, reason: 'title' };
  }
  return null;
}
