import { randomUUID } from 'node:crypto';
import { MAX_ICS_BYTES } from '@meetwell/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { assertReachableHost, providerFailure } from '../../calendars/connect-errors';
import type { CalendarRow } from '../../calendars/connection';
import { decodeIcsText, utf16Encoding } from '../../calendars/providers/ics/decode-ics-text';
import { driverFor } from '../../calendars/registry';
import { loadCalendarSource, saveCalendarSource } from '../../calendars/sources';
import type { AppContext } from '../../context';
import { type Database, transactionWithClient } from '../../db/client';
import { calendars } from '../../db/schema';
import { AppError } from '../../http/errors';
import { turnsOfWork } from '../../lib/next-turn';
import type { CalendarOwner } from './manage';
import { requestSync, startWatching } from './service';

/**
 * One of: a subscription address (http(s) or webcal), the file's bytes in base64, the file's text, or the file
 * as it was sent (`file`, POST /calendars/ics/file).
 */
export type IcsImport = {
  name?: string | undefined;
  url?: string;
  content?: string;
  content_base64?: string;
  file?: Buffer;
};

/**
 * The file given as it is, in base64 or as text, checked to be an ICS calendar of at most 20 MB; undefined for a
 * URL. A file in UTF-16 (Windows "Unicode", PowerShell 5's files) is kept as UTF-8: RFC 5545's charset, in
 * which the checks below, the UIDs that tell a new export of a calendar from another calendar, and the parser
 * read it.
 */
export function icsFileBytes(
  input: Pick<IcsImport, 'content' | 'content_base64' | 'file'>,
): Buffer | undefined {
  const given = givenBytes(input);
  if (given && given.byteLength > MAX_ICS_BYTES) {
    throw new AppError('validation_failed', [
      { detail: 'ICS files up to 20 MB can be imported', ...pointerTo(input) },
    ]);
  }
  const bytes = given && asUtf8IfUtf16(given);
  // Any charset: BEGIN:VCALENDAR is ASCII. Looked for in the bytes first: the whole file as text, for a
  // case-blind search, held the thread serving requests 50 ms.
  const isCalendar = (text: Buffer) =>
    text.includes('BEGIN:VCALENDAR') || /BEGIN:VCALENDAR/i.test(text.toString('latin1'));
  if (bytes && !isCalendar(bytes)) {
    throw new AppError('validation_failed', [
      { detail: 'This is not an ICS calendar (no BEGIN:VCALENDAR).', ...pointerTo(input) },
    ]);
  }
  return bytes;
}

function givenBytes({
  content,
  content_base64,
  file,
}: Pick<IcsImport, 'content' | 'content_base64' | 'file'>) {
  return (
    file ??
    (content_base64 !== undefined
      ? Buffer.from(content_base64, 'base64')
      : content !== undefined
        ? Buffer.from(content, 'utf8')
        : undefined)
  );
}

/** Where an error points: a file sent as it is is the body itself, with no pointer into a document. */
function pointerTo({ content_base64, file }: Pick<IcsImport, 'content_base64' | 'file'>) {
  if (file !== undefined) return {};
  return {
    pointer: content_base64 !== undefined ? '/data/attributes/content_base64' : '/data/attributes/content',
  };
}

function asUtf8IfUtf16(bytes: Buffer): Buffer {
  return utf16Encoding(bytes) ? Buffer.from(decodeIcsText(bytes).text, 'utf8') : bytes;
}

/** Advisory-lock namespace: one person's uploads are told apart from their earlier ones one at a time. */
const UPLOAD_LOCK = 727_040;

/**
 * The UIDs of an ICS file, found in its bytes; a UID folded over lines (Outlook's are long) is unfolded. This
 * runs on the thread that serves requests, with turns of the event loop between slices (50,000 UIDs took it
 * 50–100 ms at once).
 */
