import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { actions, meetings, users } from '../../db/schema';
import { type ActionWithOwner, actionsWithOwners } from './action-rows';
import { type ActionEmailKind, emailKey, isNoticeKind, isTeamWide, mailSubjectOf, noticeKey } from './keys';

type ActionRow = typeof actions.$inferSelect;
type MeetingRow = typeof meetings.$inferSelect;

export type TeamShare = ActionWithOwner;

/**
 * The team members' actions that one organizer mail of this kind speaks for: the same occurrence (iCalendar
 * UID and start) and organizer in the same team (and deadline, for a decline notice), so the same key. The action itself included;
 * just it when the mail is not team-wide.
 */
export async function actionsSharingMail(
  ctx: AppContext,
  action: ActionRow,
  meeting: MeetingRow,
  kind: ActionEmailKind,
): Promise<TeamShare[]> {
  const subject = mailSubjectOf(meeting, action.complianceDeadline);
  if (!isTeamWide(subject, kind)) {
    const [owner] = await ctx.db.select().from(users).where(eq(users.id, action.userId));
    return owner ? [{ action, meeting, owner }] : [];
  }
  // Notices name the occurrence without a deadline; the other kinds' mail keys hold it.
  const keyOf = isNoticeKind(kind) ? noticeKey : emailKey;
  const key = keyOf(subject, kind);
  const rows = await actionsWithOwners(
    ctx.db,
    and(
      eq(meetings.companyId, subject.companyId!),
      eq(meetings.icalUid, subject.icalUid!),
      eq(meetings.startsAt, meeting.startsAt),
      sql`lower(${actions.organizerEmail}) = ${(action.organizerEmail ?? '').toLowerCase()}`,
    ),
  ).orderBy(actions.createdAt);
  return rows.filter((row) => keyOf(mailSubjectOf(row.meeting, row.action.complianceDeadline), kind) === key);
}
