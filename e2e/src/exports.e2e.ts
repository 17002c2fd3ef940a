import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifacts, launch, newPage, screenshot, signInToDemo } from './browser';

const run = promisify(execFile);
const BOM = '\uFEFF';
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** A Stat's figure on the page: the value under its label in a panel. */
async function figure(page: Page, panel: string, label: string): Promise<string> {
  const value = page
    .getByRole('region', { name: panel })
    .getByText(label, { exact: true })
    .locator('xpath=following-sibling::div[1]/p[1]');
  return (await value.innerText()).trim();
}

/** Opens Export and picks an item; returns the saved file's path and suggested name. */
async function exportFile(page: Page, item: string, saveAs: string) {
  await page.getByRole('button', { name: 'Export' }).click();
  const download = page.waitForEvent('download', { timeout: 60_000 });
  await page.getByRole('menuitem', { name: item }).click();
  const file = await download;
  await fs.mkdir(artifacts, { recursive: true });
  const target = path.join(artifacts, saveAs);
  await file.saveAs(target);
  return { target, name: file.suggestedFilename() };
}

/** A CSV as RFC 4180 writes it (quoted fields, doubled quotes, CRLF records), enough to read the exports. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else field += c;
  }
  return records;
}

describe('exports from Review', () => {
  it('exports the report as a PDF of text, and the report and the meetings as CSV, with the figures on screen', async () => {
    const { page, context } = await newPage(browser);
    await signInToDemo(page);
    const card = page.getByRole('region', { name: 'Report card' });
    await expect.poll(() => card.getByText('Average score').isVisible(), { timeout: 30_000 }).toBe(true);
    // A first read may answer before the demo's days are built: wait for the figures.
    await expect
      .poll(() => figure(page, 'Report card', 'Average score'), { timeout: 60_000 })
      .toMatch(/^\d+$/);
    const average = await figure(page, 'Report card', 'Average score');
    const meetings = await figure(page, 'Report card', 'Meetings');
    const cost = await figure(page, 'Report card', 'Meeting cost');
    expect(average).toMatch(/^\d+$/);

    await page.getByRole('button', { name: 'Export' }).click();
    await page.getByRole('menuitem', { name: 'PDF report' }).waitFor();
    await screenshot(page, 'review-export-menu');
    await page.keyboard.press('Escape');

    // The PDF: text a reader extracts (not a picture), holding the screen's figures.
    const started = Date.now();
    const pdf = await exportFile(page, 'PDF report', 'review-export-text.pdf');
    const seconds = (Date.now() - started) / 1000;
    await screenshot(page, 'review-export-pdf-done');
    await expect
      .poll(() => page.getByText('Download successful!').isVisible(), { timeout: 30_000 })
      .toBe(true);
    expect(pdf.name).toMatch(/^MeetWell review .+\.pdf$/);
    const { stdout: text } = await run('pdftotext', ['-layout', pdf.target, '-']);
    expect(text).toContain('MeetWell review: ');
    expect(text).toContain('Report card');
    expect(text).toContain('All organizers');
    expect(text).toMatch(new RegExp(`Average score\\s+${average}\\b`));
    expect(text).toMatch(new RegExp(`Meetings\\s+${meetings.replace(/,/g, ',')}\\b`));
    expect(text).toContain(cost);
    const { stdout: images } = await run('pdfimages', ['-list', pdf.target]);
    // The header and rule lines only: no embedded picture.
    expect(images.trim().split('\n').length).toBeLessThanOrEqual(2);
    expect(seconds).toBeLessThan(20);
    await run('pdftoppm', [
      '-png',
      '-r',
      '70',
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      pdf.target,
      path.join(artifacts, 'review-export-text'),
    ]);

    // The report's tables as CSV: UTF-8 with a BOM, the same figures.
    const report = await exportFile(page, 'Report tables (CSV)', 'review-report.csv');
    expect(report.name).toMatch(/^MeetWell_review_you_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
    const reportText = await fs.readFile(report.target, 'utf8');
    expect(reportText.startsWith(BOM)).toBe(true);
    const records = parseCsv(reportText.slice(1));
    const value = (label: string) => records.find((r) => r[0] === label)?.[1];
    expect(value('Average score')).toBe(average);
    expect(value('Meetings')).toBe(meetings.replace(/,/g, ''));
    expect(`$${Number(value('Meeting cost ($)')).toLocaleString('en-US')}`).toBe(cost);

    // The meetings of the period: one record per counted meeting, summing to the report card.
    const list = await exportFile(page, 'Meetings (CSV)', 'review-meetings.csv');
    const [header, ...rows] = parseCsv((await fs.readFile(list.target, 'utf8')).slice(1));
    expect(header?.slice(0, 11)).toEqual([
      'Title',
      'Start',
      'End',
      'Time zone',
      'Organizer',
      'Organizer email',
      'Attendees',
      'Duration (minutes)',
      'Cost ($)',
      'Score',
      'Grade',
    ]);
    expect(String(rows.length)).toBe(meetings.replace(/,/g, ''));
    const costSum = rows.reduce((sum, r) => sum + Number(r[8]), 0);
    expect(`$${costSum.toLocaleString('en-US')}`).toBe(cost);
    for (const r of rows) expect(r[0]).not.toMatch(/^[=+\-@\t\r]/);
    await context.close();
  }, 180_000);

  it('writes a PDF with Greek and Cyrillic names in an embedded font', async () => {
    const { page, context } = await newPage(browser);
    await signInToDemo(page);
    // The team's name is the team report's line ("… 's meetings"); renamed as Team management would.
    const csrf = decodeURIComponent((await context.cookies()).find((c) => c.name === 'MWCsrf')?.value ?? '');
    const renamed = await page.evaluate(async (token) => {
      const me = (await (await fetch('/api/v1/users')).json()) as {
        data: { attributes: { company: { id: string } } };
      };
      const teamId = me.data.attributes.company.id;
      return (
        await fetch(`/api/v1/teams/${teamId}`, {
          method: 'PATCH',
          headers: { 'X-CSRF-Token': token, 'Content-Type': 'application/vnd.api+json' },
          body: JSON.stringify({ data: { type: 'teams', attributes: { name: 'Команда Σοφία' } } }),
        })
      ).status;
    }, csrf);
    expect(renamed).toBe(200);
    await page.goto('/my/review/team');
    const card = page.getByRole('region', { name: 'Report card' });
    await expect.poll(() => card.getByText('Average score').isVisible(), { timeout: 30_000 }).toBe(true);
    const fonts: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('.ttf')) fonts.push(request.url());
    });
    const pdf = await exportFile(page, 'PDF report', 'review-export-unicode.pdf');
    expect(fonts).toHaveLength(2);
    const { stdout: text } = await run('pdftotext', ['-layout', pdf.target, '-']);
    expect(text).toContain("Команда Σοφία's meetings");
    const { stdout: embedded } = await run('pdffonts', [pdf.target]);
    expect(embedded).toMatch(/LiberationSans/);
    await context.close();
  }, 180_000);
});
