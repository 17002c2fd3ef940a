import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityProblems, launch, newPage, screenshot } from './browser';

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

  // One test per screen size: two dozen scans in one test came close to its time limit on a busy machine.
  it.each([
    { screen: 'a desktop', viewport: { width: 1366, height: 768 } },
    { screen: 'a phone', viewport: { width: 390, height: 844 } },
  ])(
    'has no serious or critical accessibility problem on any public page, and no sideways scroll, on $screen',
    async ({ viewport }) => {
      const paths = [
        '/',
        '/pricing',
        '/faq',
        '/help',
        '/blog',
        '/blog/2',
        '/blog/manifesto',
        '/privacy',
        '/terms',
        '/dpa',
        '/security',
        '/referrals',
      ];
      const problems: string[] = [];
      const { page, context } = await newPage(browser, { viewport });
      for (const path of paths) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        await expect.poll(() => page.locator('main, [role="main"], h1').first().isVisible()).toBe(true);
        problems.push(...(await accessibilityProblems(page, `${viewport.width}px ${path}`)));
        const overflow = await page.evaluate<number>(
          'document.documentElement.scrollWidth - document.documentElement.clientWidth',
        );
        if (overflow > 0) problems.push(`${viewport.width}px ${path}: scrolls ${overflow} px sideways`);
      }
      await context.close();
      expect(problems).toEqual([]);
    },
  );

  it('gives each public page its own title and canonical address, and offers the sitemap and feed', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/pricing');
    await expect.poll(() => page.title()).toBe('Pricing | MeetWell');
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(/\/pricing$/);
    const sitemap = await page.request.get('/sitemap.xml');
    expect(await sitemap.text()).toContain('/blog/manifesto</loc>');
    const feed = await page.request.get('/blog/feed.xml');
    expect(feed.headers()['content-type']).toContain('application/rss+xml');
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
