import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * drizzle's inArray / notInArray write one placeholder per value, built recursively: over a list that grows
 * with a person's meetings the stack overflows (tens of thousands) or PostgreSQL refuses the statement (over
 * 65,535 parameters). Such lists go as one parameter (db/bulk.ts inValues / notInValues) or as a subquery;
 * inArray keeps only lists written out in the code.
 */
const serverSrc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The text of a call's second argument, from just after `name(`. */
function secondArgument(text: string, from: number): string {
  let depth = 0;
  let start = -1;
  for (let i = from; i < text.length; i++) {
    const char = text[i]!;
    if ('([{'.includes(char)) depth++;
    else if (')]}'.includes(char)) {
      if (depth === 0) return start < 0 ? '' : text.slice(start, i);
      depth--;
    } else if (char === ',' && depth === 0) {
      if (start >= 0) return text.slice(start, i);
      start = i + 1;
    }
  }
  return '';
}

/** Calls of inArray / notInArray whose list is neither written out nor a subquery. */
function unboundedListCalls(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/\b(?:not)?[iI]nArray\(/g)) {
    const argument = secondArgument(text, match.index + match[0].length).trim();
    const literal = argument.startsWith('[');
    const subquery = /\.select(Distinct)?\(/.test(argument);
    if (!literal && !subquery) found.push(`${match[0]}…, ${argument.slice(0, 60)})`);
  }
  return found;
}

describe('lists sent to PostgreSQL', () => {
  it('recognises an unbounded list, and lets literal lists and subqueries be', () => {
    expect(unboundedListCalls('inArray(meetings.id, ids)')).toHaveLength(1);
    expect(unboundedListCalls('notInArray(m.x, rows.map((r) => r.id))')).toHaveLength(1);
    expect(unboundedListCalls("inArray(actions.status, ['done', 'failed'])")).toEqual([]);
    expect(unboundedListCalls('inArray(a.id, ctx.db.select({ id: m.id }).from(m))')).toEqual([]);
  });

  it('never go as one placeholder per value (drizzle inArray over a computed list)', () => {
    const offenders = sourceFiles(serverSrc).flatMap((file) =>
      unboundedListCalls(fs.readFileSync(file, 'utf8')).map(
        (call) => `${path.relative(serverSrc, file)}: ${call}`,
      ),
    );
    expect(offenders).toEqual([]);
  });
});
