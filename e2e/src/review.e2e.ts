import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifacts, launch, newPage, screenshot, signInToDemo } from './browser';

const run = promisify(execFile);
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** A binary PPM (P6) as written by pdftoppm: width, height and RGB bytes. */
function readPpm(buffer: Buffer) {
  const header: string[] = [];
  let offset = 0;
  while (header.length < 4) {
    while (/\s/.test(String.fromCharCode(buffer[offset]!))) offset++;
    if (buffer[offset] === 0x23) {
      while (buffer[offset] !== 0x0a) offset++;
      continue;
    }
    let token = '';
    while (!/\s/.test(String.fromCharCode(buffer[offset]!))) token += String.fromCharCode(buffer[offset++]!);
    header.push(token);
  }
  offset++;
  const [magic, width, height] = header;
  if (magic !== 'P6') throw new Error(`not a binary PPM: ${magic}`);
  return { width: Number(width), height: Number(height), pixels: buffer.subarray(offset) };
}

/** Share of pixels that are not (near) white, colourful pixels, and pixels close to one of the palette's colours. */
function inspect(ppm: ReturnType<typeof readPpm>, palette: [number, number, number][]) {
  let ink = 0;
  let colourful = 0;
  let matches = 0;
  const total = ppm.width * ppm.height;
  for (let i = 0; i < total; i++) {
    const r = ppm.pixels[i * 3]!;
    const g = ppm.pixels[i * 3 + 1]!;
    const b = ppm.pixels[i * 3 + 2]!;
    if (r < 235 || g < 235 || b < 235) ink++;
    if (Math.max(r, g, b) - Math.min(r, g, b) > 80) colourful++;
    if (
      palette.some(([pr, pg, pb]) => Math.abs(r - pr) < 40 && Math.abs(g - pg) < 40 && Math.abs(b - pb) < 40)
    )
      matches++;
  }
  return { inkShare: ink / total, colourful, matches };
}

const hex = (colour: string): [number, number, number] => [
  Number.parseInt(colour.slice(1, 3), 16),
  Number.parseInt(colour.slice(3, 5), 16),
  Number.parseInt(colour.slice(5, 7), 16),
];

describe('review journeys', () => {
  it('shows the demo report and chart, switches to the team, and exports a PDF that looks like the page', async () => {
    const { page, context } = await newPage(browser);
    await signInToDemo(page);
    expect(page.url()).toMatch(/\/my\/review\/you$/);
    const card = page.getByRole('region', { name: 'Report card' });
    await expect.poll(() => card.getByText('Average score').isVisible(), { timeout: 30_000 }).toBe(true);
    const stats = page.getByRole('region', { name: 'Organizer stats' });
    await expect
      .poll(() => stats.locator('svg.recharts-surface').count(), { timeout: 30_000 })
      .toBeGreaterThan(0);
    await expect.poll(() => stats.locator('.recharts-line-curve').count()).toBeGreaterThan(0);
    expect(
      await page.getByRole('list', { name: 'Leaderboard' }).getByRole('listitem').count(),
    ).toBeGreaterThan(1);
    await screenshot(page, 'review-you-desktop');

    await page.getByText('Team', { exact: true }).click();
    await page.waitForURL(/\/my\/review\/team\?s=/);
    await expect.poll(() => card.getByText('Average score').isVisible(), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => page.getByText(/Northwind \(demo\)'s meetings/).isVisible()).toBe(true);
    await expect
      .poll(() => stats.locator('.recharts-line-curve').count(), { timeout: 30_000 })
      .toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Export' }).click();
    const download = page.waitForEvent('download', { timeout: 60_000 });
    await page.getByRole('menuitem', { name: 'PDF report' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^MeetWell review .+\.pdf$/);
    await expect
      .poll(() => page.getByText('Download successful!').isVisible(), { timeout: 30_000 })
      .toBe(true);
    await fs.mkdir(artifacts, { recursive: true });
    const pdfPath = path.join(artifacts, 'review-export.pdf');
    await file.saveAs(pdfPath);
    const pdf = await fs.readFile(pdfPath);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    // Render the first page as the user would see it: it carries the report, chart colours included.
    const prefix = path.join(artifacts, 'review-export');
    await run('pdftoppm', ['-r', '50', '-f', '1', '-l', '1', '-singlefile', pdfPath, prefix]);
    await run('pdftoppm', ['-png', '-r', '70', '-f', '1', '-l', '1', '-singlefile', pdfPath, prefix]);
    const { stdout: info } = await run('pdfinfo', [pdfPath]);
    expect(info).toMatch(/Title:\s+MeetWell review: /);
    const ppm = readPpm(await fs.readFile(`${prefix}.ppm`));
    expect(ppm.width).toBeGreaterThan(300);
    // Score tiers and the leaderboard's first colours: badges, rings and chart lines.
    const palette = ['#1f78f7', '#1db08c', '#ff8a00', '#ff3146', '#fed93a'].map(hex);
    const { inkShare, colourful, matches } = inspect(ppm, palette);
    expect(inkShare).toBeGreaterThan(0.03);
    expect(colourful).toBeGreaterThan(300);
    expect(matches).toBeGreaterThan(100);
    await context.close();
  }, 180_000);

  it('lays the review out on a phone', async () => {
    const { page, context } = await newPage(browser, { mobile: true });
    await signInToDemo(page);
    await expect
      .poll(() => page.getByRole('region', { name: 'Report card' }).getByText('Average score').isVisible(), {
        timeout: 30_000,
      })
      .toBe(true);
    const width = await page.evaluate('document.documentElement.scrollWidth');
    expect(width).toBeLessThanOrEqual(390);
    await screenshot(page, 'review-you-mobile');
    await context.close();
  }, 120_000);
});
