import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { type BulkColumn, storableJson } from './bulk';

// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is one of the characters COPY cannot take as it is.
const SPECIAL = /[\\\t\n\r\u0000]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: as above.
const SPECIALS = /[\\\t\n\r\u0000]/g;
const ESCAPED: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r', '\u0000': '' };

/**
 * Text in COPY's text format: backslash escapes for the characters that separate values and rows. A NUL
 * character is dropped: PostgreSQL text cannot hold one, and a calendar's stray NUL must not fail an import.
 */
function copyText(text: string): string {
  return SPECIAL.test(text) ? text.replace(SPECIALS, (c) => ESCAPED[c]!) : text;
}

type Encoder = (value: unknown) => string;
const NULL = '\\N';
/** How a column's values are written, by its PostgreSQL type (uuids and numbers never need escaping). */
const ENCODERS: Record<string, Encoder> = {
  uuid: (v) => (v == null ? NULL : String(v)),
  integer: (v) => (v == null ? NULL : String(v)),
  boolean: (v) => (v == null ? NULL : v ? 't' : 'f'),
  timestamptz: (v) => (v == null ? NULL : v instanceof Date ? v.toISOString() : copyText(String(v))),
  text: (v) => (v == null ? NULL : copyText(String(v))),
  json: (v) => (v == null ? NULL : copyText(storableJson(JSON.stringify(v)))),
};

/** How one row is written as a line of a `COPY … FROM STDIN` body (text format), its newline included. */
export function copyLine<Row>(columns: readonly BulkColumn<Row>[]): (row: Row) => string {
  const encoders = columns.map(([name, type, read]) => {
    const encode = ENCODERS[type];
    if (!encode) throw new Error(`No COPY encoding for column ${name} of type ${type}`);
    return (row: Row) => encode(read(row));
  });
  return (row) => {
    let line = encoders[0]!(row);
    for (let i = 1; i < encoders.length; i++) line += `\t${encoders[i]!(row)}`;
    return `${line}\n`;
  };
}

/** The rows as the body of a `COPY … FROM STDIN` (text format). */
export function copyBody<Row>(columns: readonly BulkColumn<Row>[], rows: readonly Row[]): string {
  const line = copyLine(columns);
  let body = '';
  for (const row of rows) body += line(row);
  return body;
}

/**
 * Sends bodies built by copyBody into the table, in one COPY: a single body, or a stream of them as they are
 * built (one statement for all the rows however many batches they come in, each written as PostgreSQL takes
 * the one before, while the next is built). COPY is what PostgreSQL reads fastest (about twice the rows per
 * second of an INSERT from JSON); it inserts only, so it serves rows known to be new.
 */
export async function sendCopy<Row>(
  client: pg.PoolClient,
  table: string,
  columns: readonly BulkColumn<Row>[],
  bodies: string | Iterable<string> | AsyncIterable<string>,
): Promise<void> {
  if (bodies === '') return;
  const names = columns.map(([name]) => `"${name}"`).join(', ');
  // Two bodies built ahead at most: enough to keep PostgreSQL busy, little held in memory.
  const source = Readable.from(typeof bodies === 'string' ? [bodies] : bodies, { highWaterMark: 2 });
  await pipeline(source, client.query(copyFrom(`copy "${table}" (${names}) from stdin`)));
}
