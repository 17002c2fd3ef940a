// The build-time renderer of the public pages (built with `vite build --mode prerender`, run by
// scripts/write-public-pages.ts): each page's HTML, signed out, as the browser's first render will be.
import { renderToString } from 'react-dom/server';
import { BLOG_PAGE_SIZE, sortedPosts } from '../content/blog';
import { publicPages } from '../content/public-pages';
import { PublicApp } from './PublicApp';
import { matchPrerendered, matchPublicPage, NOT_FOUND_PAGE, PAGE_STATES } from './pages';
import { createPublicQueryClient } from './queryClient';

/**
 * Every document written as HTML at build time: the public pages (and blog posts), the blog's list pages, the
 * pages a mail links to and their states, and the not-found page.
 */
export function prerenderedPaths(): string[] {
  const listPages = Math.max(1, Math.ceil(sortedPosts('all').length / BLOG_PAGE_SIZE));
  const more = Array.from({ length: listPages - 1 }, (_, index) => `/blog/${index + 2}`);
  return [
    ...[...publicPages().map((page) => page.path), ...more].filter((path) => matchPublicPage(path)),
    ...NO_JS_PAGES,
    ...PAGE_STATES,
    NOT_FOUND_PAGE,
  ];
}

/** Pages outside the sitemap that must work without JavaScript: a mail links to them, or the app sends there. */
const NO_JS_PAGES = ['/unsubscribe', '/prevent-decline', '/maintenance', '/needs-permission'];

/** The page's module (its chunk's key in the build's manifest). */
export function pageModule(path: string): string | null {
  return matchPrerendered(path)?.module ?? null;
}

/**
 * The body of <div id="root"> for one public page. `preload`: the page's own scripts, which the HTML asks
 * for at once (<link rel="modulepreload">) instead of after the entry has run; `stylesheets`: the page's own
 * CSS, linked so that the first paint has it.
 */
export async function renderPublicPage(
  path: string,
  { preload = [], stylesheets = [] }: { preload?: string[]; stylesheets?: string[] } = {},
): Promise<string> {
  const match = matchPrerendered(path);
  if (!match) throw new Error(`${path} is not a public page`);
  const Page = await (match.noJs ?? match.load)();
  return renderToString(
    <PublicApp
      Page={Page}
      path={match.path}
      params={match.params}
      queryClient={createPublicQueryClient()}
      preload={preload}
      stylesheets={stylesheets}
    />,
  );
}

export { publicPages };
