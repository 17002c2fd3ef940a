import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, screenshot, signInToDemo } from './browser';

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

/** Uploads a file with the long meeting tomorrow at 10:00 in the browser's zone; its id once it is scored. */
async function uploadLongMeeting(): Promise<{ id: string; week: string }> {
  const csrf = decodeURIComponent((await context.cookies()).find((c) => c.name === 'MWCsrf')?.value ?? '');
  return page.evaluate(
    async ({ title, token }) => {
      const now = new Date();
      const start = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 10, 0);
      const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').slice(0, 15) + 'Z';
      const me = (
        (await (await fetch('/api/v1/users')).json()) as { data: { attributes: { email: string } } }
      ).data.attributes.email;
      const content = [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'BEGIN:VEVENT',
        'UID:long-texts@e2e',
        `DTSTART:${stamp(start)}`,
        `DTEND:${stamp(new Date(start.getTime() + 3_600_000))}`,
        `SUMMARY:${title}`,
        `LOCATION:https://maps.example/${'a'.repeat(5_000)}`,
        'ORGANIZER:mailto:lead@acme.example',
        'ATTENDEE;PARTSTAT=ACCEPTED:mailto:lead@acme.example',
        `ATTENDEE;PARTSTAT=ACCEPTED:mailto:${me}`,
        'END:VEVENT',
        'END:VCALENDAR',
      ].join('\r\n');
      const added = await fetch('/api/v1/calendars/ics', {
        method: 'POST',
        headers: { 'Content-Type': 'application/vnd.api+json', 'X-CSRF-Token': token },
        body: JSON.stringify({ data: { type: 'calendars', attributes: { content, name: 'Long texts' } } }),
      });
      if (added.status >= 300) throw new Error(`upload: ${added.status} ${await added.text()}`);
      const from = new Date(start.getTime() - 86_400_000).toISOString();
      const to = new Date(start.getTime() + 86_400_000).toISOString();
      for (let attempt = 0; attempt < 120; attempt++) {
        const response = await fetch(
          `/api/v1/meetings?by_period[starts_at]=${from}&by_period[ends_at]=${to}`,
        );
        if (response.status === 200) {
          const doc = (await response.json()) as {
            data: { id: string; attributes: { summary: string; score: number | null } }[];
          };
          const found = doc.data.find((m) => m.attributes.summary === title && m.attributes.score !== null);
          if (found) {
            const sunday = new Date(start.getFullYear(), start.getMonth(), start.getDate() - start.getDay());
            const pad = (n: number) => String(n).padStart(2, '0');
            return {
              id: found.id,
              week: `${sunday.getFullYear()}-${pad(sunday.getMonth() + 1)}-${pad(sunday.getDate())}`,
            };
          }
        }
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      throw new Error('the long meeting was not stored and scored');
    },
    { title: TITLE, token: csrf },
  );
}

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
    meeting = await uploadLongMeeting();
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
});
