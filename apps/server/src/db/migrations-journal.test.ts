import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * drizzle's migrator applies a migration only when its journal time ("when") is later than the last one applied:
 * a migration written with an earlier time is skipped for ever on every existing database (a fresh one still
 * gets it, so no other test notices).
 */
const folder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
  entries: { idx: number; when: number; tag: string }[];
};

describe('the migrations journal', () => {
  it('numbers its migrations in order, each with a file, each later than the one before', () => {
    const late: string[] = [];
    for (const [i, entry] of journal.entries.entries()) {
      expect(entry.idx).toBe(i);
      expect(entry.tag.startsWith(String(i).padStart(4, '0'))).toBe(true);
      expect(fs.existsSync(path.join(folder, `${entry.tag}.sql`)), entry.tag).toBe(true);
      const previous = journal.entries[i - 1];
      if (previous && entry.when <= previous.when)
        late.push(`${entry.tag} (${entry.when} ≤ ${previous.when})`);
    }
    expect(late, 'migrations an existing database would skip').toEqual([]);
  });

  it('lists every migration file', () => {
    const files = fs.readdirSync(folder).filter((name) => name.endsWith('.sql'));
    expect(files.map((name) => name.replace(/\.sql$/, '')).sort()).toEqual(journal.entries.map((e) => e.tag));
  });
});
