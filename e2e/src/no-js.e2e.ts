import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { baseUrl, launch, newPage, screenshot, signInByLink } from './browser';

// The pages a mail links to (and the ones the app sends to when something is wrong) opened with JavaScript
// turned off: each shows what it says and its forms post to the server; whatever script a page names is the
// light public entry's (dist/.vite/public-manifest.json), never the app's.

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/dist');

/** The files of the light public entry (its scripts and their chunks). */
function lightBundle(): Set<string> {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(dist, '.vite/public-manifest.json'), 'utf8'),
  ) as Record<string, { file: string }>;
  return new Set(Object.values(manifest).map((chunk) => `/${chunk.file}`));
}

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

interface NoJsPage {
  context: BrowserContext;
  page: Page;
  /** Every script the page downloaded: its path and bytes. */
  scripts: { path: string; bytes: number }[];
}

async function withoutJavaScript(): Promise<NoJsPage> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
    locale: 'en-US',
  });
  const page = await context.newPage();
  const scripts: NoJsPage['scripts'] = [];
  page.on('response', async (response) => {
    const url = new URL(response.url());
    if (!url.pathname.endsWith('.js')) return;
    const body = await response.body().catch(() => Buffer.alloc(0));
    scripts.push({ path: url.pathname, bytes: body.length });
  });
  return { context, page, scripts };
}

/** Only the light entry's scripts, if any, and not many bytes of them. */
function expectLight(scripts: NoJsPage['scripts'], where: string) {
  const light = lightBundle();
  expect(
    scripts.filter((s) => !light.has(s.path)).map((s) => s.path),
    where,
  ).toEqual([]);
  const bytes = scripts.reduce((sum, s) => sum + s.bytes, 0);
  // The app's entry alone is several hundred kB; the light entry and a page's chunk stay far below.
  expect(bytes, where).toBeLessThan(200_000);
}

