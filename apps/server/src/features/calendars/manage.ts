import { asc, eq } from 'drizzle-orm';
import { getAccessToken } from '../../auth/oidc/access-token';
import type { CalendarRow } from '../../calendars/connection';
import { driverFor } from '../../calendars/registry';
import type { Provider } from '../../calendars/types';
import type { AppContext } from '../../context';
import { calendars, identities } from '../../db/schema';
import { AppError } from '../../http/errors';
import { startWatching, stopWatching } from './service';

/** Who the calendars are listed for: the owner's address and zone are what the providers are asked with. */
export type CalendarOwner = { id: string; email: string; timeZone: string };

/**
 * The person's calendars, oldest first. With `refreshExternal` the calendars of their sign-in accounts
 * (Google, Microsoft) are listed at the provider first and kept as rows, unwatched until chosen.
 */
export async function listCalendars(
  ctx: AppContext,
  owner: CalendarOwner,
  options: { refreshExternal: boolean },
): Promise<CalendarRow[]> {
  if (options.refreshExternal) await refreshExternalCalendars(ctx, owner);
  return ctx.db
    .select()
    .from(calendars)
    .where(eq(calendars.userId, owner.id))
    .orderBy(asc(calendars.createdAt));
}

async function refreshExternalCalendars(ctx: AppContext, owner: CalendarOwner) {
  const linked = await ctx.db.select().from(identities).where(eq(identities.userId, owner.id));
  for (const identity of linked) {
    const provider: Provider | null =
      identity.provider === 'google_oauth2'
        ? 'google'
        : identity.provider === 'microsoft_graph'
          ? 'microsoft'
          : null;
    if (!provider) continue;
    const accessToken = await getAccessToken(ctx, identity.id);
    const list = await driverFor(ctx, provider).listCalendars({
      ownerEmail: owner.email,
      timeZone: owner.timeZone,
      accessToken,
    });
    for (const external of list) {
      await ctx.db
        .insert(calendars)
        .values({
          userId: owner.id,
          provider,
          identityId: identity.id,
          externalId: external.externalId,
          name: external.name,
          color: external.color ?? null,
          timeZone: external.timeZone ?? null,
          isPrimary: external.primary,
          canWrite: external.canWrite,
        })
        .onConflictDoUpdate({
          target: [calendars.userId, calendars.provider, calendars.externalId],
          set: {
            name: external.name,
            color: external.color ?? null,
            isPrimary: external.primary,
            canWrite: external.canWrite,
          },
        });
    }
  }
}

/** Balances a calendar (watching) or stops; asking for the state it is already in changes nothing. */
export async function setWatching(ctx: AppContext, calendar: CalendarRow, watching: boolean) {
  if (watching && !calendar.watching) await startWatching(ctx, calendar);
  if (!watching && calendar.watching) await stopWatching(ctx, calendar);
  const [row] = await ctx.db.select().from(calendars).where(eq(calendars.id, calendar.id));
  return row ?? calendar;
}

/** Removes a calendar the person added (file, subscription, CalDAV); a sign-in account's can only be stopped. */
export async function removeCalendar(ctx: AppContext, calendar: CalendarRow) {
  if (calendar.provider === 'google' || calendar.provider === 'microsoft') {
    throw new AppError('validation_failed', 'Calendars of your sign-in account can be stopped, not removed.');
  }
  await stopWatching(ctx, calendar);
  await ctx.db.delete(calendars).where(eq(calendars.id, calendar.id));
}