async function uidsOf(bytes: Buffer): Promise<Set<string>> {
  const uids = new Set<string>();
  const turns = turnsOfWork();
  for (const name of ['\nUID', '\nuid']) {
    for (let at = bytes.indexOf(name); at !== -1; at = bytes.indexOf(name, at + 1)) {
      if (turns.due()) await turns.take();
      const colon = bytes.indexOf(':', at);
      const next = bytes[at + 4];
      if (colon === -1 || (next !== 0x3a && next !== 0x3b)) continue; // ':' or ';' (parameters)
      let end = colon;
      let uid = '';
      for (;;) {
        const lineEnd = bytes.indexOf('\n', end + 1);
        const stop = lineEnd === -1 ? bytes.length : lineEnd;
        uid += bytes.toString('latin1', end + 1, stop).replace(/\r$/, '');
        const following = lineEnd === -1 ? -1 : bytes[lineEnd + 1];
        if (following !== 0x20 && following !== 0x09) break;
        end = lineEnd + 1; // a fold: the next line's first character is not part of the value
      }
      if (uid.trim()) uids.add(uid.trim());
    }
  }
  return uids;
}

/**
 * The person's uploaded calendar this file is a version of, if any: the same bytes, or at least half of the
 * events of the smaller of the two under the same UIDs (an export made again later, with some events changed,
 * added or gone). Two files of different calendars share few UIDs or none, so each stays a calendar of its own.
 */
async function earlierUploadOf(
  tx: Database,
  userId: string,
  bytes: Buffer,
): Promise<CalendarRow | undefined> {
  const uploads = await tx
    .select()
    .from(calendars)
    .where(and(eq(calendars.userId, userId), eq(calendars.provider, 'ics'), isNull(calendars.sourceUrl)));
  if (uploads.length === 0) return undefined;
  const uids = await uidsOf(bytes);
  let best: { calendar: CalendarRow; shared: number } | undefined;
  for (const calendar of uploads) {
    const source = await loadCalendarSource(tx, calendar.id);
    if (!source) continue;
    if (source.equals(bytes)) return calendar;
    const earlier = await uidsOf(source);
    let shared = 0;
    for (const uid of uids) if (earlier.has(uid)) shared++;
    const enough = shared > 0 && shared * 2 >= Math.min(uids.size, earlier.size);
    if (enough && (!best || shared > best.shared)) best = { calendar, shared };
  }
  return best?.calendar;
}

/**
 * Subscribes to an ICS address or imports an ICS file, named by the request or else by the calendar itself,
 * and starts balancing it. A 409 when the same subscription is already connected. A file that is a version of
 * one the person uploaded before (the same file again, a double click, a newer export) replaces that calendar's
 * file and is read into it in full, as Reconnect does: its events are updated, not copied (`updated`).
 */
export async function importIcsCalendar(
  ctx: AppContext,
  owner: CalendarOwner,
  input: IcsImport,
): Promise<{ calendar: CalendarRow; updated: boolean }> {
  // The contract gives a webcal address as https already.
  const { name, url: sourceUrl } = input;
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
  const written = await transactionWithClient(ctx.pool, async (tx, client) => {
    if (bytes && !sourceUrl) {
      await tx.execute(sql`select pg_advisory_xact_lock(${UPLOAD_LOCK}, hashtext(${owner.id}))`);
      const earlier = await earlierUploadOf(tx, owner.id, bytes);
      if (earlier) {
        await tx
          .update(calendars)
          .set({ syncCursor: null, needsPermission: false, updatedAt: ctx.now() })
          .where(eq(calendars.id, earlier.id));
        await saveCalendarSource(client, earlier.id, bytes, ctx.now());
        return { row: earlier, updated: true };
      }
    }
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
    if (inserted && bytes) await saveCalendarSource(client, inserted.id, bytes, ctx.now());
    return inserted ? { row: inserted, updated: false } : undefined;
  });
  if (!written) throw new AppError('conflict', 'This calendar is already connected.');
  if (written.updated && written.row.watching) await requestSync(ctx, written.row.id, 'full');
  else await startWatching(ctx, written.row);
  const [watched] = await ctx.db.select().from(calendars).where(eq(calendars.id, written.row.id));
  return { calendar: watched ?? written.row, updated: written.updated };
}
