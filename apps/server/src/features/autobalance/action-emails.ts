import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { actions, meetings, users } from '../../db/schema';
import { type DeliveryResult, deliverEmail, emailStatus } from '../mail/deliver';
import {
  declineNoticeEmail,
  declinePreventedEmail,
  declineWarningEmail,
  type MeetingFacts,
  organizerReminderEmail,
  type RenderedEmail,
  userPostActionEmail,
  userPreActionEmail,
} from '../mail/templates/messages';
import {
  type ActionEmailKind,
  emailKey,
  isSeriesWide,
  mailSubjectOf,
  ORGANIZER_KINDS,
  preventToken,
} from './keys';
import { actionsSharingMail } from './team-occurrence';

type ActionRow = typeof actions.$inferSelect;
type UserRow = typeof users.$inferSelect;

/** The state the action must be in for a kind to still make sense (a stale job sends nothing). */
function stillRelevant(action: ActionRow, kind: ActionEmailKind): boolean {
  switch (kind) {
    case 'reminder':
    case 'decline_warning':
    case 'pre_action':
      return action.status === 'scheduled';
    case 'decline_notice':
      return action.status === 'done' && action.performedAt !== null;
    case 'post_action':
      return action.status === 'done';
    case 'decline_prevented':
      return action.status === 'prevented';
  }
}

export const displayName = (user: UserRow) => `${user.firstName} ${user.lastName}`.trim() || user.email;
const declines = (action: string) => action === 'decline' || action === 'decline_conflicts';

/** Whether this address wants our mail: the user's own preferences, or, for organizers who use MeetWell, theirs. */
async function wantsMail(
  ctx: AppContext,
  kind: ActionEmailKind,
  to: string,
  owner: UserRow,
): Promise<boolean> {
  if (!ORGANIZER_KINDS.includes(kind)) {
    return (
      owner.communicationPrefs.all_communications !== false &&
      owner.communicationPrefs.email_reminders !== false
    );
  }
  const [organizer] = await ctx.db
    .select({ prefs: users.communicationPrefs })
    .from(users)
    .where(sql`lower(${users.email}) = ${to.toLowerCase()}`)
    .limit(1);
  if (!organizer) return true;
  return organizer.prefs.all_communications !== false && organizer.prefs.email_if_organizer !== false;
}

async function compose(
  ctx: AppContext,
  kind: ActionEmailKind,
  action: ActionRow,
  facts: MeetingFacts,
): Promise<RenderedEmail> {
  const appUrl = ctx.config.appUrl;
  const what = declines(action.action) ? 'decline' : 'remind';
  switch (kind) {
    case 'reminder':
      return organizerReminderEmail(facts, appUrl);
    case 'decline_warning':
      return declineWarningEmail(facts, appUrl, preventToken(ctx, action.id));
    case 'decline_notice':
      return declineNoticeEmail(facts, appUrl);
    case 'pre_action':
      return userPreActionEmail(facts, appUrl, what);
    case 'post_action':
      return userPostActionEmail(facts, appUrl, what);
    case 'decline_prevented':
      return declinePreventedEmail(facts, appUrl, action.organizerNotes ?? '');
  }
}

export type ActionEmailResult = DeliveryResult | 'stale' | 'unwanted';

/** The occurrences of a meeting's series the user's remind actions are about, in order. */
async function seriesDates(ctx: AppContext, meeting: typeof meetings.$inferSelect): Promise<Date[]> {
  const rows = await ctx.db
    .select({ startsAt: meetings.startsAt })
    .from(actions)
    .innerJoin(meetings, eq(meetings.id, actions.meetingId))
    .where(
      and(
        eq(actions.userId, meeting.userId),
        eq(meetings.calendarId, meeting.calendarId),
        eq(meetings.recurringEventId, meeting.recurringEventId ?? ''),
        inArray(actions.status, ['scheduled', 'done']),
        inArray(actions.action, ['remind', 'remind_conflicts']),
      ),
    )
    .orderBy(asc(meetings.startsAt));
  return rows.length ? rows.map((r) => r.startsAt) : [meeting.startsAt];
}

/**
 * Sends one auto-balance mail of an action, at most once per (meeting, kind) whatever retries and concurrent
 * workers do (see deliverEmail). Organizer mails go to the action's organizer; the others to the user.
 */
