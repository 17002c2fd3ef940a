import { eq } from 'drizzle-orm';
import { getAccessToken } from '../auth/oidc/access-token';
import type { AppContext } from '../context';
import { calendars, users } from '../db/schema';
import { loadCalendarSource } from './sources';
import type { CalendarConnection } from './types';

export type CalendarRow = typeof calendars.$inferSelect;
export type UserRow = typeof users.$inferSelect;

/** Sealed credentials (CalDAV user and password) as stored on the calendar row. */
export function sealCredentials(ctx: AppContext, credentials: Record<string, string>): string {
  return ctx.secrets.encrypt(JSON.stringify(credentials));
}

/** Everything a driver needs, with secrets decrypted only in memory for the call. */
export async function connectionFor(
  ctx: AppContext,
  calendar: CalendarRow,
  owner: UserRow,
): Promise<CalendarConnection> {
  return {
    calendarId: calendar.id,
    externalId: calendar.externalId,
    ownerEmail: owner.email,
    timeZone: calendar.timeZone ?? owner.timeZone,
    sourceUrl: calendar.sourceUrl ?? undefined,
    sourceBytes:
      calendar.provider === 'ics' && !calendar.sourceUrl
        ? await loadCalendarSource(ctx.db, calendar.id)
        : undefined,
    credentials: calendar.credentialsEnc
      ? (JSON.parse(ctx.secrets.decrypt(calendar.credentialsEnc)) as Record<string, string>)
      : undefined,
    accessToken: calendar.identityId ? await getAccessToken(ctx, calendar.identityId) : undefined,
  };
}

export async function loadCalendarWithOwner(ctx: AppContext, calendarId: string) {
  const [row] = await ctx.db
    .select({ calendar: calendars, owner: users })
    .from(calendars)
    .innerJoin(users, eq(users.id, calendars.userId))
    .where(eq(calendars.id, calendarId))
    .limit(1);
  return row ?? null;
}
