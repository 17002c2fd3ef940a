// The public pages of the light entry: which page component answers a path, and every address that is
// pre-rendered at build time. The same pages are also routes of the app (app/router.tsx) for a signed-in
// person who opens them from inside the app.

import { NOT_FOUND_PAGE_KEY, pageSlot } from '@meetwell/domain';
import type { ComponentType } from 'react';

type Load = () => Promise<ComponentType>;
/** The page's module (its chunk's key in the build's manifest) and how to load its component. */
interface PageModule {
  module: string;
  load: Load;
  /**
   * What is pre-rendered instead, for a page whose content comes from the server per request (its slots
   * filled in): its forms work without JavaScript, and with it the page (`load`) is rendered afresh over it.
   */
  noJs?: Load;
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
  // Pages a mail links to, or the app sends to: they work without JavaScript (forms post to the server).
  '/unsubscribe': {
    module: 'src/features/unsubscribe/UnsubscribePage.tsx',
    load: () => import('../features/unsubscribe/UnsubscribePage').then((m) => m.UnsubscribePage),
  },
  '/maintenance': {
    module: 'src/features/status/MaintenancePage.tsx',
    load: () => import('../features/status/MaintenancePage').then((m) => m.MaintenancePage),
  },
  '/prevent-decline': {
    module: 'src/features/prevent-decline/PreventDeclinePage.tsx',
    load: () => import('../features/prevent-decline/PreventDeclinePage').then((m) => m.PreventDeclinePage),
    noJs: () => import('../features/prevent-decline/PreventDeclineNoJs').then((m) => m.PreventDeclineNoJs),
  },
  '/needs-permission': {
    module: 'src/features/status/NeedsPermissionPage.tsx',
    load: () => import('../features/status/NeedsPermissionPage').then((m) => m.NeedsPermissionPage),
  },
};
const notFound: PageModule = {
  module: 'src/features/status/NotFoundPage.tsx',
  load: () => import('../features/status/NotFoundPage').then((m) => m.NotFoundPage),
};
const blog: PageModule = {
  module: 'src/features/blog/BlogPage.tsx',
  load: () => import('../features/blog/BlogPage').then((m) => m.BlogPage),
};

/** Pages of a link mailed to one person (its token in the address): filled in by the browser, not the build. */
const LINK_PAGES: { pattern: RegExp; page: PageModule }[] = [
  {
    pattern: /^\/sign-in\/([^/]+)$/,
    page: {
      module: 'src/features/sign-in/SignInLinkPage.tsx',
      load: () => import('../features/sign-in/SignInLinkPage').then((m) => m.SignInLinkPage),
      noJs: () => import('../features/sign-in/LinkSignInNoJs').then((m) => m.SignInLinkNoJs),
    },
  },
  {
    pattern: /^\/invite\/([^/]+)$/,
    page: {
      module: 'src/features/sign-in/InvitePage.tsx',
      load: () => import('../features/sign-in/InvitePage').then((m) => m.InvitePage),
      noJs: () => import('../features/sign-in/LinkSignInNoJs').then((m) => m.InviteNoJs),
    },
  },
];

export interface PublicPageMatch extends PageModule {
  /** The address rendered (the path, and the query of a page's state). */
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
  for (const { pattern, page: link } of LINK_PAGES) {
    const token = pattern.exec(path)?.[1];
    if (token) return { ...link, path, params: { token: decodeURIComponent(token) } };
  }
  const post = /^\/blog\/([^/]+)$/.exec(path);
  if (post?.[1]) return { ...blog, path, params: { page: decodeURIComponent(post[1]) } };
  return null;
}

/** The not-found page, served with 404 for any address the app does not have. */
export const NOT_FOUND_PAGE = NOT_FOUND_PAGE_KEY;

/**
 * The states of a page that a form posted without JavaScript leads to (the server answers the POST with a
 * redirect to one of them), pre-rendered as pages of their own. In the signed unsubscribe page the address and
 * its signature are slots the server fills in (pageSlot) once it has checked the signature.
 */
export const PAGE_STATES = [
  '/unsubscribe?status=sent',
  '/unsubscribe?status=unsubscribed',
  '/unsubscribe?status=invalid_link',
  '/unsubscribe?status=invalid_email',
  '/unsubscribe?status=rate_limited',
  `/unsubscribe?e=${pageSlot('e')}&sig=${pageSlot('sig')}`,
  '/prevent-decline?status=prevented',
  '/prevent-decline?status=invalid',
  '/prevent-decline?status=closed',
  '/prevent-decline?status=rate_limited',
  '/sign-in/:token',
  '/sign-in/:token?status=invalid',
  '/sign-in/:token?status=refused',
  '/invite/:token',
  '/invite/:token?status=invalid',
  '/invite/:token?status=refused',
];

/** A pre-rendered document by its key: a page's path, a page's state (PAGE_STATES) or NOT_FOUND_PAGE. */
export function matchPrerendered(key: string): PublicPageMatch | null {
  if (key === NOT_FOUND_PAGE) return { ...notFound, path: key, params: {} };
  const [pathname = '', query] = key.split('?');
  const match = matchPublicPage(pathname);
  if (!match) return null;
  return query ? { ...match, path: `${match.path}?${query}` } : match;
}
