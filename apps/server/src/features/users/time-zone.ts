import { isValidTimeZone, signInMovesZone } from '@meetwell/domain';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { calendars, users } from '../../db/schema';
import { requestSync } from '../calendars/service';

type UserRow = typeof users.$inferSelect;

/**
 * The person's time zone becomes `timeZone` (a sign-in from a browser in another zone, or their own change).
 * Their files and CalDAV calendars read in the old zone follow it, and are read again in full: an all-day
 * event is the midnights of its calendar's zone, and would otherwise stay on the old zone's days for good.
 * An unknown zone, or the same one, changes nothing.
 */
export async function adoptTimeZone(
  ctx: AppContext,
  user: UserRow,
  timeZone: string | undefined,
): Promise<UserRow> {
  if (!timeZone || timeZone === user.timeZone || !isValidTimeZone(timeZone)) return user;
  const { updated, followed } = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ timeZone, updatedAt: ctx.now() })
      .where(eq(users.id, user.id))
      .returning();
    const followed = await tx
      .update(calendars)
      .set({ timeZone, syncCursor: null, updatedAt: ctx.now() })
      .where(
        and(
          eq(calendars.userId, user.id),
          inArray(calendars.provider, ['ics', 'caldav']),
          or(eq(calendars.timeZone, user.timeZone), isNull(calendars.timeZone)),
        ),
      )
      .returning({ id: calendars.id, watching: calendars.watching });
    return { updated: updated!, followed };
  });
  for (const calendar of followed) if (calendar.watching) await requestSync(ctx, calendar.id, 'full');
  return updated;
}

/**
 * A sign-in from a browser in `browserZone` (ADR 0085): the person follows it, unless the browser keeps their
 * clock under another name or says only "UTC", as browsers that hide where they are do (signInMovesZone).
 * Their own choice on the Account screen or in the banner is `adoptTimeZone`, taken as it is.
 */
export async function followBrowserZone(
  ctx: AppContext,
  user: UserRow,
  browserZone: string | undefined,
): Promise<UserRow> {
  if (!signInMovesZone(user.timeZone, browserZone, ctx.now().getTime())) return user;
  return adoptTimeZone(ctx, user, browserZone);
}
