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

/**
 * What an auto-balance mail is about: the event as this user sees it (its identity, which outlives any
 * meeting row: a re-sync, a calendar switched off and on, a re-import), the deadline the mail speaks of, and
 * for a recurring event its series and organizer.
 */
export type MailSubject = {
  userId: string;
  eventKey: string;
  deadline: Date | null;
  calendarId: string;
  recurringEventId: string | null;
  organizerEmail: string | null;
  /** The team and the event's iCalendar UID, which every attendee's copy shares, and the occurrence's start. */
  companyId: string | null;
  icalUid: string | null;
  startsAt: Date;
};

export function mailSubjectOf(
  meeting: {
    userId: string;
    eventKey: string;
    calendarId: string;
    recurringEventId: string | null;
    organizerEmail: string | null;
    companyId: string | null;
    icalUid: string | null;
    startsAt: Date;
  },
  deadline: Date | null,
): MailSubject {
  return {
    userId: meeting.userId,
    eventKey: meeting.eventKey,
    deadline,
    calendarId: meeting.calendarId,
    recurringEventId: meeting.recurringEventId,
    organizerEmail: meeting.organizerEmail,
    companyId: meeting.companyId,
    icalUid: meeting.icalUid,
    startsAt: meeting.startsAt,
  };
}

/** Mails to the organizer, as opposed to the user's own notices. */
export const ORGANIZER_KINDS: readonly ActionEmailKind[] = ['reminder', 'decline_warning', 'decline_notice'];

/** Reminders (and the user's notice after one) of a recurring event go out once per series and organizer. */
export const isSeriesWide = (subject: MailSubject, kind: ActionEmailKind) =>
  subject.recurringEventId !== null && (kind === 'reminder' || kind === 'post_action');

/**
 * Whether an organizer's mail about one occurrence speaks for the whole team: several members attending the
 * same occurrence (same iCalendar UID and start) send the organizer one reminder, one warning and one notice,
 * not one each. A series-wide reminder stays the user's own: it lists that user's dates.
 */
export const isTeamWide = (subject: MailSubject, kind: ActionEmailKind) =>
  ORGANIZER_KINDS.includes(kind) &&
  !isSeriesWide(subject, kind) &&
  subject.companyId !== null &&
  subject.icalUid !== null;

/**
 * The idempotency key of a mail (emails.idempotency_key): at most one per user, event, kind and deadline;
 * per user, series, organizer and kind for a recurring event's reminders; and per team, occurrence, organizer,
 * kind and deadline for the organizer's mails about one occurrence.
 */
export function emailKey(subject: MailSubject, kind: ActionEmailKind): string {
  const organizer = (subject.organizerEmail ?? '').toLowerCase();
  const deadline = subject.deadline?.toISOString() ?? '-';
  if (isSeriesWide(subject, kind)) {
    return `series/${subject.userId}/${kind}/${organizer}/${subject.calendarId}/${subject.recurringEventId}`;
  }
  if (isTeamWide(subject, kind)) {
    return `occurrence/${subject.companyId}/${kind}/${organizer}/${deadline}/${subject.icalUid}/${subject.startsAt.toISOString()}`;
  }
  return `event/${subject.userId}/${kind}/${deadline}/${subject.eventKey}`;
}
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
