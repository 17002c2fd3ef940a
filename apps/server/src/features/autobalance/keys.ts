import { createHmac } from 'node:crypto';
import type { AppContext } from '../../context';
import { hashToken } from '../../lib/crypto';

import { ACTION_EMAIL_KINDS, type ActionEmailKind } from './email-kinds';

export { ACTION_EMAIL_KINDS, type ActionEmailKind };

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
  /** Its start as others know it: the instant (ISO), or for a meeting in floating time its wall clock. */
  start: string;
  /** The provider's version of the event (its content hash): a new one means the meeting itself changed. */
  version: string | null;
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
    floatingStart: string | null;
    contentHash: string | null;
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
    start: meeting.floatingStart ?? meeting.startsAt.toISOString(),
    version: meeting.contentHash,
  };
}

/** Mails to the organizer, as opposed to the user's own notices. */
export const ORGANIZER_KINDS: readonly ActionEmailKind[] = ['reminder', 'decline_warning', 'decline_notice'];

/**
 * The mails governed by notices (notices.ts): the organizer's reminder and decline warning, and the user's
 * notice before a decline. Each is due once per occurrence, ever, unless the meeting changed in a way that
 * matters (the domain's needsNotice); of a recurring event one mail names every date that is due.
 */
export const NOTICE_KINDS: readonly ActionEmailKind[] = ['reminder', 'decline_warning', 'pre_action'];
export const isNoticeKind = (kind: ActionEmailKind) => NOTICE_KINDS.includes(kind);

/**
 * A recurring event's mails go out once per series, organizer and batch of dates: the notices, and the user's
 * notice after a reminder.
 */
export const isSeriesWide = (subject: MailSubject, kind: ActionEmailKind) =>
  subject.recurringEventId !== null && (isNoticeKind(kind) || kind === 'post_action');

/**
 * Whether an organizer's mail about one occurrence speaks for the whole team: several members attending the
 * same occurrence (same iCalendar UID and start) send the organizer one reminder, one warning and one notice,
 * not one each. A series-wide mail stays the user's own: it lists that user's dates.
 */
export const isTeamWide = (subject: MailSubject, kind: ActionEmailKind) =>
  ORGANIZER_KINDS.includes(kind) &&
  !isSeriesWide(subject, kind) &&
  subject.companyId !== null &&
  subject.icalUid !== null;

/**
 * Who was told what about one occurrence (mail_notices.key): per team and occurrence (UID and start) for a
 * team-wide organizer mail, else per user and event (its identity outlives any meeting row), by kind and
 * organizer. No deadline: a deadline moved by a preference is no news to anyone.
 */
export function noticeKey(subject: MailSubject, kind: ActionEmailKind): string {
  const organizer = (subject.organizerEmail ?? '').toLowerCase();
  if (isTeamWide(subject, kind)) {
    return `team/${subject.companyId}/${kind}/${organizer}/${subject.icalUid}/${subject.start}`;
  }
  return `user/${subject.userId}/${kind}/${organizer}/${subject.eventKey}`;
}

/** The job (and advisory lock) of a series' mails of one kind: one at a time, absorbing the whole run's dates. */
export function seriesMailKey(subject: MailSubject, kind: ActionEmailKind): string {
  const organizer = (subject.organizerEmail ?? '').toLowerCase();
  return `series/${subject.userId}/${kind}/${organizer}/${subject.calendarId}/${subject.recurringEventId}`;
}

/**
 * The idempotency key of a mail (emails.idempotency_key) of the kinds notices do not govern: at most one per
 * user, event, kind and deadline; per user, series, organizer and kind for a recurring event's notice after a
 * reminder; and per team, occurrence, organizer, kind and deadline for the organizer's decline notice. A
 * notice's key names the notices it carries (notices.ts).
 */
export function emailKey(subject: MailSubject, kind: ActionEmailKind): string {
  const organizer = (subject.organizerEmail ?? '').toLowerCase();
  const deadline = subject.deadline?.toISOString() ?? '-';
  if (isSeriesWide(subject, kind)) return seriesMailKey(subject, kind);
  if (isTeamWide(subject, kind)) {
    return `occurrence/${subject.companyId}/${kind}/${organizer}/${deadline}/${subject.icalUid}/${subject.start}`;
  }
  return `event/${subject.userId}/${kind}/${deadline}/${subject.eventKey}`;
}
/** The job of one mail: per meeting and kind, or per series and kind for a series-wide mail. */
export const emailJobKey = (subject: MailSubject & { meetingId: string }, kind: ActionEmailKind) =>
  isSeriesWide(subject, kind)
    ? `autobalance_email:${seriesMailKey(subject, kind)}`
    : `autobalance_email:${subject.meetingId}:${kind}`;
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
