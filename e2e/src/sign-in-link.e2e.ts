import fs from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { baseUrl, holdScripts, launch, newPage, openLoginDialog, screenshot } from './browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * The server runs as `npm start` does, without a mail server: it writes each sign-in link to its log, which is
 * where the person running it finds theirs.
 */
async function linkFromServerLog(email: string): Promise<string> {
  const pattern = new RegExp(
    `Sign-in link for ${email.replace(/[.]/g, '\\.')}[^:]*: (${baseUrl()}/sign-in/[\\w%-]+)`,
  );
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        found = pattern.exec(await fs.readFile(inject('serverLog'), 'utf8'))?.[1];
        return found;
      },
      { timeout: 20_000, interval: 250 },
    )
    .toBeTruthy();
  return found!;
}

function openLoginModal(page: Page) {
  return openLoginDialog(
    page,
    page.getByRole('dialog', { name: 'Log in / Sign up' }).getByRole('textbox', { name: 'Work email' }),
  );
}

describe('sign-in by e-mail link', () => {
  it('lets a visitor ask for a link in "Log in / Sign up", open it and land signed in on Review', async () => {
    const email = `kim.${Date.now().toString(36)}@newco.example`;
    const { page, context } = await newPage(browser, { viewport: { width: 1366, height: 768 } });
    const dialog = await openLoginModal(page);
    await expect.poll(() => dialog.getByRole('button', { name: 'Try the demo' }).isVisible()).toBe(true);
    await screenshot(page, 'sign-in-modal-desktop');
    const axe = await new AxeBuilder({ page })
      .include('[role="dialog"]')
      .withTags(['wcag2a', 'wcag2aa'])
      .analyze();
    expect(
      axe.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);

    await dialog.getByRole('textbox', { name: 'Work email' }).fill(email);
    await dialog.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await expect
      .poll(() => dialog.getByRole('status').textContent())
      .toContain(`Check your inbox: we sent a sign-in link to ${email}. It works once, for 15 minutes.`);
    await screenshot(page, 'sign-in-modal-sent-desktop');

    const link = await linkFromServerLog(email);
    await page.goto(link);
    await page.waitForURL('**/my/review/you', { timeout: 60_000 });
    const me = (await page.evaluate(async () => (await fetch('/api/v1/users')).json())) as {
      data: { attributes: { email: string; time_zone: string } };
    };
    expect(me.data.attributes).toMatchObject({ email, time_zone: 'America/New_York' });

    // Opened again by the person it signed in, the link opens the app: they are in already.
    await page.goto(link);
    await page.waitForURL('**/my/review/you', { timeout: 60_000 });
    // The link works once: opened again elsewhere, it says so and offers a new one.
    await context.clearCookies();
    await page.goto(link);
    await expect
      .poll(() =>
        page.getByRole('heading', { name: 'This sign-in link has expired or was already used.' }).isVisible(),
      )
      .toBe(true);
    await page.getByRole('button', { name: 'Email me a new link' }).click();
    await expect
      .poll(() => page.getByRole('button', { name: 'Email me a sign-in link' }).isVisible())
      .toBe(true);
    await context.close();
  });

  it('opens the dialog from a tap made before the page has its script (a slow phone)', async () => {
    const { page, context } = await newPage(browser, { mobile: true });
    const scripts = await holdScripts(page);
    await page.goto('/', { waitUntil: 'commit' });
    const signUp = page.getByRole('button', { name: 'Sign up', exact: true });
    await signUp.waitFor();
    await signUp.click();
    await page.waitForURL((url) => url.searchParams.get('login') === 'true', { waitUntil: 'commit' });
    scripts.release();
    await page
      .getByRole('dialog', { name: 'Log in / Sign up' })
      .getByRole('textbox', { name: 'Work email' })
      .waitFor();
    await context.close();
  });

  it('fits the request-account form on a phone', async () => {
    const { page, context } = await newPage(browser, { mobile: true });
    const dialog = await openLoginModal(page);
    await expect.poll(() => dialog.getByRole('button', { name: 'Try the demo' }).isVisible()).toBe(true);
    const form = await dialog.getByRole('button', { name: 'Email me a sign-in link' }).boundingBox();
    expect(form!.x).toBeGreaterThanOrEqual(0);
    expect(form!.x + form!.width).toBeLessThanOrEqual(390);
    await screenshot(page, 'sign-in-modal-mobile');
    await dialog.getByRole('textbox', { name: 'Work email' }).fill('not-an-address');
    await dialog.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await expect
      .poll(() => dialog.getByText('Please enter a valid email and try again.').isVisible())
      .toBe(true);
    await context.close();
  });
});
