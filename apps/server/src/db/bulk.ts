import { type SQL, sql } from 'drizzle-orm';

/** One column of a bulk insert: its name, its PostgreSQL type, and how to read it from a row. */
export type BulkColumn<Row> = readonly [name: string, pgType: string, read: (row: Row) => unknown];

const toParam = (value: unknown) => (value instanceof Date ? value.toISOString() : value);

/**
 * `insert into <table> (<columns>) select * from unnest($1::type[], $2::type[], ...)`: one array parameter
 * per column instead of one parameter per value, so thousands of rows cost one short statement to build,
 * send and plan. `suffix` adds ON CONFLICT / RETURNING clauses.
 */
export function bulkInsert<Row>(
  table: string,
  columns: readonly BulkColumn<Row>[],
  rows: readonly Row[],
  suffix?: SQL,
): SQL {
  const names = sql.raw(columns.map(([name]) => `"${name}"`).join(', '));
  const arrays = sql.join(
    columns.map(
      ([, type, read]) => sql`${sql.param(rows.map((row) => toParam(read(row))))}::${sql.raw(type)}[]`,
    ),
    sql`, `,
  );
  return sql`insert into ${sql.raw(`"${table}"`)} (${names}) select * from unnest(${arrays}) ${suffix ?? sql``}`;
}
