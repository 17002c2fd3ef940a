/**
 * CSV as RFC 4180 writes it (fields quoted when they hold a comma, a quote or a line break; quotes doubled;
 * CRLF between records), for exports people open in a spreadsheet. A text cell that a spreadsheet would read
 * as a formula (it starts with = + - @, a tab or a carriage return) is written with a single quote in front,
 * so a meeting titled "=HYPERLINK(…)" stays text. Numbers are written as numbers: a finite JavaScript number
 * prints as digits, a sign and an exponent only, never as a formula.
 */

/** The byte order mark that tells Excel the file is UTF-8 (without it, Excel reads accented names as ANSI). */
export const CSV_BOM = '\uFEFF';

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** A text cell a spreadsheet would run as a formula gets a leading single quote; others are unchanged. */
export function guardFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** One field: empty for null, digits for numbers (empty when not finite), guarded and quoted text. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = guardFormula(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * Records → CSV text, CRLF after every record. Shorter records are padded with empty fields to the widest, so
 * every record has the same number of fields (RFC 4180 §2.4). `bom` (default true) starts the text with the
 * UTF-8 byte order mark.
 */
export function toCsv(records: readonly (readonly CsvValue[])[], options: { bom?: boolean } = {}): string {
  const width = records.reduce((max, record) => Math.max(max, record.length), 0);
  let out = options.bom === false ? '' : CSV_BOM;
  for (const record of records) {
    const fields = record.map(csvField);
    while (fields.length < width) fields.push('');
    out += `${fields.join(',')}\r\n`;
  }
  return out;
}

/** A file name safe in a Content-Disposition header and on every file system: letters, digits, - _ . only. */
export function exportFileName(parts: readonly string[], extension: string): string {
  const base = parts
    .map((part) =>
      part
        .replace(/[^A-Za-z0-9_-]+/g, '-')
        .replace(/-{2,}/g, '-')
        .replace(/^-+|-+$/g, ''),
    )
    .filter(Boolean)
    .join('_');
  return `${base || 'export'}.${extension}`;
}