export async function sendActionEmail(
  ctx: AppContext,
  actionId: string,
  kind: ActionEmailKind,
): Promise<ActionEmailResult> {
  const [row] = await ctx.db
    .select({ action: actions, meeting: meetings, owner: users })
    .from(actions)
    .innerJoin(meetings, eq(meetings.id, actions.meetingId))
    .innerJoin(users, eq(users.id, actions.userId))
    .where(eq(actions.id, actionId));
  if (!row || !stillRelevant(row.action, kind)) return 'stale';
  const { action, meeting, owner } = row;
  // A deactivated account's queued warnings and reminders wait with its actions (nothing acts meanwhile).
  if (owner.deactivatedAt && (kind === 'reminder' || kind === 'decline_warning' || kind === 'pre_action')) {
    return 'stale';
  }
  const organizerKind = ORGANIZER_KINDS.includes(kind);
  const to = organizerKind ? action.organizerEmail : owner.email;
  if (!to) return 'stale';
  if (!(await wantsMail(ctx, kind, to, owner))) return 'unwanted';
  const subject = mailSubjectOf(meeting, action.complianceDeadline);
  // One organizer mail for the team: it names every member it speaks for and every rule any of them needs.
  const team = organizerKind
    ? (await actionsSharingMail(ctx, action, meeting, kind)).filter(
        (share) => share.action.id === action.id || stillRelevant(share.action, kind),
      )
    : [];
  const violations = [
    ...new Set(
      (team.length ? team : [{ action }]).flatMap((share) =>
        Object.values(share.action.detailsNegative ?? {}),
      ),
    ),
  ];
  const facts: MeetingFacts = {
    summary: action.meetingSummary || meeting.summary,
    startsAt: meeting.startsAt,
    dates: isSeriesWide(subject, kind) ? await seriesDates(ctx, meeting) : [meeting.startsAt],
    timeZone: owner.timeZone,
    userName: displayName(owner),
    userEmail: owner.email,
    organizerEmail: action.organizerEmail ?? '',
    violations,
    deadline: action.complianceDeadline,
    attendees: team.map((share) => ({ name: displayName(share.owner), email: share.owner.email })),
  };
  const rendered = await compose(ctx, kind, action, facts);
  return deliverEmail(ctx, {
    key: emailKey(subject, kind),
    kind,
    to,
    subject: rendered.subject,
    html: rendered.html,
    text: rendered.text,
    userId: owner.id,
    meetingId: meeting.id,
  });
}

/**
 * Where the organizer's warning stands before a decline:
 * - confirmed: handed to the SMTP server and accepted (or kept in the outbox when no SMTP server is configured);
 * - not_wanted: the organizer switched such mail off in their account (an unsubscribe never stops it) or has no
 *   address: nothing to wait for;
 * - pending: being sent now, or refused for the moment: the decline waits and its job retries;
 * - undeliverable: the send failed for good: the decline must not happen unannounced.
 */
export type WarningState = 'confirmed' | 'not_wanted' | 'pending' | 'undeliverable';

export async function sendDeclineWarning(ctx: AppContext, actionId: string): Promise<WarningState> {
  const result = await sendActionEmail(ctx, actionId, 'decline_warning');
  switch (result) {
    case 'sent':
    case 'outbox':
      return 'confirmed';
    case 'in_flight':
      return 'pending';
    case 'failed':
      return 'undeliverable';
    case 'opted_out':
    case 'unwanted':
    case 'stale':
      return 'not_wanted';
    case 'duplicate':
      return storedWarningState(ctx, actionId);
  }
}

/** A warning sent earlier (this occurrence's, or its series' one): what its emails row says. */
async function storedWarningState(ctx: AppContext, actionId: string): Promise<WarningState> {
  const [row] = await ctx.db
    .select({ action: actions, meeting: meetings })
    .from(actions)
    .innerJoin(meetings, eq(meetings.id, actions.meetingId))
    .where(eq(actions.id, actionId));
  if (!row) return 'not_wanted';
  const key = emailKey(mailSubjectOf(row.meeting, row.action.complianceDeadline), 'decline_warning');
  const status = await emailStatus(ctx, key);
  if (status === 'sent' || status === 'outbox') return 'confirmed';
  if (status === 'failed') return 'undeliverable';
  return status ? 'pending' : 'not_wanted';
}
