import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  CSV_BOM,
  exportCellText,
  exportTablesToRecords,
  type ReviewExportInput,
  reviewExportTables,
  toCsv,
} from '@meetwell/domain';
import Papa from 'papaparse';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import type { ReportKind } from './api';
import { buildReviewPdf, needsUnicodeFont, type ReviewPdfContent } from './exportPdfDocument';
import { reportDocument } from './testData';

const RANGE = { start: '2025-03-09', end: '2025-03-15' };

/** The reports as the page holds them: the API's attributes of each kind (the component tests' fixtures). */
function content(): ReviewPdfContent {
  const of = (kind: ReportKind) =>
    reportDocument(kind, `/api/v1/reports/${kind}?start=${RANGE.start}&end=${RANGE.end}&who=user`).data
      .attributes as never;
  const scores = of('average_scores_by') as { rows: never; leaderboard: never };
  const nudges = of('num_past_actions_by') as { rows: never; total: number };
  const reports: ReviewExportInput = {
    averages: of('averages'),
    costs: of('duration_and_costs'),
    details: of('duration_and_cost_details'),
    overtime: of('overtime'),
    attendees: of('average_attendees'),
    focus: of('focus_block_conflict'),
    late: of('scheduled_late'),
    compliant: of('compliant_meetings'),
    scores: { rows: scores.rows, leaderboard: scores.leaderboard },
    nudges: { rows: nudges.rows, total: nudges.total },
  };
  return {
    title: 'MeetWell review: March 9th 2025 - March 15th 2025',
    subtitle: 'Your meetings · Last week',
    range: RANGE,
    reports,
  };
}

type Item = { str: string; x: number; y: number; page: number };

/** Every text item of the PDF as a reader extracts it (PDF.js: what selection and search see). */
async function pdfText(bytes: ArrayBuffer): Promise<Item[]> {
  const doc = await getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    isEvalSupported: false,
  }).promise;
  const items: Item[] = [];
  for (let page = 1; page <= doc.numPages; page++) {
    const text = await (await doc.getPage(page)).getTextContent();
    for (const item of text.items) {
      if ('str' in item && item.str.trim())
        items.push({ str: item.str, x: item.transform[4] as number, y: item.transform[5] as number, page });
    }
  }
  await doc.destroy();
  return items;
}

/** Text items on one line of one page, left to right. */
function lines(items: Item[]): string[][] {
  const byLine = new Map<string, Item[]>();
  for (const item of items) {
    const key = `${item.page}:${Math.round(item.y)}`;
    byLine.set(key, [...(byLine.get(key) ?? []), item]);
  }
  return [...byLine.values()].map((line) => line.sort((a, b) => a.x - b.x).map((i) => i.str.trim()));
}

describe('the Review PDF', () => {
  it('is text a reader can select and search: title, line and every figure of every table', async () => {
    const data = content();
    const items = await pdfText(buildReviewPdf(data).output('arraybuffer'));
    const all = items.map((i) => i.str).join('\n');
    expect(all).toContain(data.title);
    expect(all).toContain('Your meetings · Last week');
    for (const table of reviewExportTables(data.reports)) {
      expect(all).toContain(table.title);
      for (const column of table.columns) expect(all).toContain(column);
      for (const row of table.rows) for (const cell of row) expect(all).toContain(exportCellText(cell));
    }
    // The report card's tiles: the figures the page shows.
    expect(all).toContain('$520');
    expect(all).toContain('2.5 h');
    expect(all).toContain('B- ');
  });

  it('holds the same figures as the CSV export, row by row', async () => {
    const data = content();
    const tables = reviewExportTables(data.reports);
    const csv = toCsv(exportTablesToRecords(['MeetWell review'], tables));
    const records = Papa.parse<string[]>(csv.slice(CSV_BOM.length), { delimiter: ',', newline: '\r\n' }).data;
    const pdfLines = lines(await pdfText(buildReviewPdf(data).output('arraybuffer')));
    let compared = 0;
    for (const table of tables) {
      // The table's records follow its title and header in the CSV, in the table's order.
      const first = records.findIndex((r) => r[0] === table.title) + 2;
      expect(records[first - 1]?.slice(0, table.columns.length)).toEqual(table.columns);
      table.rows.forEach((row, index) => {
        const label = exportCellText(row[0]!);
        const record = records[first + index];
        expect(record?.[0]).toBe(label);
        // The table's line of this row (a tile may carry the same label on another line).
        const line = pdfLines.find(
          (l) => l[0] === label && row.every((c) => c.format === 'text' || l.includes(exportCellText(c))),
        );
        expect(record, label).toBeDefined();
        expect(line, label).toBeDefined();
        row.forEach((cell, i) => {
          if (cell.format === 'text' || cell.value === null) return;
          const shown = line!.find((text) => text === exportCellText(cell));
          expect(shown, `${label}: ${exportCellText(cell)}`).toBeDefined();
          // The PDF's text, unit and separators removed, is the CSV's number.
          expect(Number(shown!.replace(/[$,%h\s]/g, ''))).toBe(Number(record![i]));
          compared++;
        });
      });
    }
    expect(compared).toBeGreaterThan(30);
  });

  it('draws its charts as vectors, not pictures', () => {
    const pdf = buildReviewPdf(content());
    const raw = pdf.output();
    expect(raw).not.toMatch(/\/Subtype\s*\/Image/);
    expect(pdf.getNumberOfPages()).toBeGreaterThanOrEqual(1);
    expect(pdf.getTextWidth('x')).toBeGreaterThan(0);
  });

  it('writes names in Greek, Cyrillic or Central European letters with an embedded font, Latin ones in Helvetica', async () => {
    const latin = content();
    latin.subtitle = 'Zoë O’Brien – Müller · “Q1”';
    expect(needsUnicodeFont(latin)).toBe(false);

    const data = content();
    data.subtitle = 'Дмитрий Иванов · Σοφία Παπαδοπούλου · Łukasz Wróbel';
    expect(needsUnicodeFont(data)).toBe(true);
    const fontFile = (name: string) =>
      new Uint8Array(
        readFileSync(createRequire(import.meta.url).resolve(`pdfjs-dist/standard_fonts/${name}`)),
      );
    const fonts = {
      regular: fontFile('LiberationSans-Regular.ttf'),
      bold: fontFile('LiberationSans-Bold.ttf'),
    };
    const all = (await pdfText(buildReviewPdf(data, fonts).output('arraybuffer')))
      .map((i) => i.str)
      .join('\n');
    expect(all).toContain('Дмитрий Иванов · Σοφία Παπαδοπούλου · Łukasz Wróbel');
    // The rest of the report, bold headings and tables included, is written in the same font.
    expect(all).toContain(data.title);
    for (const table of reviewExportTables(data.reports)) expect(all).toContain(table.title);
    // Helvetica alone cannot: the same names come out as other characters.
    const plain = (await pdfText(buildReviewPdf(data).output('arraybuffer'))).map((i) => i.str).join('\n');
    expect(plain).not.toContain('Дмитрий');
  });
});
