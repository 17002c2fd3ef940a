import AxeBuilder from '@axe-core/playwright';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, screenshot, signInToDemo } from './browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('foundation journeys', () => {
  it('signs in to the demo from the home page and signs out', async () => {
    const { page, context } = await newPage(browser);
    await signInToDemo(page);
    expect(page.url()).toMatch(/\/my\/review\/you$/);
    await expect.poll(() => page.title()).toMatch(/\| MeetWell$/);
    // The panels under the report card are built just after it: the picture shows the whole report.
    await page.getByRole('heading', { name: 'Organizer stats' }).waitFor();
    await screenshot(page, 'review-desktop');

    const me = (await page.evaluate(async () => (await fetch('/api/v1/users')).json())) as {
      data: { attributes: Record<string, unknown> };
    };
    expect(me.data.attributes).toMatchObject({
      // A demo team of this visitor's own, under its own domain.
      email: expect.stringMatching(/^alex@[a-z0-9]+\.northwind\.example$/),
      time_zone: 'America/New_York',
    });

    await page.getByRole('button', { name: /Alex/ }).first().click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect.poll(() => page.getByText('Are you sure you want to sign out?').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Yes, sign me out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    const after = await page.evaluate(async () => (await fetch('/api/v1/users')).status);
    expect(after).toBe(401);
    await context.close();
  });

  it('shows the not-found page for an unknown path', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/no/such/page');
    await expect.poll(() => page.getByText('Oh no! Are you lost?').isVisible()).toBe(true);
    expect(await page.title()).toBe('Missing | MeetWell');
    await page
      .getByRole('link', { name: 'Go home' })
      .or(page.getByRole('button', { name: 'Go home' }))
      .first()
      .click();
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });

  it('serves an accessible home page on a phone', async () => {
    const { page, context } = await newPage(browser, { mobile: true });
    await page.goto('/');
    await expect.poll(() => page.getByText('Try 14 days for free').first().isVisible()).toBe(true);
    await screenshot(page, 'home-mobile');
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa'])
      .disableRules(['color-contrast'])
      .analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    await context.close();
  });
});
