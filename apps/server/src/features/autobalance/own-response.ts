import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { meetings, users } from '../../db/schema';
import { withOwnResponse } from '../calendars/sync/attendee-list';

/**
 * Records the user's own answer to a meeting everywhere the screens read it: the meeting's response status and
 * the user's own entry among its attendees (added when the provider listed none for them), so that after an
 * accept (Ignore) or a decline the attendee list, the labels and the filters all say the same thing.
 */
export async function recordOwnResponse(
  ctx: AppContext,
  meeting: { id: string; userId: string },
  status: 'accepted' | 'declined' | 'tentative',
) {
  // Locked from read to write: a sync storing the provider's new list meanwhile is not overwritten by the old.
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ attendees: meetings.attendees, ownerEmail: users.email })
      .from(meetings)
      .innerJoin(users, eq(users.id, meetings.userId))
      .where(eq(meetings.id, meeting.id))
      .for('update', { of: meetings });
    if (!row) return;
    await tx
      .update(meetings)
      .set({
        responseStatus: status,
        attendees: withOwnResponse(row.attendees, row.ownerEmail, status),
        updatedAt: ctx.now(),
      })
      .where(eq(meetings.id, meeting.id));
  });
}
