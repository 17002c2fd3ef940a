import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CalendarEvent } from '../../types';
import { parseIcs } from './parse-ics';

/**
 * The interoperability corpus (__corpus__/README.md): third-party and RFC files whose occurrences were
 * computed once by an independent implementation (scripts/corpus/expected.py). Every file must give the same
 * occurrences, except the differences listed with their reason in accepted-differences.json.
 */
const CORPUS = path.join(import.meta.dirname, '__corpus__');
type Window = { from: string; to: string };
const manifest = JSON.parse(fs.readFileSync(path.join(CORPUS, 'corpus.json'), 'utf8')) as {
  defaultWindow: Window;
  files: Record<string, Window>;
};
type Accepted = { reason: string; missing?: string[]; extra?: string[] };
const accepted = JSON.parse(
  fs.readFileSync(path.join(CORPUS, 'accepted-differences.json'), 'utf8'),
) as Record<string, Accepted>;
const files = fs
  .readdirSync(CORPUS)
  .filter((name) => name.endsWith('.ics'))
  .sort();

function line(event: CalendarEvent): string {
  // A VEVENT without UID gets a made-up one here; the reference writes None.
  const raw = event.icalUid ?? event.providerEventId.split('::')[0]!;
  const uid = raw.startsWith('no-uid-') ? 'None' : raw;
  const time = (date: Date) =>
    event.allDay ? date.toISOString().slice(0, 10) : `${date.toISOString().slice(0, 19)}Z`;
  return `${uid}|${time(event.startsAt)}|${time(event.endsAt)}`;
}

/** What is in `a` and not in `b`, counting repeats. */
function minus(a: readonly string[], b: readonly string[]): string[] {
  const left = new Map<string, number>();
  for (const x of b) left.set(x, (left.get(x) ?? 0) + 1);
  const out: string[] = [];
  for (const x of a) {
    const n = left.get(x) ?? 0;
    if (n > 0) left.set(x, n - 1);
    else out.push(x);
  }
  return out.sort();
}

describe('ICS corpus: the same occurrences as an independent implementation', () => {
  it('has an expectation for every file, and no accepted difference for a file that is gone', () => {
    for (const file of files)
      expect(fs.existsSync(path.join(CORPUS, 'expected', `${file}.json`)), file).toBe(true);
    for (const file of Object.keys(accepted)) expect(files, file).toContain(file);
  });

  it.each(files)('%s', (file) => {
    const window = manifest.files[file] ?? manifest.defaultWindow;
    const expected = JSON.parse(fs.readFileSync(path.join(CORPUS, 'expected', `${file}.json`), 'utf8')) as {
      occurrences: string[] | null;
      refused?: string;
    };
    const from = new Date(`${window.from}T00:00:00Z`);
    const to = new Date(`${window.to}T00:00:00Z`);
    const { events, problems } = parseIcs(fs.readFileSync(path.join(CORPUS, file)), {
      window: { from, to },
      ownerEmail: 'owner@example.com',
      defaultTimeZone: 'UTC',
    });
    const ours = events
      .filter((e) => e.status !== 'cancelled')
      .filter((e) => {
        const day = Date.parse(`${e.startsAt.toISOString().slice(0, 10)}T00:00:00Z`);
        return day >= from.getTime() && day < to.getTime();
      })
      .map(line);
    const allowed = accepted[file];
    if (expected.occurrences === null) {
      // The reference refused the file; ours must read it without throwing, and the reason is documented.
      expect(
        allowed?.reason,
        `${file}: say why the reference's refusal (${expected.refused}) is fine`,
      ).toBeTruthy();
      expect(ours.length + problems.length, `${file}: read, or its problems reported`).toBeGreaterThan(0);
      return;
    }
    const difference = {
      missing: minus(expected.occurrences, ours),
      extra: minus(ours, expected.occurrences),
    };
    if (process.env.CORPUS_REPORT)
      fs.writeFileSync(`${process.env.CORPUS_REPORT}/${file}.json`, JSON.stringify(difference, null, 1));
    expect(difference).toEqual({ missing: allowed?.missing ?? [], extra: allowed?.extra ?? [] });
  });
});
