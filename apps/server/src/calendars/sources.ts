import { eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { BulkColumn } from '../db/bulk';
import { type Database, transactionWithClient } from '../db/client';
import { sendCopy } from '../db/copy';
import { calendarSources } from '../db/schema';
import { nextTurn } from '../lib/next-turn';

/** What COPY writes of a file: only the names are read (the body is written by `fileRow`). */
const SOURCE_COLUMNS: readonly BulkColumn<never>[] = [
  ['calendar_id', 'uuid', () => null],
  ['content', 'bytea', () => null],
  ['updated_at', 'timestamptz', () => null],
];

/** Bytes written as hex per turn of the event loop (2 MB of text). */
const HEX_PIECE_BYTES = 1 << 20;

/**
 * Stores the bytes of an imported file for its calendar (replacing what was there), in the transaction of
 * `client` (or in one of its own, given the pool). The file goes to PostgreSQL as a COPY whose row is written
 * a megabyte at a time, with turns of the event loop between: given as a parameter, a 20 MB file was written
 * as 40 MB of hex text in one go, which held the thread serving requests 160–320 ms.
 */
export async function saveCalendarSource(
  target: pg.Pool | pg.PoolClient,
  calendarId: string,
  content: Buffer | string,
  /** The context's clock (the time the replaced bytes were stored). */
  now: Date = new Date(),
): Promise<void> {
  if (!('release' in target)) {
    await transactionWithClient(target, (_tx, client) =>
      saveCalendarSource(client, calendarId, content, now),
    );
    return;
  }
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  async function* fileRow() {
    // COPY's text format: a backslash is written twice, so bytea's hex input `\x…` is `\\x…`.
    yield `${calendarId}\t\\\\x`;
    for (let start = 0; start < bytes.length; start += HEX_PIECE_BYTES) {
      if (start > 0) await nextTurn();
      yield bytes.toString('hex', start, Math.min(bytes.length, start + HEX_PIECE_BYTES));
    }
    yield `\t${now.toISOString()}\n`;
  }
  await target.query('delete from calendar_sources where calendar_id = $1', [calendarId]);
  await sendCopy(target, 'calendar_sources', SOURCE_COLUMNS, fileRow());
}

/**
 * The bytes of an imported file, or undefined for a calendar without one. Asked as base64 in one query: bytea's
 * own text form is hex, twice the file's size to send and decode (a 20 MB file: about 160 ms instead of 250).
 */
export async function loadCalendarSource(db: Database, calendarId: string): Promise<Buffer | undefined> {
  const [row] = await db
    .select({ base64: sql<string>`encode(${calendarSources.content}, 'base64')` })
    .from(calendarSources)
    .where(eq(calendarSources.calendarId, calendarId));
  return row ? decodeBase64InTurns(row.base64) : undefined;
}

/** Base64 text decoded per turn of the event loop (a piece of about 1 MB). */
const PIECE_CHARS = 1 << 20;

/**
 * Base64 decoded a piece at a time, with turns of the event loop between: decoded at once, a 20 MB file held
 * this thread 150 ms on a slow machine, and every request waited. A piece ends at a line break (PostgreSQL
 * breaks its base64 every 76 characters, a whole number of 4-character groups), or at a multiple of 4
 * characters in text without breaks, so each piece decodes on its own.
 */
export async function decodeBase64InTurns(base64: string): Promise<Buffer> {
  if (base64.length <= PIECE_CHARS) return Buffer.from(base64, 'base64');
  const bytes = Buffer.allocUnsafe(Math.ceil(base64.length / 4) * 3);
  const broken = base64.includes('\n');
  let written = 0;
  for (let start = 0; start < base64.length; ) {
    if (start > 0) await nextTurn();
    let end = Math.min(base64.length, start + PIECE_CHARS);
    if (end < base64.length) {
      if (broken) {
        const lineEnd = base64.indexOf('\n', end);
        end = lineEnd === -1 ? base64.length : lineEnd + 1;
      } else end -= end % 4;
    }
    written += bytes.write(base64.slice(start, end), written, 'base64');
    start = end;
  }
  return bytes.subarray(0, written);
}
