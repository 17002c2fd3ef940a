import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

const ESCAPED_NUL = /(?<!\\)((?:\\\\)*)\\u0000/g;

type WellFormed = (this: string) => string;
const toWellFormed = (String.prototype as unknown as { toWellFormed: WellFormed }).toWellFormed;

/** The value with every string (and key) well-formed: a lone UTF-16 surrogate becomes U+FFFD. */
function wellFormed(value: unknown): unknown {
  if (typeof value === 'string') return toWellFormed.call(value);
  if (Array.isArray(value)) return value.map(wellFormed);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [toWellFormed.call(k), wellFormed(v)]));
  return value;
}

/**
 * JSON text PostgreSQL keeps and reads back: PostgreSQL's text cannot hold a NUL character and refuses the
 * `\u0000` escape, so a calendar's stray NUL would fail a whole import (it is dropped; an escaped backslash
 * before `u0000` is kept); and a lone surrogate (`\ud800`, which JSON.stringify writes for a provider's
 * broken text) is stored by a json column but refused by every read of it (`->`, json_to_record, jsonb), so
 * one such name would fail its person's lists and reports: it becomes U+FFFD. Only text holding one of them
 * (rare) costs more than a search.
 */
export function storableJson(json: string): string {
  const withoutNul = json.includes('\\u0000') ? json.replace(ESCAPED_NUL, '$1') : json;
  // JSON.stringify escapes lone surrogates only (a pair is written as it is): `\ud` finds every one of them.
  return withoutNul.includes('\\ud') ? JSON.stringify(wellFormed(JSON.parse(withoutNul))) : withoutNul;
}

/** One column of a bulk insert: its name, its PostgreSQL type, and how to read it from a row. */
export type BulkColumn<Row> = readonly [name: string, pgType: string, read: (row: Row) => unknown];

/**
 * The rows as one JSON parameter: `json_to_recordset($1::json) as t(col type, ...)`. One short statement to
 * build, send and plan for thousands of rows, and JSON.stringify is far cheaper than escaping each value of
 * a PostgreSQL array literal.
 */
export function jsonRecordset<Row>(
  columns: readonly BulkColumn<Row>[],
  rows: readonly Row[],
  alias = 't',
): SQL {
  const records = rows.map((row) => {
    const record: Record<string, unknown> = {};
    for (const [name, , read] of columns) record[name] = read(row);
    return record;
  });
  const definition = columns.map(([name, type]) => `"${name}" ${type}`).join(', ');
  return sql`json_to_recordset(${storableJson(JSON.stringify(records))}::json) as ${sql.raw(`${alias}(${definition})`)}`;
}

/** `insert into <table> (<columns>) select <columns> from json_to_recordset(...)`; `suffix` adds ON CONFLICT / RETURNING. */
export function bulkInsert<Row>(
  table: string,
  columns: readonly BulkColumn<Row>[],
  rows: readonly Row[],
  suffix?: SQL,
): SQL {
  const names = sql.raw(columns.map(([name]) => `"${name}"`).join(', '));
  return sql`insert into ${sql.raw(`"${table}"`)} (${names}) select ${names} from ${jsonRecordset(columns, rows)} ${suffix ?? sql``}`;
}

/**
 * A list of values as one JSON parameter, as a subquery for `in (…)` / `not in (…)`: PostgreSQL hashes it
 * (a semi- or anti-join). The driver's array encoding escapes element by element, slow for tens of thousands;
 * a placeholder per value stops at PostgreSQL's 65,535 parameters; and `<> all(array(select …))` is
 * compared row by row, quadratic.
 */
export function jsonValues(values: readonly string[], pgType: 'text' | 'uuid' = 'text'): SQL {
  return sql`(select jsonb_array_elements_text(${storableJson(JSON.stringify(values))}::jsonb)::${sql.raw(pgType)})`;
}

/**
 * `column in (values)` / `not in`, the values as one parameter whatever their number (see jsonValues). Every
 * list that grows with a person's meetings goes to PostgreSQL this way, never as drizzle's inArray, which
 * builds a placeholder per value (PostgreSQL stops at 65,535) recursively (the stack overflows first).
 */
export function inValues(
  column: SQLWrapper,
  values: readonly string[],
  pgType: 'text' | 'uuid' = 'text',
): SQL {
  return sql`${column} in ${jsonValues(values, pgType)}`;
}

export function notInValues(
  column: SQLWrapper,
  values: readonly string[],
  pgType: 'text' | 'uuid' = 'text',
): SQL {
  return sql`${column} not in ${jsonValues(values, pgType)}`;
}