describe('pages opened from a mail, without JavaScript', () => {
  it('shows /maintenance, /needs-permission and the not-found page (404) with their words and links', async () => {
    const { context, page, scripts } = await withoutJavaScript();
    const maintenance = await page.goto('/maintenance');
    expect(maintenance?.status()).toBe(200);
    expect(await page.getByRole('heading', { name: 'Under maintenace! Stay tuned.' }).isVisible()).toBe(true);
    expect(
      await page
        .getByText("We're working hard to get things back up to speed. Please try again in a few minutes.")
        .isVisible(),
    ).toBe(true);
    expect(await page.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe('/my/review');
    await screenshot(page, 'no-js-maintenance');

    await page.goto('/needs-permission');
    expect(await page.getByRole('heading', { name: 'Incorrect permissions!' }).isVisible()).toBe(true);
    expect(
      await page.getByText(/Full access to your calendar was not granted in Google or Outlook/).isVisible(),
    ).toBe(true);

    for (const url of ['/no-such-page', '/blog/no-such-post']) {
      const missing = await page.goto(url);
      expect(missing?.status(), url).toBe(404);
      expect(await page.getByRole('heading', { name: 'Oh no! Are you lost?' }).isVisible(), url).toBe(true);
    }
    await screenshot(page, 'no-js-not-found');
    // A prevent-decline link that no longer works says so (the working link is covered on the server).
    await page.goto('/prevent-decline?token=no-such-token-0123456789');
    expect(await page.getByRole('heading', { name: 'This link is no longer valid' }).isVisible()).toBe(true);
    expect(await page.content()).not.toContain('MeetWell needs JavaScript to run.');
    expectLight(scripts, 'status pages');
    await context.close();
  });

  it('unsubscribes with plain forms: the bare form mails a link, the signed link confirms, one-click still works', async () => {
    const email = `lee@nojs-${Date.now().toString(36)}.example`;
    // The person's own account, to read the mail they get (the server has no mail server here).
    const reader = await browser.newContext({ baseURL: baseUrl() });
    const readerPage = await reader.newPage();
    await signInByLink(readerPage, email);

    const { context, page, scripts } = await withoutJavaScript();
    await page.goto('/unsubscribe');
    expect(await page.getByRole('heading', { name: 'Unsubscribe' }).isVisible()).toBe(true);
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.waitForURL('**/unsubscribe?status=invalid_email');
    expect(await page.getByText("Hmm. That email doesn't look right").isVisible()).toBe(true);

    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.waitForURL('**/unsubscribe?status=sent');
    expect(
      await page.getByText("If this address gets mail from us, we've sent it a link to confirm.").isVisible(),
    ).toBe(true);
    await screenshot(page, 'no-js-unsubscribe-sent');

    // The confirmation mail's signed link, as the person's outbox shows it.
    let link: string | undefined;
    await expect
      .poll(
        async () => {
          const outbox = (await (await reader.request.get('/api/v1/outbox')).json()) as {
            data: { attributes: { subject: string; html: string } }[];
          };
          const mail = outbox.data.find((m) => m.attributes.subject.startsWith('Confirm'));
          link = mail && /href="([^"]*\/unsubscribe\?e=[^"]+)"/.exec(mail.attributes.html)?.[1];
          return link;
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBeTruthy();
    const signed = new URL(link!.replaceAll('&amp;', '&'));

    await page.goto(`${signed.pathname}${signed.search}`);
    expect(await page.getByText(`Stop our emails to ${email}?`).isVisible()).toBe(true);
    await screenshot(page, 'no-js-unsubscribe-signed');
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.waitForURL('**/unsubscribe?status=unsubscribed');
    expect(
      await page
        .getByText("Hope we didn't bug you. You won't be getting emails from us anymore.")
        .isVisible(),
    ).toBe(true);

    // A forged link offers the bare form instead.
    await page.goto(
      `/unsubscribe?e=${encodeURIComponent('someone@else.example')}&sig=${signed.searchParams.get('sig')}`,
    );
    expect(await page.getByText('This unsubscribe link is not valid.', { exact: false }).isVisible()).toBe(
      true,
    );
    expectLight(scripts, 'unsubscribe');
    await context.close();

    // RFC 8058: the mail client's one-click POST at the List-Unsubscribe address.
    const oneClick = await reader.request.post(`/api/v1/communications/email/unsubscribe${signed.search}`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      data: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status()).toBe(200);
    await reader.close();
  });

  it('answers an unknown address with 404 and the same not-found page when JavaScript runs', async () => {
    const { context, page } = await newPage(browser);
    for (const url of ['/no-such-page', '/blog/no-such-post']) {
      const response = await page.goto(url);
      expect(response?.status(), url).toBe(404);
      await page.getByRole('heading', { name: 'Oh no! Are you lost?' }).waitFor();
      await expect.poll(() => page.title()).toBe('Missing | MeetWell');
      expect(await page.getByRole('link', { name: 'Go home' }).getAttribute('href')).toBe('/');
    }
    // A known post and a page of the app still answer 200.
    expect((await page.goto('/blog/manifesto'))?.status()).toBe(200);
    expect((await page.goto('/pricing'))?.status()).toBe(200);
    await context.close();
  });

  it('signs in from a mailed sign-in link with its one button, without JavaScript', async () => {
    const email = `kim@nojs-link-${Date.now().toString(36)}.example`;
    const { context, page, scripts } = await withoutJavaScript();
    const from = (await fsp.readFile(inject('serverLog'), 'utf8')).length;
    const asked = await context.request.post('/api/v1/sign_in_links', {
      headers: { 'content-type': 'application/vnd.api+json' },
      data: { data: { type: 'sign_in_links', attributes: { email } } },
    });
    expect(asked.status()).toBe(202);
    const pattern = new RegExp(
      `Sign-in link for ${email.replace(/[.]/g, '\\.')}[^:]*: (\\S+/sign-in/[\\w%-]+)`,
    );
    let link: string | undefined;
    await expect
      .poll(
        async () => {
          link = pattern.exec((await fsp.readFile(inject('serverLog'), 'utf8')).slice(from))?.[1];
          return link;
        },
        { timeout: 20_000, interval: 250 },
      )
      .toBeTruthy();
    const address = new URL(link!);
    await page.goto(address.pathname);
    await screenshot(page, 'no-js-sign-in-link');
    // The button is on the first screen, not under an empty app shell (the app's document carries the page).
    const button = await page.getByRole('button', { name: 'Log in', exact: true }).boundingBox();
    expect(button!.y + button!.height).toBeLessThan(page.viewportSize()!.height);
    // Opening it spent nothing: the button does.
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForLoadState();
    await screenshot(page, 'no-js-sign-in-link-after');
    expect(new URL(page.url()).pathname).toBe('/my/review/you');
    const me = (await (await context.request.get('/api/v1/users')).json()) as {
      data: { attributes: { email: string } } | null;
    };
    expect(me.data?.attributes.email).toBe(email);
    // Spent: the page says so.
    await page.goto(address.pathname);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL(/status=invalid/);
    expect(
      await page
        .getByRole('heading', { name: 'This sign-in link has expired or was already used.' })
        .isVisible(),
    ).toBe(true);
    expectLight(
      scripts.filter((s) => !s.path.startsWith('/assets/index')),
      'sign-in link',
    );
    await context.close();
  });
});
