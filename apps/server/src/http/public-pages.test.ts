import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type PublicPage, pageSlot } from '@meetwell/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communicationRoutes } from '../features/communications/routes';
import { unsubscribeSignature } from '../features/communications/unsubscribe-link';
import { createTestContext, type TestContext } from '../test/context';
import { browserFor, createUser } from '../test/factories';
import { type App, buildApp } from './app';

const APP_URL = 'https://meetwell.example';
let ctx: TestContext;
let app: App;

const PAGES: PublicPage[] = [
  { path: '/', title: null, description: 'Healthy meetings.', type: 'website' },
  { path: '/pricing', title: 'Pricing', description: 'Plans & prices "for teams"', type: 'website' },
  { path: '/blog', title: 'Blog', description: 'Notes.', type: 'website' },
  {
    path: '/blog/manifesto',
    title: 'Our manifesto: <meetings> earn their place',
    description: 'Why we built it.',
    type: 'article',
    published: '2025-06-02',
    feed: true,
  },
  {
    path: '/blog/older',
    title: 'An older post',
    description: 'Before.',
    type: 'article',
    published: '2025-01-10',
    feed: true,
  },
];

beforeAll(async () => {
  const dist = await fs.mkdtemp(path.join(os.tmpdir(), 'meetwell-web-'));
  await fs.writeFile(
    path.join(dist, 'index.html'),
    [
      '<!doctype html><html lang="en"><head>',
      '<meta charset="UTF-8" />',
      '<meta',
      '  name="description"',
      '  content="The default description."',
      '/>',
      '<title>MeetWell | Healthy meetings, balanced calendars</title>',
      '</head><body><div id="root"></div></body></html>',
    ].join('\n'),
  );
  // The light public entry's shell; /pricing and the blog's second list page are pre-rendered.
  await fs.writeFile(
    path.join(dist, 'public.html'),
    [
      '<!doctype html><html lang="en" data-mantine-color-scheme="light"><head>',
      // As Vite writes the head it injects (vite.config.ts): void tags without a closing slash.
      '<meta charset="UTF-8">',
      '<meta name="description" content="The default description.">',
      '<link rel="icon" type="image/svg+xml" href="/favicon.svg">',
      '<title>MeetWell | Healthy meetings, balanced calendars</title>',
      '</head><body><div id="root"></div><script type="module" src="/assets/public.js"></script></body></html>',
    ].join('\n'),
  );
  await fs.writeFile(
    path.join(dist, 'public-pages.json'),
    JSON.stringify({
      pages: PAGES,
      bodies: {
        '/pricing': '<main><h1>Our plans $& $1</h1></main>',
        '/blog/2': '<h1>Blog</h1>',
        '/maintenance': '<h1>Under maintenace! Stay tuned.</h1>',
        '*': '<h1>Oh no! Are you lost?</h1>',
        '/unsubscribe': '<h1>Unsubscribe</h1><form method="post" action="/unsubscribe"></form>',
        '/unsubscribe?status=sent': '<h1>Unsubscribe</h1><p>Check your inbox</p>',
        '/unsubscribe?status=invalid_link': '<h1>Unsubscribe</h1><p>This unsubscribe link is not valid.</p>',
        [`/unsubscribe?e=${pageSlot('e')}&sig=${pageSlot('sig')}`]: `<p>Stop our emails to <strong>${pageSlot('e')}</strong>?</p><input type="hidden" name="e" value="${pageSlot('e')}"/><input type="hidden" name="sig" value="${pageSlot('sig')}"/>`,
      },
    }),
  );
  ctx = await createTestContext({ APP_URL });
  app = await buildApp(ctx, [communicationRoutes], { webDist: dist });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await ctx?.close();
});

const get = (url: string) => app.inject({ method: 'GET', url });

