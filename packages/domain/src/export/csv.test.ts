import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvField, exportFileName, guardFormula, toCsv } from './csv';

const FORMULA_CHARS = ['=', '+', '-', '@', '\t', '\r'];

/** Parses as a spreadsheet reads it: the BOM dropped, RFC 4180 quoting, CRLF records. */
function parse(text: string): string[][] {
  const body = text.startsWith(CSV_BOM) ? text.slice(1) : text;
  const result = Papa.parse<string[]>(body, { delimiter: ',', newline: '\r\n', skipEmptyLines: false });
  expect(result.errors).toEqual([]);
  const rows = result.data;
  // The CRLF after the last record leaves one empty record at the end.
  if (rows.length && rows.at(-1)?.length === 1 && rows.at(-1)?.[0] === '') rows.pop();
  return rows;
}

// Text that mixes the characters CSV and spreadsheets care about with any other.
const tricky = fc.oneof(
  fc.string({
    unit: fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', '"', ',', "'", ' ', 'a', 'é', '😀'),
  }),
  fc.string({ unit: 'grapheme' }),
  fc.string(),
);

describe('csvField', () => {
  it('quotes fields with a comma, a quote or a line break, doubling quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
    expect(csvField(12.5)).toBe('12.5');
    expect(csvField(Number.NaN)).toBe('');
  });

  it('guards text that a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("http://evil.example","x")')).toBe(
      '"\'=HYPERLINK(""http://evil.example"",""x"")"',
    );
    expect(csvField('+1 555')).toBe("'+1 555");
    expect(csvField('-2+3')).toBe("'-2+3");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\tcmd')).toBe("'\tcmd");
    expect(csvField('\rcmd')).toBe('"\'\rcmd"');
    expect(csvField('Team = good')).toBe('Team = good');
    // Numbers stay numbers: a finite number prints as digits, never as a formula.
    expect(csvField(-5)).toBe('-5');
  });
});

describe('toCsv', () => {
  it('writes CRLF records after a BOM, padded to the widest record', () => {
    expect(toCsv([['a', 1], ['b']])).toBe(`${CSV_BOM}a,1\r\nb,\r\n`);
    expect(toCsv([['a']], { bom: false })).toBe('a\r\n');
  });

  it('round-trips through a CSV parser: every text cell comes back, guarded', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(tricky, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 8 }),
        (rows) => {
          const width = Math.max(...rows.map((r) => r.length));
          const expected = rows.map((r) => [...r.map(guardFormula), ...Array(width - r.length).fill('')]);
          expect(parse(toCsv(rows))).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('never yields a text cell that starts with a formula character', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(tricky, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 6 }),
        (rows) => {
          for (const record of parse(toCsv(rows)))
            for (const field of record) expect(FORMULA_CHARS.includes(field.charAt(0))).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('round-trips numbers as the same numbers', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ noNaN: true, noDefaultInfinity: true }), { minLength: 1, maxLength: 6 }),
        (values) => {
          const [record] = parse(toCsv([values]));
          expect(record?.map(Number)).toEqual(values.map((v) => (Object.is(v, -0) ? 0 : v)));
        },
      ),
    );
  });

  it('only changes text that starts with a formula character, by one leading quote', () => {
    fc.assert(
      fc.property(tricky, (value) => {
        const guarded = guardFormula(value);
        if (FORMULA_CHARS.includes(value.charAt(0))) expect(guarded).toBe(`'${value}`);
        else expect(guarded).toBe(value);
      }),
    );
  });
});

describe('exportFileName', () => {
  it('keeps letters, digits, dashes and underscores only', () => {
    expect(exportFileName(['MeetWell', 'meetings', '2026-11-01', '2026-11-30'], 'csv')).toBe(
      'MeetWell_meetings_2026-11-01_2026-11-30.csv',
    );
    expect(exportFileName(['Acme "Inc"; rm -rf /', ''], 'pdf')).toBe('Acme-Inc-rm-rf.pdf');
    expect(exportFileName([], 'csv')).toBe('export.csv');
  });
});
