import fs from 'node:fs/promises';
import path from 'node:path';
import {
  matchWebRoute,
  NOT_FOUND_PAGE_KEY,
  PRODUCT_NAME,
  type PublicPage,
  pageSlot,
  pageTitle,
  type WebRoute,
} from '@meetwell/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../config';

/** The not-found page's title (apps/web/src/features/status/NotFoundPage.tsx). */
const NOT_FOUND_TITLE = 'Missing';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": '#39' }[c]};`);

interface PublicSite {
  pages: Map<string, PublicPage>;
  /** Pre-rendered HTML of each public page's <div id="root">, by path (a blog list page may have no head). */
  bodies: Map<string, string>;
}

/** The build's public pages, read again when the file changes (a rebuilt web app needs no restart). */
function publicPagesOf(webDist: string) {
  const file = path.join(webDist, 'public-pages.json');
  let cached: ({ mtimeMs: number } & PublicSite) | null = null;
  return async (): Promise<PublicSite> => {
    const stat = await fs.stat(file).catch(() => null);
    if (!stat) return { pages: new Map(), bodies: new Map() };
    if (cached?.mtimeMs !== stat.mtimeMs) {
      const { pages, bodies = {} } = JSON.parse(await fs.readFile(file, 'utf8')) as {
        pages: PublicPage[];
        bodies?: Record<string, string>;
      };
      cached = {
        mtimeMs: stat.mtimeMs,
        pages: new Map(pages.map((p) => [p.path, p])),
        bodies: new Map(Object.entries(bodies)),
      };
    }
    return cached;
  };
}

/** The shell with the page's pre-rendered HTML in its (empty) <div id="root">. */
function withPageBody(html: string, body: string, document?: string): string {
  // `data-page`: the document sent, when it is not the path's own page (src/public/main.tsx hydrates it).
  const attributes = document === undefined ? '' : ` data-page="${escapeHtml(document)}"`;
  return html.replace('<div id="root"></div>', () => `<div id="root"${attributes}>${body}</div>`);
}

/**
 * The pages of a link mailed to one person, opened with JavaScript, run in the app itself: it spends the link
 * and goes on to Review without a second page load (the light entry would load the app's after it). The
 * pre-rendered page, whose button spends the link with a form post, is the <noscript> of the app document's
 * #root, with the light entry's stylesheets: a browser without JavaScript shows it as before, one with it
 * never reads it.
 */
const RUN_IN_APP = new Set(['/sign-in/:token', '/invite/:token']);

function withPageWithoutScript(appShell: string, publicShell: string, body: string): string {
  const stylesheets = publicShell.match(/<link\b[^>]*rel="stylesheet"[^>]*>/g) ?? [];
  // The light entry's <html> carries the colour scheme its pre-rendered styles are written for.
  const htmlTag = /<html\b[^>]*>/.exec(publicShell)?.[0];
  let html = htmlTag ? appShell.replace(/<html\b[^>]*>/, () => htmlTag) : appShell;
  if (stylesheets.length)
    html = html.replace('</head>', () => `<noscript>${stylesheets.join('')}</noscript></head>`);
  // Inside #root, where the light entry puts it (the app's layout sizes #root), and instead of the app's own
  // words for a browser without JavaScript. React replaces it when the app renders.
  return html
    .replace(/<noscript>(?:(?!<noscript>)[\s\S])*?<\/noscript>(\s*<\/body>)/, (_all, end: string) => end)
    .replace('<div id="root"></div>', () => `<div id="root"><noscript>${body}</noscript></div>`);
}

/** A refresh inside <noscript>: it applies only where the page's script does not run to navigate itself. */
function withRedirectWithoutScript(html: string, redirect: AppPageOptions['redirectWithoutScript']): string {
  if (!redirect) return html;
  const content = `${redirect.afterMs / 1000}; url=${redirect.to}`;
  return html.replace(
    '</head>',
    () => `<noscript><meta http-equiv="refresh" content="${escapeHtml(content)}" /></noscript></head>`,
  );
}

