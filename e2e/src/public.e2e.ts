import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, screenshot } from './browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('the public site for a visitor', () => {
  it('shows whole "Link" buttons on the FAQ of a phone', async () => {
    const { page, context } = await newPage(browser, { mobile: true });
    await page.goto('/faq');
    const links = page.getByRole('link', { name: /^Link to "/ });
    await expect.poll(() => links.count()).toBeGreaterThan(3);
    await screenshot(page, 'faq-mobile');
    const cut = await links.evaluateAll((elements) =>
      elements
        .filter((e) => e.scrollWidth > e.clientWidth + 1 || !e.textContent?.includes('Link'))
        .map((e) => e.getAttribute('aria-label')),
    );
    expect(cut).toEqual([]);
    const widths = await links.evaluateAll((elements) =>
      elements.map((e) => e.getBoundingClientRect().width),
    );
    expect(Math.min(...widths)).toBeGreaterThan(40);
    await context.close();
  });

  it('titles a blog page past the last one "Missing"', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/blog/99');
    await expect.poll(() => page.getByText('Oh no! Are you lost?').isVisible()).toBe(true);
    await expect.poll(() => page.title()).toBe('Missing | MeetWell');
    await context.close();
  });

  it('loads public pages without a failed request in the console', async () => {
    const { page, context } = await newPage(browser);
    const failures: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) failures.push(`${response.status()} ${response.url()}`);
    });
    page.on('console', (message) => {
      if (message.type() === 'error') failures.push(message.text());
    });
    for (const path of ['/', '/pricing', '/faq', '/blog']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    expect(failures).toEqual([]);
    await context.close();
  });
});
