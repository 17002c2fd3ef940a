import { eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { BulkColumn } from '../db/bulk';
import { type Database, transactionWithClient } from '../db/client';
import { copyBody, sendCopy } from '../db/copy';
import { calendarSources } from '../db/schema';
import { nextTurn } from '../lib/next-turn';

type SourceRow = { calendarId: string; content: Uint8Array; updatedAt: Date };
const SOURCE_COLUMNS: readonly BulkColumn<SourceRow>[] = [
  ['calendar_id', 'uuid', (r) => r.calendarId],
  ['content', 'bytea', (r) => r.content],
  ['updated_at', 'timestamptz', (r) => r.updatedAt],
];

/**
 * Stores the bytes of an imported file for its calendar (replacing what was there), in the transaction of
 * `client` (or in one of its own, given the pool). The file goes to PostgreSQL as its bytes, in a binary COPY:
 * given as a parameter, or in COPY's text format, a 20 MB file was first written as 40 MB of hex text, which
 * held the thread serving requests 160–320 ms (or, in pieces, took that work on every upload).
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
  await target.query('delete from calendar_sources where calendar_id = $1', [calendarId]);
  await sendCopy(
    target,
    'calendar_sources',
    SOURCE_COLUMNS,
    copyBody(SOURCE_COLUMNS, [{ calendarId, content: bytes, updatedAt: now }]),
  );
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
