import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context';
import { type BulkColumn, storableJson } from './bulk';
import { transactionWithClient } from './client';
import { copyBody, sendCopy } from './copy';

const wellFormed = (text: string) => (text as unknown as { toWellFormed(): string }).toWellFormed();

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.pool.query(`create table copy_probe (
    id uuid primary key, label text, flag boolean, n integer, at timestamptz, doc json)`);
});
afterAll(async () => {
  await ctx.pool.query('drop table copy_probe');
  await ctx.close();
});

type Probe = {
  id: string;
  label: string | null;
  flag: boolean | null;
  n: number | null;
  at: Date | null;
  doc: unknown;
};
const COLUMNS: readonly BulkColumn<Probe>[] = [
  ['id', 'uuid', (r) => r.id],
  ['label', 'text', (r) => r.label],
  ['flag', 'boolean', (r) => r.flag],
  ['n', 'integer', (r) => r.n],
  ['at', 'timestamptz', (r) => r.at],
  ['doc', 'json', (r) => r.doc],
];

const awkwardText = fc.string({
  unit: fc.constantFrom(
    '\t',
    '\n',
    '\r',
    '\\',
    'N',
    '\u0000',
    '"',
    'é',
    '😀',
    'a',
    ' ',
    '.',
    '\ud800',
    '\udc00',
  ),
});

describe('COPY rows', () => {
  it('reads back every value as it was sent, whatever the text holds (NUL characters dropped, lone surrogates U+FFFD)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(
          fc.record({
            id: fc.uuid(),
            label: fc.option(awkwardText),
            flag: fc.option(fc.boolean()),
            n: fc.option(fc.integer()),
            at: fc.option(
              // Every date PostgreSQL holds and a meeting row may: years 1 to 9999, to the millisecond.
              fc.date({
                min: new Date('0001-01-01T00:00:00Z'),
                max: new Date('9999-12-31T23:59:59.999Z'),
                noInvalidDate: true,
              }),
            ),
            doc: fc.option(fc.dictionary(awkwardText, awkwardText, { maxKeys: 3 })),
          }),
          { maxLength: 20, selector: (r) => r.id },
        ),
        async (rows) => {
          const stored = await transactionWithClient(ctx.pool, async (_tx, client) => {
            await sendCopy(client, 'copy_probe', COLUMNS, copyBody(COLUMNS, rows));
            // Through jsonb: PostgreSQL's own reads (->, json_to_record) refuse what it does not.
            const { rows: read } = await client.query<Probe>(
              'select id, label, flag, n, at, doc::jsonb as doc from copy_probe',
            );
            await client.query('delete from copy_probe');
            return read;
          });
          const byId = new Map(stored.map((r) => [r.id, r]));
          expect(stored).toHaveLength(rows.length);
          for (const row of rows) {
            const back = byId.get(row.id)!;
            expect(back.label).toBe(
              row.label === null ? null : wellFormed(row.label.replaceAll('\u0000', '')),
            );
            expect(back.flag).toBe(row.flag);
            expect(back.n).toBe(row.n);
            expect(back.at?.getTime() ?? null).toBe(row.at?.getTime() ?? null);
            // As the upsert's JSON parameter (bulk.ts): a NUL escape inside JSON is dropped too.
            expect(back.doc).toEqual(row.doc ? JSON.parse(storableJson(JSON.stringify(row.doc))) : null);
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('refuses, before sending, a value its column cannot hold, naming the column', () => {
    const row: Probe = { id: crypto.randomUUID(), label: null, flag: null, n: null, at: null, doc: null };
    expect(() => copyBody(COLUMNS, [{ ...row, id: 'not-a-uuid' }])).toThrow('column id (uuid)');
    expect(() => copyBody(COLUMNS, [{ ...row, n: 1.5 }])).toThrow('column n (integer)');
    expect(() => copyBody(COLUMNS, [{ ...row, n: 2 ** 31 }])).toThrow('column n (integer)');
    expect(() => copyBody(COLUMNS, [{ ...row, at: new Date(Number.NaN) }])).toThrow(
      'column at (timestamptz)',
    );
    expect(() => copyBody(COLUMNS, [{ ...row, at: '2026-01-01' as unknown as Date }])).toThrow(
      'column at (timestamptz)',
    );
  });

  it('rolls back with its transaction', async () => {
    const row: Probe = { id: crypto.randomUUID(), label: 'x', flag: true, n: 1, at: null, doc: null };
    const failed = await transactionWithClient(ctx.pool, async (_tx, client) => {
      await sendCopy(client, 'copy_probe', COLUMNS, copyBody(COLUMNS, [row]));
      throw new Error('stop');
    }).catch((error: Error) => error.message);
    expect(failed).toBe('stop');
    const { rows } = await ctx.pool.query('select id from copy_probe where id = $1', [row.id]);
    expect(rows).toHaveLength(0);
  });

  it('writes a stream of bodies as one statement', async () => {
    const probe = (i: number): Probe => ({
      id: crypto.randomUUID(),
      label: `row ${i}`,
      flag: null,
      n: i,
      at: null,
      doc: null,
    });
    let built = 0;
    async function* bodies() {
      for (let batch = 0; batch < 20; batch++) {
        built++;
        yield copyBody(
          COLUMNS,
          Array.from({ length: 50 }, (_, i) => probe(batch * 50 + i)),
        );
      }
    }
    const { count, statements } = await transactionWithClient(ctx.pool, async (_tx, client) => {
      await sendCopy(client, 'copy_probe', COLUMNS, bodies());
      // Rows written by one statement share its command id (cmin).
      const { rows } = await client.query<{ n: string; statements: string }>(
        'select count(*) as n, count(distinct cmin::text) as statements from copy_probe',
      );
      await client.query('delete from copy_probe');
      return { count: Number(rows[0]!.n), statements: Number(rows[0]!.statements) };
    });
    expect(count).toBe(1_000);
    expect(statements).toBe(1);
    expect(built).toBe(20);
  });

  it('fails whole when a later body breaks a constraint', async () => {
    const id = crypto.randomUUID();
    async function* bodies() {
      for (let batch = 0; batch < 50; batch++) {
        const row: Probe = {
          id: batch === 2 ? id : crypto.randomUUID(),
          label: null,
          flag: null,
          n: batch,
          at: null,
          doc: null,
        };
        yield copyBody(COLUMNS, batch === 3 ? [{ ...row, id }] : [row]);
      }
    }
    const failed = await transactionWithClient(ctx.pool, (_tx, client) =>
      sendCopy(client, 'copy_probe', COLUMNS, bodies()),
    ).catch((error: Error & { code?: string }) => error.code);
    expect(failed).toBe('23505');
    const { rows } = await ctx.pool.query('select id from copy_probe');
    expect(rows).toHaveLength(0);
  });
});
