import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { icsUtc, launch, newPage, screenshot, signInToDemo, uploadIcs, weekParam } from './browser';

/**
 * Texts as long as a calendar may hold them: a title of 2,500 characters without a space, a location of 5,000.
 * The meeting's close button stays on the screen, on a desktop and on a phone, and the phone's Plan list keeps
 * the score beside the title.
 */
let browser: Browser;
let context: BrowserContext;
let page: Page;
const TITLE = `Quarterly${'X'.repeat(2_500)}`;

beforeAll(async () => {
  browser = await launch();
  ({ context, page } = await newPage(browser));
  page.setDefaultTimeout(30_000);
  await signInToDemo(page);
}, 180_000);
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

async function closeButtonInView(target: Page, label: string) {
  const dialog = target.getByRole('dialog', { name: TITLE });
  await dialog.waitFor();
  const close = dialog.locator('.mantine-Modal-close');
  const box = await close.boundingBox();
  const viewport = target.viewportSize()!;
  expect(box, `${label}: the close button`).not.toBeNull();
  expect(box!.x + box!.width, `${label}: the close button's right edge`).toBeLessThanOrEqual(viewport.width);
  expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
  // The line holding the location (its text is cut after three lines; the text's own box runs on).
  const location = dialog.getByText(/^https:\/\/maps\.example\//).locator('xpath=..');
  expect((await location.boundingBox())!.height, `${label}: the location's height`).toBeLessThan(100);
}

describe('long texts', () => {
  let meeting: { id: string; week: string };

  it('keep the meeting’s close button on a desktop, and its location to three lines', async () => {
    // Tomorrow at 10:00 in the browser's zone.
    const start = await page.evaluate(() => {
      const now = new Date();
      return new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 10, 0).getTime();
    });
    const [stored] = await uploadIcs(
      page,
      (email) => [
        'BEGIN:VEVENT',
        'UID:long-texts@e2e',
        `DTSTART:${icsUtc(new Date(start))}`,
        `DTEND:${icsUtc(new Date(start + 3_600_000))}`,
        `SUMMARY:${TITLE}`,
        `LOCATION:https://maps.example/${'a'.repeat(5_000)}`,
        'ORGANIZER:mailto:lead@acme.example',
        'ATTENDEE;PARTSTAT=ACCEPTED:mailto:lead@acme.example',
        `ATTENDEE;PARTSTAT=ACCEPTED:mailto:${email}`,
        'END:VEVENT',
      ],
      { summaries: [TITLE], around: new Date(start) },
    );
    meeting = { id: stored!.id, week: await weekParam(page, new Date(start)) };
    await page.goto(`/my/plan/meeting/${meeting.id}`);
    await closeButtonInView(page, 'desktop');
    await screenshot(page, 'long-title-desktop');
    await page.getByRole('dialog', { name: TITLE }).locator('.mantine-Modal-close').click();
    await page.getByRole('dialog', { name: TITLE }).waitFor({ state: 'hidden' });
  }, 120_000);

  it('keep it on a phone, and the score beside the title in the Plan list', async () => {
    const phone = await browser.newContext({
      baseURL: new URL(page.url()).origin,
      viewport: { width: 360, height: 740 },
      timezoneId: 'America/New_York',
      locale: 'en-US',
      storageState: await context.storageState(),
    });
    try {
      const small = await phone.newPage();
      small.setDefaultTimeout(30_000);
      await small.goto(`/my/plan?w=${meeting.week}`);
      const row = small.getByTestId('week-list-event').filter({ hasText: 'QuarterlyXXX' });
      await row.first().waitFor();
      const badge = row.first().locator('.mantine-Badge-root');
      const badgeBox = await badge.boundingBox();
      expect(badgeBox!.width, 'the score badge').toBeGreaterThan(24);
      expect(await badge.innerText()).toMatch(/^\d+$/);
      await screenshot(small, 'long-title-phone-list');
      await small.goto(`/my/plan/meeting/${meeting.id}`);
      await closeButtonInView(small, 'phone');
      await screenshot(small, 'long-title-phone');
    } finally {
      await phone.close();
    }
  }, 120_000);

  it('draw a meeting that crosses midnight, or ends at it, in the grid with its times, not as an all-day banner', async () => {
    // The day after tomorrow, 23:00 to 01:30, and 23:30 to midnight the next day, in the browser's zone.
    const [late, lateEnd, toMidnight, toMidnightEnd] = await page.evaluate(() => {
      const now = new Date();
      const day = (offset: number, hour: number, minute = 0) =>
        new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset, hour, minute).getTime();
      return [day(2, 23), day(3, 1, 30), day(3, 23, 30), day(4, 0)];
    });
    await uploadIcs(
      page,
      (email) =>
        [
          ['Across midnight', late, lateEnd],
          ['Until midnight', toMidnight, toMidnightEnd],
        ].flatMap(([summary, start, end]) => [
          'BEGIN:VEVENT',
          `UID:${summary}@e2e`,
          `DTSTART:${icsUtc(new Date(start as number))}`,
          `DTEND:${icsUtc(new Date(end as number))}`,
          `SUMMARY:${summary}`,
          'ORGANIZER:mailto:lead@acme.example',
          'ATTENDEE;PARTSTAT=ACCEPTED:mailto:lead@acme.example',
          `ATTENDEE;PARTSTAT=ACCEPTED:mailto:${email}`,
          'END:VEVENT',
        ]),
      { summaries: ['Across midnight', 'Until midnight'], around: new Date(late) },
    );
    // Across midnight: a piece on each day, with where it starts and where it ends; until midnight: one piece.
    for (const [summary, at, pieces] of [
      ['Across midnight', late, ['11:00 pm –', '– 1:30 am']],
      ['Until midnight', toMidnight, ['11:30 – 12:00 am']],
    ] as const) {
      await page.goto(`/my/plan?w=${await weekParam(page, new Date(at))}`);
      const grid = page.getByTestId('week-calendar');
      await grid.locator('.rbc-event', { hasText: summary }).first().waitFor();
      expect(await grid.locator('.rbc-allday-cell .rbc-event', { hasText: summary }).count(), summary).toBe(
        0,
      );
      const drawn = grid.locator('.rbc-time-content .rbc-event', { hasText: summary });
      const labels = (await drawn.locator('.rbc-event-label').allTextContents()).map((l) => l.trim());
      // The two pieces may fall in two weeks (Saturday night): those of this week are among them.
      expect(labels.length, summary).toBeGreaterThan(0);
      for (const label of labels) expect(pieces as readonly string[], summary).toContain(label);
      if (summary === 'Until midnight') expect(labels).toEqual(['11:30 – 12:00 am']);
    }
    await screenshot(page, 'plan-until-midnight');
  }, 120_000);
});