/** index.html with the page's own title, description, canonical address, Open Graph and feed tags. */
function withPageHead(html: string, page: PublicPage, appUrl: string): string {
  const url = `${appUrl}${page.path === '/' ? '/' : page.path}`;
  const title = pageTitle(page.title);
  const tags = [
    `<meta name="description" content="${escapeHtml(page.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<meta property="og:site_name" content="${PRODUCT_NAME}" />`,
    `<meta property="og:type" content="${page.type}" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(page.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    ...(page.published ? [`<meta property="article:published_time" content="${page.published}" />`] : []),
    `<meta name="twitter:card" content="summary" />`,
    `<link rel="alternate" type="application/rss+xml" title="${PRODUCT_NAME} blog" href="${escapeHtml(`${appUrl}/blog/feed.xml`)}" />`,
  ];
  return (
    html
      .replace(/<title>[\s\S]*?<\/title>/, `<title>${escapeHtml(title)}</title>`)
      // Written `<meta … />` by hand or `<meta …>` by Vite: up to the tag's end, never into the next tag.
      .replace(/<meta\s+name="description"[^>]*>\s*/, '')
      .replace('</head>', `    ${tags.join('\n    ')}\n  </head>`)
  );
}

const xml = (value: string) => escapeHtml(value);

function sitemap(pages: PublicPage[], appUrl: string): string {
  const urls = pages.map(
    (p) =>
      `  <url><loc>${xml(`${appUrl}${p.path}`)}</loc>${p.published ? `<lastmod>${p.published}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

function feed(pages: PublicPage[], appUrl: string): string {
  const posts = pages
    .filter((p) => p.feed && p.published)
    .sort((a, b) => (b.published ?? '').localeCompare(a.published ?? ''));
  const items = posts.map((p) =>
    [
      '    <item>',
      `      <title>${xml(p.title ?? '')}</title>`,
      `      <link>${xml(`${appUrl}${p.path}`)}</link>`,
      `      <guid isPermaLink="true">${xml(`${appUrl}${p.path}`)}</guid>`,
      `      <pubDate>${new Date(`${p.published}T12:00:00Z`).toUTCString()}</pubDate>`,
      `      <description>${xml(p.description)}</description>`,
      '    </item>',
    ].join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    <title>${PRODUCT_NAME} blog</title>`,
    `    <link>${xml(`${appUrl}/blog`)}</link>`,
    `    <atom:link href="${xml(`${appUrl}/blog/feed.xml`)}" rel="self" type="application/rss+xml" />`,
    '    <description>Notes on healthier meetings and balanced calendars.</description>',
    '    <language>en</language>',
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}

/**
 * What search engines and feed readers read: robots.txt, sitemap.xml, the blog's RSS feed, and each public
 * page's own <head>. `sendAppPage` answers every page of the web app: a pre-rendered public page is
 * public.html (the light public entry) with the page's HTML in <div id="root">, so it paints before any
 * script runs; any other page is index.html (the app). Either gets the public page's head when there is one.
 */
export async function registerPublicPages(app: FastifyInstance, config: Config, webDist: string) {
  const pagesOf = publicPagesOf(webDist);
  const indexHtml = path.join(webDist, 'index.html');
  const publicHtml = path.join(webDist, 'public.html');
  const appUrl = config.appUrl;

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .send(
        `User-agent: *\nAllow: /\nDisallow: /my/\nDisallow: /api/\nDisallow: /session\nDisallow: /sign-in/\nDisallow: /invite/\nDisallow: /prevent-decline\n\nSitemap: ${appUrl}/sitemap.xml\n`,
      ),
  );
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('application/xml; charset=utf-8').send(sitemap([...(await pagesOf()).pages.values()], appUrl)),
  );
  app.get('/blog/feed.xml', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('application/rss+xml; charset=utf-8')
      .send(feed([...(await pagesOf()).pages.values()], appUrl)),
  );

  /**
   * Answers a page of the web app. `document`: another pre-rendered document than the path's own (a page's
   * state after a form was posted), its slots (pageSlot) filled with `values`. An address the app does not
   * have (matchWebRoute), or a blog post that does not exist, answers 404 with the not-found page.
   */
  return async function sendAppPage(url: string, reply: FastifyReply, options: AppPageOptions = {}) {
    const pathname = url.split(/[?#]/)[0]!.replace(/\/+$/, '') || '/';
    const site = await pagesOf();
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
    const route = knownRoute(pathname, site);
    if (!route) return sendNotFound(site, reply);
    const page = site.pages.get(pathname);
    const key = options.document ?? routeDocument(url, pathname, route, site);
    const prerendered = site.bodies.get(key);
    const shell = prerendered === undefined ? null : await fs.readFile(publicHtml, 'utf8').catch(() => null);
    if (shell !== null && prerendered !== undefined && RUN_IN_APP.has(key)) {
      const appShell = await fs.readFile(indexHtml, 'utf8').catch(() => null);
      if (appShell !== null) return reply.send(withPageWithoutScript(appShell, shell, prerendered));
    }
    if (shell !== null && prerendered !== undefined) {
      const values = options.values ?? {};
      const body = fillSlots(prerendered, values, escapeHtml);
      const document = key === pathname ? undefined : fillSlots(key, values, encodeURIComponent);
      const html = withRedirectWithoutScript(
        withPageBody(shell, body, document),
        options.redirectWithoutScript,
      );
      return reply.send(page ? withPageHead(html, page, appUrl) : html);
    }
    if (!page) return reply.sendFile('index.html');
    return reply.send(withPageHead(await fs.readFile(indexHtml, 'utf8'), page, appUrl));
  };

  /** The not-found page, pre-rendered in the light entry; the app's shell (which shows it too) before a build has one. */
  async function sendNotFound(site: PublicSite, reply: FastifyReply) {
    reply.code(404);
    const body = site.bodies.get(NOT_FOUND_PAGE_KEY);
    const shell = body === undefined ? null : await fs.readFile(publicHtml, 'utf8').catch(() => null);
    if (shell !== null && body !== undefined) {
      // Titled as the page itself titles it once its script runs (NotFoundPage).
      const html = withPageBody(shell, body, NOT_FOUND_PAGE_KEY).replace(
        /<title>[\s\S]*?<\/title>/,
        `<title>${escapeHtml(pageTitle(NOT_FOUND_TITLE))}</title>`,
      );
      return reply.send(html);
    }
    return reply.send(await fs.readFile(indexHtml, 'utf8'));
  }
}

export interface AppPageOptions {
  /** The key of the pre-rendered document to send (its slots written `pageSlot(name)`). */
  document?: string;
  /** What fills each slot, by name. */
  values?: Record<string, string>;
  /** Where a browser without JavaScript goes after a while (the app itself navigates when its script runs). */
  redirectWithoutScript?: { afterMs: number; to: string };
}

export type SendAppPage = (
  url: string,
  reply: FastifyReply,
  options?: AppPageOptions,
) => Promise<FastifyReply>;

/** The route of an address of the web app; a blog address only when the build has that post or list page. */
function knownRoute(pathname: string, site: PublicSite): WebRoute | null {
  const match = matchWebRoute(pathname);
  if (!match) return null;
  if (match.route === '/blog/:page' && !site.pages.has(pathname) && !site.bodies.has(pathname)) return null;
  return match.route;
}

/**
 * The document of an address: its own, or its route's (a link's page, pre-rendered once for every token), in
 * the state its ?status= names when the build has one.
 */
function routeDocument(url: string, pathname: string, route: WebRoute, site: PublicSite): string {
  if (site.bodies.has(pathname) || !site.bodies.has(route)) return pathname;
  const status = new URLSearchParams(url.split('?')[1]?.split('#')[0] ?? '').get('status');
  const state = status === null ? null : `${route}?status=${status}`;
  return state !== null && site.bodies.has(state) ? state : route;
}

function fillSlots(text: string, values: Record<string, string>, write: (value: string) => string): string {
  let filled = text;
  for (const [name, value] of Object.entries(values))
    filled = filled.replaceAll(pageSlot(name), () => write(value));
  return filled;
}
