import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

const ESCAPED_NUL = /(?<!\\)((?:\\\\)*)\\u0000/g;

/**
 * JSON text whose strings hold no NUL character: PostgreSQL's text cannot hold one and refuses the `\u0000`
 * escape, so a calendar's stray NUL would fail a whole import. An escaped backslash before `u0000` is kept.
 */
export function withoutNul(json: string): string {
  return json.includes('\\u0000') ? json.replace(ESCAPED_NUL, '$1') : json;
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
  return sql`json_to_recordset(${withoutNul(JSON.stringify(records))}::json) as ${sql.raw(`${alias}(${definition})`)}`;
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
  return sql`(select jsonb_array_elements_text(${withoutNul(JSON.stringify(values))}::jsonb)::${sql.raw(pgType)})`;
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
