import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { inValues } from '../../db/bulk';
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
import { suggestionsForMeeting } from '../suggestions/service';
import { type ActionWithOwner, actionsWithMeetings, loadActionWithOwner } from './action-rows';
import {
  type ActionEmailKind,
  emailKey,
  isNoticeKind,
  isSeriesWide,
  mailSubjectOf,
  noticeKey,
  ORGANIZER_KINDS,
  preventToken,
} from './keys';
import { isDue, loadNotices, noticeEmailKey, noticeFacts, recordNotices } from './notices';
import { actionsSharingMail, type TeamShare } from './team-occurrence';

type ActionRow = typeof actions.$inferSelect;
type UserRow = typeof users.$inferSelect;
type MeetingRow = typeof meetings.$inferSelect;

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
      return declineWarningEmail(facts, appUrl, [
        {
          startsAt: facts.startsAt,
          deadline: action.complianceDeadline,
          preventToken: preventToken(ctx, action.id),
        },
      ]);
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

/**
 * Sends one auto-balance mail of an action, at most once per (meeting, kind) whatever retries and concurrent
 * workers do (see deliverEmail). Organizer mails go to the action's organizer; the others to the user.
 */
export async function sendActionEmail(
  ctx: AppContext,
  actionId: string,
  kind: ActionEmailKind,
): Promise<ActionEmailResult> {
  const row = await loadActionRow(ctx, actionId);
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
  if (isNoticeKind(kind)) return sendNotice(ctx, row, kind, to);
  const subject = mailSubjectOf(meeting, action.complianceDeadline);
  const team = organizerKind ? await teamShares(ctx, row, kind) : [];
  const facts = meetingFacts(row, team, [meeting.startsAt]);
  if (kind === 'post_action' && isSeriesWide(subject, kind)) facts.dates = await seriesDatesDone(ctx, row);
  await addSuggestions(ctx, kind, facts, meeting);
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

type ActionEmailRow = ActionWithOwner;

const loadActionRow = (ctx: AppContext, actionId: string) => loadActionWithOwner(ctx.db, actionId);

/** One organizer mail for the team: it names every member it speaks for and every rule any of them needs. */
async function teamShares(ctx: AppContext, row: ActionEmailRow, kind: ActionEmailKind) {
  return (await actionsSharingMail(ctx, row.action, row.meeting, kind)).filter(
    (share) => share.action.id === row.action.id || stillRelevant(share.action, kind),
  );
}

function meetingFacts(row: ActionEmailRow, team: TeamShare[], dates: Date[]): MeetingFacts {
  const { action, meeting, owner } = row;
  const violations = [
    ...new Set(
      (team.length ? team : [{ action }]).flatMap((share) =>
        Object.values(share.action.detailsNegative ?? {}),
      ),
    ),
  ];
  return {
    summary: action.meetingSummary || meeting.summary,
    startsAt: dates[0] ?? meeting.startsAt,
    dates,
    timeZone: owner.timeZone,
    userName: displayName(owner),
    userEmail: owner.email,
    organizerEmail: action.organizerEmail ?? '',
    violations,
    deadline: action.complianceDeadline,
    attendees: team.map((share) => ({ name: displayName(share.owner), email: share.owner.email })),
  };
}

/**
 * The organizer's reminder and warning name what would raise the meeting's score most (its first date's, as
 * the attendee's rules score it), so they know exactly what to change.
 */
async function addSuggestions(
  ctx: AppContext,
  kind: ActionEmailKind,
  facts: MeetingFacts,
  meeting: MeetingRow,
) {
  if (kind !== 'reminder' && kind !== 'decline_warning') return;
  const found = await suggestionsForMeeting(ctx, meeting, { limit: 3, now: ctx.now().getTime() });
  facts.suggestions = found.map((s) => s.text);
}

/** The dates of a series the user's reminders were done for (the notice after them names them all). */
async function seriesDatesDone(ctx: AppContext, row: ActionEmailRow): Promise<Date[]> {
  const rows = await seriesActions(ctx, row, ['done'], ['remind', 'remind_conflicts']);
  return rows.length ? rows.map((r) => r.meeting.startsAt) : [row.meeting.startsAt];
}

/** The user's actions of the same series and organizer, in the given states and of the given kinds, by date. */
async function seriesActions(
  ctx: AppContext,
  row: ActionEmailRow,
  statuses: ActionRow['status'][],
  kinds: string[],
): Promise<{ action: ActionRow; meeting: MeetingRow }[]> {
  const { action, meeting } = row;
  return actionsWithMeetings(
    ctx.db,
    and(
      eq(actions.userId, action.userId),
      eq(meetings.calendarId, meeting.calendarId),
      eq(meetings.recurringEventId, meeting.recurringEventId ?? ''),
      sql`lower(coalesce(${actions.organizerEmail}, '')) = ${(action.organizerEmail ?? '').toLowerCase()}`,
      inValues(actions.status, statuses),
      sql`${actions.action} = any(${sql.param(kinds)}::text[])`,
    ),
  ).orderBy(asc(meetings.startsAt));
}

/** The actions a notice of this kind may speak of: what kind of action it belongs to. */
const NOTICE_ACTIONS: Record<string, string[]> = {
  reminder: ['remind', 'remind_conflicts'],
  decline_warning: ['decline', 'decline_conflicts'],
  pre_action: ['decline', 'decline_conflicts'],
};

/**
 * A notice (reminder, decline warning, the user's notice before a decline): of every occurrence it may speak
 * of — the series' scheduled actions of its kind, or this one (with the team's) — those due by the domain's
 * needsNotice, in one mail whose key names them; then what it said is recorded (mail_notices). Nothing due:
 * 'duplicate'. Callers at the same time (a series' job, the decline of one of its dates) work out the same set,
 * so the same key: the mail's claim (deliverEmail) lets one send it.
 */
async function sendNotice(
  ctx: AppContext,
  row: ActionEmailRow,
  kind: ActionEmailKind,
  to: string,
): Promise<ActionEmailResult> {
  const subject = mailSubjectOf(row.meeting, row.action.complianceDeadline);
  const series = isSeriesWide(subject, kind);
  const team = ORGANIZER_KINDS.includes(kind) && !series ? await teamShares(ctx, row, kind) : [];
  const candidates = series
    ? await seriesActions(ctx, row, ['scheduled'], NOTICE_ACTIONS[kind] ?? [])
    : [{ action: row.action, meeting: row.meeting }];
  const teamRules = [...new Set(team.flatMap((share) => Object.keys(share.action.detailsNegative ?? {})))];
  const entries = candidates.map((c) => {
    const occurrence = mailSubjectOf(c.meeting, c.action.complianceDeadline);
    const rules = team.length ? teamRules : Object.keys(c.action.detailsNegative ?? {});
    return {
      ...c,
      subject: occurrence,
      rules,
      key: noticeKey(occurrence, kind),
      facts: noticeFacts(occurrence, rules),
    };
  });
  const notices = await loadNotices(
    ctx,
    entries.flatMap((e) => [e.key, noticeKey(e.subject, 'decline_warning')]),
  );
  const due = entries.filter((e) => isDue(notices, e.subject, kind, e.rules));
  if (due.length === 0) return 'duplicate';
  const facts = meetingFacts(
    { ...row, action: due[0]!.action, meeting: due[0]!.meeting },
    team,
    due.map((e) => e.meeting.startsAt),
  );
  if (series) {
    facts.violations = [...new Set(due.flatMap((e) => Object.values(e.action.detailsNegative ?? {})))];
  }
  await addSuggestions(ctx, kind, facts, due[0]!.meeting);
  const rendered =
    kind === 'decline_warning'
      ? await declineWarningEmail(
          facts,
          ctx.config.appUrl,
          due.map((e) => ({
            startsAt: e.meeting.startsAt,
            deadline: e.action.complianceDeadline,
            preventToken: preventToken(ctx, e.action.id),
          })),
        )
      : await compose(ctx, kind, due[0]!.action, facts);
  const key = noticeEmailKey(kind, due);
  const result = await deliverEmail(ctx, {
    key,
    kind,
    to,
    subject: rendered.subject,
    html: rendered.html,
    text: rendered.text,
    userId: row.owner.id,
    meetingId: due[0]!.meeting.id,
  });
  if (result === 'sent' || result === 'outbox' || result === 'duplicate') await recordNotices(ctx, due, key);
  return result;
}

/** The remind actions one reminder job settles: its series' scheduled ones (or itself), done once it ran. */
export async function remindersSettledBy(ctx: AppContext, actionId: string): Promise<string[]> {
  const row = await loadActionRow(ctx, actionId);
  if (!row) return [];
  const subject = mailSubjectOf(row.meeting, row.action.complianceDeadline);
  if (!isSeriesWide(subject, 'reminder')) return [actionId];
  const rows = await seriesActions(ctx, row, ['scheduled'], NOTICE_ACTIONS.reminder!);
  return [...new Set([actionId, ...rows.map((r) => r.action.id)])];
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

/** A warning sent earlier about this occurrence (on its own, with its team's or its series'): its mail's state. */
async function storedWarningState(ctx: AppContext, actionId: string): Promise<WarningState> {
  const row = await loadActionRow(ctx, actionId);
  if (!row) return 'not_wanted';
  const notices = await loadNotices(ctx, [noticeKey(mailSubjectOf(row.meeting, null), 'decline_warning')]);
  const notice = [...notices.values()][0];
  const status = notice ? await emailStatus(ctx, notice.emailKey) : null;
  if (status === 'sent' || status === 'outbox') return 'confirmed';
  if (status === 'failed') return 'undeliverable';
  return status ? 'pending' : 'not_wanted';
}
