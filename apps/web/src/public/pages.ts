// The public pages of the light entry: which page component answers a path, and every address that is
// pre-rendered at build time. The same pages are also routes of the app (app/router.tsx) for a signed-in
// person who opens them from inside the app.

import type { ComponentType } from 'react';

type Load = () => Promise<ComponentType>;

const staticPages = () => import('../features/pages/StaticPages');

/** Each page is its own chunk: a page downloads its own code only. */
const PAGES: Record<string, Load> = {
  '/': () => import('../features/home/HomePage').then((m) => m.HomePage),
  '/pricing': () => import('../features/pricing/PricingPage').then((m) => m.PricingPage),
  '/faq': () => import('../features/faq/FaqPage').then((m) => m.FaqPage),
  '/help': () => staticPages().then((m) => m.HelpPage),
  '/privacy': () => staticPages().then((m) => m.PrivacyPage),
  '/terms': () => staticPages().then((m) => m.TermsPage),
  '/dpa': () => staticPages().then((m) => m.DpaPage),
  '/security': () => staticPages().then((m) => m.SecurityPage),
  '/referrals': () => staticPages().then((m) => m.ReferralsPage),
};
const blog: Load = () => import('../features/blog/BlogPage').then((m) => m.BlogPage);

export interface PublicPageMatch {
  path: string;
  load: Load;
  params: Record<string, string>;
}

/** The path without a trailing slash ('/' stays). */
export function normalizePath(pathname: string): string {
  return pathname.replace(/\/+$/, '') || '/';
}

export function matchPublicPage(pathname: string): PublicPageMatch | null {
  const path = normalizePath(pathname);
  const load = PAGES[path];
  if (load) return { path, load, params: {} };
  if (path === '/blog') return { path, load: blog, params: {} };
  const post = /^\/blog\/([^/]+)$/.exec(path);
  if (post?.[1]) return { path, load: blog, params: { page: decodeURIComponent(post[1]) } };
  return null;
}
