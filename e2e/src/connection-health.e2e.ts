import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityProblems, launch, newPage, screenshot, signInByLink } from './browser';

let browser: Browser;
let feed: http.Server;
let feedUrl: string;
/** The team's feed: served until it is "moved", then answered 410 Gone (as a provider does for a dead link). */
let teamFeedGone = false;

function ics(owner: string, name: string) {
  const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//e2e//EN',
    `X-WR-CALNAME:${name}`,
    'BEGIN:VEVENT',
    `UID:planning-${day}@e2e.example`,
    'DTSTAMP:20260101T000000Z',
    `DTSTART:${day}T150000Z`,
    `DTEND:${day}T160000Z`,
    'SUMMARY:Quarter planning',
    'ORGANIZER:mailto:lead@partner.example',
    'ATTENDEE;PARTSTAT=ACCEPTED:mailto:lead@partner.example',
    `ATTENDEE;PARTSTAT=NEEDS-ACTION:mailto:${owner}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ].join('\r\n');
}

let owner = '';

beforeAll(async () => {
  browser = await launch();
  feed = http.createServer((request, response) => {
    if (request.url === '/team.ics' && teamFeedGone) return response.writeHead(410).end('Gone');
    if (request.url === '/team.ics' || request.url === '/team-new.ics') {
      return response.writeHead(200, { 'content-type': 'text/calendar' }).end(ics(owner, 'Team feed'));
    }
    response.writeHead(404).end('Not Found');
  });
  await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve));
  feedUrl = `http://127.0.0.1:${(feed.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => feed?.close(resolve));
});

/** A new person's first run: the feed subscribed in 'Choose your calendars', then the tour left with Escape. */
async function firstRunWithFeed(page: Page) {
  await page
    .getByRole('dialog', { name: 'Welcome to MeetWell!' })
    .getByRole('button', { name: "Let's get started" })
    .click();
  const calendars = page.getByRole('dialog', { name: 'Choose your calendars' });
  await calendars.getByRole('button', { name: 'Add an ICS calendar' }).click();
  const add = page.getByRole('dialog', { name: 'Add an ICS calendar' });
  await add.getByRole('textbox', { name: 'Calendar URL' }).fill(`${feedUrl}/team.ics`);
  await add.getByRole('button', { name: 'Add calendar' }).click();
  await add.waitFor({ state: 'hidden' });
  await expect
    .poll(() => calendars.getByRole('switch', { name: 'Balance Team feed' }).isChecked())
    .toBe(true);
  await calendars.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('dialog', { name: 'Set your goals' }).getByRole('button', { name: 'Finish' }).click();
  const tour = page.getByRole('dialog', { name: 'Your meeting health at a glance' });
  await tour.waitFor();
  await page.keyboard.press('Escape');
  await tour.waitFor({ state: 'hidden' });
}

describe('connection health', () => {
  it('names a feed that answers 410 in a banner on every screen, and a new address mends it in one step', async () => {
    const { page, context } = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    page.setDefaultTimeout(30_000);
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    owner = `feed-${Date.now()}@connection-health.example`;
    await signInByLink(page, owner);
    await firstRunWithFeed(page);

    // Read well first: the row says when.
    await page.goto('/my/account');
    const list = page.getByTestId('calendar-list');
    await expect.poll(() => list.innerText(), { timeout: 30_000 }).toMatch(/Synced /);
    expect(await page.getByTestId('connection-banner').count()).toBe(0);

    // The feed's address dies; the next read (Re-sync here, the poll every ten minutes otherwise) finds out.
    teamFeedGone = true;
    // As the Re-sync button does (its dialog is another journey's): POST /meetings/sync with the CSRF token.
    const csrf = (await context.cookies()).find((c) => c.name === 'MWCsrf')?.value ?? '';
    const started = await page.evaluate(
      async (token) =>
        (await fetch('/api/v1/meetings/sync', { method: 'POST', headers: { 'X-CSRF-Token': token } })).status,
      decodeURIComponent(csrf),
    );
    expect(started).toBeLessThan(300);
    const problem = async () =>
      (
        (await page.evaluate(async () => (await fetch('/api/v1/calendars')).json())) as {
          data: { attributes: { connection_problem: string | null } }[];
        }
      ).data[0]?.attributes.connection_problem;
    await expect.poll(problem, { timeout: 30_000 }).toBe('not_found');
    const banner = page.getByTestId('connection-banner');
    await banner.waitFor().catch((error) => {
      throw new Error(`${error}; the page threw: ${pageErrors.join(' | ')}`);
    });
    expect(await banner.innerText()).toContain(
      'MeetWell cannot read “Team feed”: it is no longer at its address.',
    );
    expect(await banner.innerText()).toContain(
      'Auto-balance does not act on its meetings until it is read again.',
    );
    expect(await banner.innerText()).toMatch(/Last read \S+ at \d/);
    const row = list.getByTestId('calendar-status');
    expect(await row.innerText()).toContain('it is no longer at its address');
    await screenshot(page, 'connection-health-banner-account');
    expect(await accessibilityProblems(page, 'account with a broken calendar')).toEqual([]);

    // On every signed-in screen.
    await page.goto('/my/plan');
    await page.getByTestId('connection-banner').waitFor();
    await screenshot(page, 'connection-health-banner-plan');

    // A wrong address is refused in words, and nothing changes.
    await page
      .getByTestId('connection-banner')
      .getByRole('button', { name: 'Give the new address: Team feed' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'New address for “Team feed”' });
    await dialog.getByText(`Now: ${feedUrl}/team.ics`).waitFor();
    await dialog.getByRole('textbox', { name: /Calendar URL/ }).fill(`${feedUrl}/nowhere.ics`);
    await dialog.getByRole('button', { name: 'Reconnect' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'nothing was found at that address' }).waitFor();
    await screenshot(page, 'connection-health-reconnect-refused');

    // The new address: checked, read at once, and the banner goes.
    await dialog.getByRole('textbox', { name: /Calendar URL/ }).fill(`${feedUrl}/team-new.ics`);
    await dialog.getByRole('button', { name: 'Reconnect' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByTestId('connection-banner').waitFor({ state: 'detached', timeout: 30_000 });
    await page.goto('/my/account');
    await expect.poll(() => list.innerText(), { timeout: 30_000 }).toMatch(/Synced /);
    const calendars = (await page.evaluate(async () => (await fetch('/api/v1/calendars')).json())) as {
      data: { attributes: { source_url: string; connection_problem: string | null } }[];
    };
    expect(calendars.data.map((c) => c.attributes)).toEqual([
      expect.objectContaining({ source_url: `${feedUrl}/team-new.ics`, connection_problem: null }),
    ]);
    await screenshot(page, 'connection-health-mended');
    await context.close();
  }, 180_000);
});
