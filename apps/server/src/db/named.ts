import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Database } from './client';

const dialect = new PgDialect();
const names = new Map<string, string>();

/** A statement's name from its text: the same text always gets the same name, and no two texts share one. */
function nameOf(text: string) {
  let name = names.get(text);
  if (!name) {
    name = `q_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    // The texts are the program's own (a few dozen); the bound only guards against one built from data.
    if (names.size > 1_000) names.clear();
    names.set(text, name);
  }
  return name;
}

/**
 * Runs a read on the pool as a named (prepared) statement: each connection parses and plans it once, not on
 * every request. For the hot reads of a request, where planning costs about as much as running. Not inside
 * a transaction (it takes its own connection from the pool).
 */
export async function queryNamed<T extends pg.QueryResultRow>(db: Database, query: SQL): Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const result = await poolOf(db).query<T>({ name: nameOf(text), text, values: params });
  return result.rows;
}

/** The pool drizzle was made with (client.ts: `drizzle(pool)` keeps it as `$client`). */
function poolOf(db: Database): pg.Pool {
  const pool = (db as { $client?: pg.Pool }).$client;
  if (!pool || typeof pool.query !== 'function')
    throw new Error('queryNamed needs a database made from a pool');
  return pool;
}
