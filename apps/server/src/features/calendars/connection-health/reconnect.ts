import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull, ne, or } from 'drizzle-orm';
import { assertReachableHost, providerFailure } from '../../../calendars/connect-errors';
import { type CalendarRow, sealCredentials } from '../../../calendars/connection';
import { driverFor } from '../../../calendars/registry';
import { saveCalendarSource } from '../../../calendars/sources';
import type { AppContext } from '../../../context';
import { transactionWithClient } from '../../../db/client';
import { calendars } from '../../../db/schema';
import { AppError } from '../../../http/errors';
import { icsFileBytes } from '../ics-import';
import type { CalendarOwner } from '../manage';
import { requestSync } from '../service';

/** What mends a connection: a CalDAV password (and user name), or an ICS address or file. */
export type ReconnectInput = {
  username?: string;
  password?: string;
  url?: string;
  content?: string;
  content_base64?: string;
  /** The file sent as it is (POST /calendars/:id/reconnect/file). */
  file?: Buffer;
};

function invalid(detail: string, pointer?: string): never {
  throw new AppError('validation_failed', [{ detail, ...(pointer ? { pointer } : {}) }]);
}

/**
 * Mends a calendar's connection with what its owner gives: checked against the source first (a wrong password
 * or a dead address is refused here, in words, and nothing changes), then stored, and the calendar read in full
 * at once. That read, when good, clears the broken state and lets auto-balance act again. Google and Microsoft
 * calendars are mended by signing in with the provider again (the sign-in reads them again).
 */
export async function reconnectCalendar(
  ctx: AppContext,
  owner: CalendarOwner,
  calendar: CalendarRow,
  input: ReconnectInput,
): Promise<CalendarRow> {
  if (calendar.provider === 'google' || calendar.provider === 'microsoft') {
    invalid('This calendar is reconnected by signing in with its account again.');
  }
  if (input.file && calendar.provider !== 'ics')
    invalid('Only a calendar imported from a file is sent a file.');
  const ids =
    calendar.provider === 'caldav'
      ? await reconnectCaldav(ctx, owner, calendar, input)
      : await reconnectIcs(ctx, owner, calendar, input);
  const rows = await ctx.db.select().from(calendars).where(eq(calendars.userId, owner.id));
  for (const row of rows) if (ids.includes(row.id) && row.watching) await requestSync(ctx, row.id, 'full');
  const [updated] = await ctx.db.select().from(calendars).where(eq(calendars.id, calendar.id));
  return updated ?? calendar;
}

/** A new password (and user name) for the CalDAV account: every calendar of that account gets it. */
async function reconnectCaldav(
  ctx: AppContext,
  owner: CalendarOwner,
  calendar: CalendarRow,
  input: ReconnectInput,
): Promise<string[]> {
  if (!input.password) invalid('Give the new password.', '/data/attributes/password');
  const stored = calendar.credentialsEnc
    ? (JSON.parse(ctx.secrets.decrypt(calendar.credentialsEnc)) as Record<string, string>)
    : {};
  const username = input.username ?? stored.username;
  if (!username) invalid('Give the user name.', '/data/attributes/username');
  const credentials = { username, password: input.password };
  const serverUrl = calendar.sourceUrl ?? '';
  await assertReachableHost(ctx, serverUrl, '/data/attributes/password');
  try {
    await driverFor(ctx, 'caldav').listCalendars({
      ownerEmail: owner.email,
      timeZone: owner.timeZone,
      sourceUrl: serverUrl,
      credentials,
    });
  } catch (error) {
    providerFailure(error, 'The CalDAV server could not be read');
  }
  const updated = await ctx.db
    .update(calendars)
    .set({ credentialsEnc: sealCredentials(ctx, credentials), needsPermission: false, updatedAt: ctx.now() })
    .where(
      and(
        eq(calendars.userId, owner.id),
        eq(calendars.provider, 'caldav'),
        eq(calendars.sourceUrl, serverUrl),
      ),
    )
    .returning({ id: calendars.id });
  return updated.map((r) => r.id);
}

/** A new address for a subscription, or the file again (either may replace the other). */
async function reconnectIcs(
  ctx: AppContext,
  owner: CalendarOwner,
  calendar: CalendarRow,
  input: ReconnectInput,
): Promise<string[]> {
  const { url: sourceUrl } = input;
  const bytes = icsFileBytes(input);
  if (!sourceUrl && !bytes) invalid('Give the new address or the file.', '/data/attributes/url');
  if (sourceUrl) {
    await assertReachableHost(ctx, sourceUrl, '/data/attributes/url');
    const [other] = await ctx.db
      .select({ id: calendars.id })
      .from(calendars)
      .where(
        and(
          eq(calendars.userId, owner.id),
          eq(calendars.provider, 'ics'),
          eq(calendars.externalId, sourceUrl),
          ne(calendars.id, calendar.id),
        ),
      );
    if (other) throw new AppError('conflict', 'Another of your calendars reads this address.');
    try {
      await driverFor(ctx, 'ics').listCalendars({
        ownerEmail: owner.email,
        timeZone: owner.timeZone,
        sourceUrl,
      });
    } catch (error) {
      providerFailure(error, 'The calendar could not be read');
    }
  }
  await transactionWithClient(ctx.pool, async (tx, client) => {
    await tx
      .update(calendars)
      .set({
        sourceUrl: sourceUrl ?? null,
        externalId: sourceUrl ?? (calendar.sourceUrl ? `import:${randomUUID()}` : calendar.externalId),
        syncCursor: null,
        needsPermission: false,
        updatedAt: ctx.now(),
      })
      .where(eq(calendars.id, calendar.id));
    if (bytes) await saveCalendarSource(client, calendar.id, bytes, ctx.now());
  });
  return [calendar.id];
}

/**
 * After a sign-in with Google or Microsoft (fresh tokens): the calendars of that account that could not be
 * read are read again at once, in full. Their broken state clears on that good read.
 */
export async function readAgainAfterSignIn(ctx: AppContext, identityId: string) {
  const stuck = await ctx.db
    .update(calendars)
    .set({ needsPermission: false })
    .where(
      and(
        eq(calendars.identityId, identityId),
        eq(calendars.watching, true),
        or(eq(calendars.needsPermission, true), isNotNull(calendars.connectionBrokenAt)),
      ),
    )
    .returning({ id: calendars.id });
  for (const { id } of stuck) await requestSync(ctx, id, 'full');
}
