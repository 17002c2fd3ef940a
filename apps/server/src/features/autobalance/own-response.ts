import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { attendees, meetings, users } from '../../db/schema';

/**
 * Records the user's own answer to a meeting everywhere the screens read it: the meeting's response status and
 * the user's own attendee row (added when the provider listed no row for them), so that after an accept (Ignore)
 * or a decline the attendee list, the labels and the filters all say the same thing.
 */
export async function recordOwnResponse(
  ctx: AppContext,
  meeting: { id: string; userId: string },
  status: 'accepted' | 'declined' | 'tentative',
) {
  await ctx.db
    .update(meetings)
    .set({ responseStatus: status, updatedAt: ctx.now() })
    .where(eq(meetings.id, meeting.id));
  const updated = await ctx.db
    .update(attendees)
    .set({ responseStatus: status })
    .where(and(eq(attendees.meetingId, meeting.id), eq(attendees.isSelf, true)))
    .returning({ email: attendees.email });
  if (updated.length) return;
  const [owner] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, meeting.userId));
  if (!owner) return;
  const email = owner.email.toLowerCase();
  await ctx.db
    .insert(attendees)
    .values({ meetingId: meeting.id, email, isSelf: true, responseStatus: status })
    .onConflictDoUpdate({
      target: [attendees.meetingId, attendees.email],
      set: { isSelf: true, responseStatus: status },
    });
}