describe('public pages for search engines and feed readers', () => {
  it('give each public page its own title, description, canonical address and Open Graph tags', async () => {
    const page = await get('/pricing?utm_source=x');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const html = page.body;
    expect(html).toContain('<title>Pricing | MeetWell</title>');
    expect(html).toContain('<meta name="description" content="Plans &amp; prices &quot;for teams&quot;" />');
    expect(html).not.toContain('The default description.');
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).toContain('<link rel="icon" type="image/svg+xml" href="/favicon.svg">');
    expect(html).toContain(`<link rel="canonical" href="${APP_URL}/pricing" />`);
    expect(html).toContain('<meta property="og:title" content="Pricing | MeetWell" />');
    expect(html).toContain(`<meta property="og:url" content="${APP_URL}/pricing" />`);
    // Pre-rendered: the page's HTML in the light entry's shell (a `$&` in it stays as it is).
    expect(html).toContain('<div id="root"><main><h1>Our plans $& $1</h1></main></div>');
    expect(html).toContain('src="/assets/public.js"');

    const post = (await get('/blog/manifesto/')).body;
    expect(post).toContain('<title>Our manifesto: &lt;meetings&gt; earn their place | MeetWell</title>');
    expect(post).toContain('<meta property="og:type" content="article" />');
    expect(post).toContain('<meta property="article:published_time" content="2025-06-02" />');

    // Not pre-rendered: the app's shell with the page's head.
    expect(post).toContain('<div id="root"></div>');
    expect(post).not.toContain('/assets/public.js');

    const home = (await get('/')).body;
    expect(home).toContain('<title>MeetWell | Healthy meetings, balanced calendars</title>');
    expect(home).toContain(`<link rel="canonical" href="${APP_URL}/" />`);
  });

  it('leave the app and unknown pages with the default head, and never canonicalise them', async () => {
    for (const url of ['/my/plan', '/review/team']) {
      const page = await get(url);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('The default description.');
      expect(page.body).not.toContain('rel="canonical"');
    }
  });

  it('serve a pre-rendered page without a head of its own (a blog list page) with the default head', async () => {
    const page = await get('/blog/2');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root"><h1>Blog</h1></div>');
    expect(page.body).toContain('The default description.');
    expect(page.body).not.toContain('rel="canonical"');
  });

  it('answer an address the app does not have with 404 and the not-found page, an unknown blog post too', async () => {
    for (const url of [
      '/no-such-page',
      '/blog/no-such-post',
      '/my/nope',
      '/pricing/extra',
      '/blog/a/b',
      '/sign-in',
    ]) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(404);
      expect(page.headers['content-type'], url).toContain('text/html');
      expect(page.body, url).toContain('<div id="root" data-page="*"><h1>Oh no! Are you lost?</h1></div>');
      expect(page.body, url).toContain('src="/assets/public.js"');
      expect(page.body, url).not.toContain('rel="canonical"');
      expect(page.body, url).toContain('<title>Missing | MeetWell</title>');
    }
    // Known pages, a known post, dynamic app addresses: 200.
    for (const url of [
      '/blog/manifesto',
      '/blog/2',
      '/my/plan/meeting/42',
      '/sign-in/some-token',
      '/session',
    ]) {
      expect((await get(url)).statusCode, url).toBe(200);
    }
    // The API keeps its JSON:API 404.
    const api = await get('/api/v1/no-such-thing');
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toContain('application/vnd.api+json');
  });

  it('serve the pages a mail links to pre-rendered in the light entry, without the app', async () => {
    const page = await get('/maintenance');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root"><h1>Under maintenace! Stay tuned.</h1></div>');
    expect(page.body).toContain('src="/assets/public.js"');
  });

  it("serve the unsubscribe page's states, and a signed link's page with its address filled in once the signature holds", async () => {
    const sent = await get('/unsubscribe?status=sent');
    expect(sent.statusCode).toBe(200);
    expect(sent.body).toContain(
      '<div id="root" data-page="/unsubscribe?status=sent"><h1>Unsubscribe</h1><p>Check your inbox</p></div>',
    );
    expect((await get('/unsubscribe?status=bogus')).body).toContain(
      '<div id="root"><h1>Unsubscribe</h1><form',
    );

    const address = "o'brien+news@partner.example";
    const sig = unsubscribeSignature(ctx, address);
    const signed = await get(`/unsubscribe?e=${encodeURIComponent(address)}&sig=${sig}`);
    expect(signed.statusCode).toBe(200);
    expect(signed.body).toContain('Stop our emails to <strong>o&#39;brien+news@partner.example</strong>?');
    expect(signed.body).toContain(`name="sig" value="${sig}"`);
    expect(signed.body).toContain(
      `data-page="/unsubscribe?e=${encodeURIComponent(address).replaceAll("'", '&#39;')}&amp;sig=${sig}"`,
    );
    expect(signed.body).not.toContain('__MEETWELL_SLOT');

    const forged = await get(`/unsubscribe?e=${encodeURIComponent('<b>x</b>@partner.example')}&sig=${sig}`);
    expect(forged.statusCode).toBe(200);
    expect(forged.body).toContain('This unsubscribe link is not valid.');
    expect(forged.body).not.toContain('<b>x</b>');
  });

  it('send a signed-in visitor of the unsubscribe page to their account after 1.2 s, also without JavaScript', async () => {
    const user = await createUser(ctx);
    const { cookie } = await browserFor(ctx, user.id);
    const refresh =
      '<noscript><meta http-equiv="refresh" content="1.2; url=/my/account" /></noscript></head>';
    for (const url of ['/unsubscribe', '/unsubscribe?status=sent']) {
      const signedIn = await app.inject({ method: 'GET', url, headers: { cookie: cookie! } });
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.body, url).toContain(refresh);
    }
    expect((await get('/unsubscribe')).body).not.toContain('http-equiv="refresh"');
    const stale = await app.inject({
      method: 'GET',
      url: '/unsubscribe',
      headers: { cookie: 'MWToken=stale' },
    });
    expect(stale.body).not.toContain('http-equiv="refresh"');
  });

  it('list every public page in sitemap.xml, and keep the app out of robots', async () => {
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.headers['content-type']).toContain('application/xml');
    const locs = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(PAGES.map((p) => `${APP_URL}${p.path}`));
    expect(sitemap.body).toContain('<lastmod>2025-06-02</lastmod>');

    const robots = await get('/robots.txt');
    expect(robots.body).toContain('Disallow: /my/');
    // Pages opened from a mail's one-time link are nobody's to index.
    for (const path of ['/sign-in/', '/invite/', '/prevent-decline'])
      expect(robots.body).toContain(`Disallow: ${path}`);
    expect(robots.body).toContain(`Sitemap: ${APP_URL}/sitemap.xml`);
  });

  it('offer the blog as an RSS feed, newest first', async () => {
    const feed = await get('/blog/feed.xml');
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toContain('application/rss+xml');
    const titles = [...feed.body.matchAll(/<item>\s*<title>([^<]*)<\/title>/g)].map((m) => m[1]);
    expect(titles).toEqual(['Our manifesto: &lt;meetings&gt; earn their place', 'An older post']);
    expect(feed.body).toContain(`<guid isPermaLink="true">${APP_URL}/blog/manifesto</guid>`);
    expect(feed.body).toContain('<pubDate>Mon, 02 Jun 2025 12:00:00 GMT</pubDate>');
  });
});
