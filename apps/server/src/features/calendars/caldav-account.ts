import { assertReachableHost, providerFailure } from '../../calendars/connect-errors';
import { type CalendarRow, sealCredentials } from '../../calendars/connection';
import { driverFor } from '../../calendars/registry';
import type { AppContext } from '../../context';
import { calendars } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { CalendarOwner } from './manage';

export type CaldavAccount = { server_url: string; username: string; password: string };

/**
 * Connects a CalDAV account: its calendars are listed and kept (unwatched until chosen) with the sealed
 * credentials; connecting the same account again updates them instead of adding copies.
 */
export async function connectCaldavAccount(
  ctx: AppContext,
  owner: CalendarOwner,
  account: CaldavAccount,
): Promise<CalendarRow[]> {
  const { server_url, username, password } = account;
  await assertReachableHost(ctx, server_url, '/data/attributes/server_url');
  const credentials = { username, password };
  let list: Awaited<ReturnType<ReturnType<typeof driverFor>['listCalendars']>> = [];
  try {
    list = await driverFor(ctx, 'caldav').listCalendars({
      ownerEmail: owner.email,
      timeZone: owner.timeZone,
      sourceUrl: server_url,
      credentials,
    });
  } catch (error) {
    providerFailure(error, 'The CalDAV server could not be reached');
  }
  if (list.length === 0)
    throw new AppError('validation_failed', 'No calendar was found on that CalDAV account.');
  const sealed = sealCredentials(ctx, credentials);
  const rows: CalendarRow[] = [];
  for (const external of list) {
    const [row] = await ctx.db
      .insert(calendars)
      .values({
        userId: owner.id,
        provider: 'caldav',
        externalId: external.externalId,
        name: external.name,
        color: external.color ?? null,
        timeZone: external.timeZone ?? owner.timeZone,
        isPrimary: external.primary,
        canWrite: external.canWrite,
        sourceUrl: server_url,
        credentialsEnc: sealed,
      })
      .onConflictDoUpdate({
        target: [calendars.userId, calendars.provider, calendars.externalId],
        set: {
          name: external.name,
          credentialsEnc: sealed,
          sourceUrl: server_url,
          needsPermission: false,
        },
      })
      .returning();
    rows.push(row!);
  }
  return rows;
}
