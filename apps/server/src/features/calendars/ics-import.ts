import { randomUUID } from 'node:crypto';
import { MAX_ICS_BYTES } from '@meetwell/domain';
import { eq } from 'drizzle-orm';
import { assertReachableHost, providerFailure } from '../../calendars/connect-errors';
import type { CalendarRow } from '../../calendars/connection';
import { driverFor } from '../../calendars/registry';
import { saveCalendarSource } from '../../calendars/sources';
import type { AppContext } from '../../context';
import { calendars } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { CalendarOwner } from './manage';
import { startWatching } from './service';

/** One of: a subscription address (http(s) or webcal), the file's bytes in base64, or the file's text. */
export type IcsImport = { name?: string; url?: string; content?: string; content_base64?: string };

/** The file given as base64 or text, checked to be an ICS calendar of at most 20 MB; undefined for a URL. */
export function icsFileBytes(input: Pick<IcsImport, 'content' | 'content_base64'>): Buffer | undefined {
  const { content, content_base64 } = input;
  const bytes =
    content_base64 !== undefined
      ? Buffer.from(content_base64, 'base64')
      : content !== undefined
        ? Buffer.from(content, 'utf8')
        : undefined;
  const pointer =
    content_base64 !== undefined ? '/data/attributes/content_base64' : '/data/attributes/content';
  if (bytes && bytes.byteLength > MAX_ICS_BYTES) {
    throw new AppError('validation_failed', [{ detail: 'ICS files up to 20 MB can be imported', pointer }]);
  }
  // Any charset: BEGIN:VCALENDAR is ASCII (a UTF-16 file would not be an iCalendar file).
  if (bytes && !/BEGIN:VCALENDAR/i.test(bytes.toString('latin1'))) {
    throw new AppError('validation_failed', [
      { detail: 'This is not an ICS calendar (no BEGIN:VCALENDAR).', pointer },
    ]);
  }
  return bytes;
}

/**
 * Subscribes to an ICS address or imports an ICS file, named by the request or else by the calendar itself,
 * and starts balancing it. A 409 when the same subscription is already connected.
 */
export async function importIcsCalendar(
  ctx: AppContext,
  owner: CalendarOwner,
  input: IcsImport,
): Promise<CalendarRow> {
  const { name, url } = input;
  const sourceUrl = url?.replace(/^webcal:/, 'https:');
  if (sourceUrl) await assertReachableHost(ctx, sourceUrl, '/data/attributes/url');
  const bytes = icsFileBytes(input);
  let calendarName = name;
  if (!calendarName) {
    try {
      const [first] = await driverFor(ctx, 'ics').listCalendars({
        ownerEmail: owner.email,
        timeZone: owner.timeZone,
        sourceUrl,
        sourceBytes: bytes,
      });
      calendarName = first?.name;
    } catch (error) {
      providerFailure(error, 'The calendar could not be read');
    }
  }
  const row = await ctx.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(calendars)
      .values({
        userId: owner.id,
        provider: 'ics',
        externalId: sourceUrl ?? `import:${randomUUID()}`,
        name: calendarName ?? 'Imported calendar',
        sourceUrl: sourceUrl ?? null,
        timeZone: owner.timeZone,
      })
      .onConflictDoNothing()
      .returning();
    if (inserted && bytes) await saveCalendarSource(tx, inserted.id, bytes, ctx.now());
    return inserted;
  });
  if (!row) throw new AppError('conflict', 'This calendar is already connected.');
  await startWatching(ctx, row);
  const [watched] = await ctx.db.select().from(calendars).where(eq(calendars.id, row.id));
  return watched ?? row;
}
