// The public pages of the light entry: which page component answers a path, and every address that is
// pre-rendered at build time. The same pages are also routes of the app (app/router.tsx) for a signed-in
// person who opens them from inside the app.

import type { ComponentType } from 'react';

type Load = () => Promise<ComponentType>;
/** The page's module (its chunk's key in the build's manifest) and how to load its component. */
interface PageModule {
  module: string;
  load: Load;
}

const staticPages = (pick: (m: typeof import('../features/pages/StaticPages')) => ComponentType) => ({
  module: 'src/features/pages/StaticPages.tsx',
  load: () => import('../features/pages/StaticPages').then(pick),
});

/** Each page is its own chunk: a page downloads its own code only. */
const PAGES: Record<string, PageModule> = {
  '/': {
    module: 'src/features/home/HomePage.tsx',
    load: () => import('../features/home/HomePage').then((m) => m.HomePage),
  },
  '/pricing': {
    module: 'src/features/pricing/PricingPage.tsx',
    load: () => import('../features/pricing/PricingPage').then((m) => m.PricingPage),
  },
  '/faq': {
    module: 'src/features/faq/FaqPage.tsx',
    load: () => import('../features/faq/FaqPage').then((m) => m.FaqPage),
  },
  '/help': staticPages((m) => m.HelpPage),
  '/privacy': staticPages((m) => m.PrivacyPage),
  '/terms': staticPages((m) => m.TermsPage),
  '/dpa': staticPages((m) => m.DpaPage),
  '/security': staticPages((m) => m.SecurityPage),
  '/referrals': staticPages((m) => m.ReferralsPage),
};
const blog: PageModule = {
  module: 'src/features/blog/BlogPage.tsx',
  load: () => import('../features/blog/BlogPage').then((m) => m.BlogPage),
};

export interface PublicPageMatch extends PageModule {
  path: string;
  params: Record<string, string>;
}

/** The path without a trailing slash ('/' stays). */
function normalizePath(pathname: string): string {
  return pathname.replace(/\/+$/, '') || '/';
}

export function matchPublicPage(pathname: string): PublicPageMatch | null {
  const path = normalizePath(pathname);
  const page = PAGES[path];
  if (page) return { ...page, path, params: {} };
  if (path === '/blog') return { ...blog, path, params: {} };
  const post = /^\/blog\/([^/]+)$/.exec(path);
  if (post?.[1]) return { ...blog, path, params: { page: decodeURIComponent(post[1]) } };
  return null;
}
