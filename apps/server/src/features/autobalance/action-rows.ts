import { eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { actions, meetings, users } from '../../db/schema';

type ActionRow = typeof actions.$inferSelect;
type MeetingRow = typeof meetings.$inferSelect;
type UserRow = typeof users.$inferSelect;

/** An action with its meeting and the person it belongs to. */
export type ActionWithOwner = { action: ActionRow; meeting: MeetingRow; owner: UserRow };

/** Actions with their meeting (actions ⋈ meetings) that match `where`; order and limit may follow. */
export function actionsWithMeetings(db: Database, where: SQL | undefined) {
  return db
    .select({ action: actions, meeting: meetings })
    .from(actions)
    .innerJoin(meetings, eq(meetings.id, actions.meetingId))
    .where(where);
}

/** Actions with their meeting and owner (actions ⋈ meetings ⋈ users) that match `where`. */
export function actionsWithOwners(db: Database, where: SQL | undefined) {
  return db
    .select({ action: actions, meeting: meetings, owner: users })
    .from(actions)
    .innerJoin(meetings, eq(meetings.id, actions.meetingId))
    .innerJoin(users, eq(users.id, actions.userId))
    .where(where);
}

/** One action with its meeting and owner; undefined when it is gone. */
export async function loadActionWithOwner(
  db: Database,
  actionId: string,
): Promise<ActionWithOwner | undefined> {
  const [row] = await actionsWithOwners(db, eq(actions.id, actionId));
  return row;
}
