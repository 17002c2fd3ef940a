/**
 * Every address of the web app, as one list: the React router (apps/web/src/app/router.tsx, held to this list
 * by its test) and the server, which answers an address outside it with 404 and the not-found page. A
 * `:name` segment is any one non-empty segment; whether its value exists is the server's to say (a blog post's
 * slug must be a published post).
 */
export const WEB_ROUTES = [
  // Public pages
  '/',
  '/pricing',
  '/session',
  '/sign-in/:token',
  '/invite/:token',
  '/privacy',
  '/terms',
  '/dpa',
  '/security',
  '/referrals',
  '/help',
  '/blog',
  '/blog/:page',
  '/faq',
  '/unsubscribe',
  '/prevent-decline',
  '/maintenance',
  '/needs-permission',
  '/review',
  '/review/:view',
  '/review/:view/:statusFilter',
  // The signed-in app area
  '/my',
  '/my/review',
  '/my/review/:view',
  '/my/review/:view/:statusFilter',
  '/my/plan',
  '/my/plan/meeting/:id',
  '/my/plan/block/:blockId',
  '/my/balance',
  '/my/balance/:view',
  '/my/balance/:view/:subView',
  '/my/balance/wellness-blocks/block/:blockId',
  '/my/choose-plan',
  '/my/account',
  '/my/team-management',
] as const;

export type WebRoute = (typeof WEB_ROUTES)[number];

export interface WebRouteMatch {
  route: WebRoute;
  params: Record<string, string>;
}

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

const COMPILED = WEB_ROUTES.map((route) => ({ route, segments: segmentsOf(route) }));

/**
 * The route an address (a pathname, without query) belongs to, and its parameters (decoded); null for an
 * address the app does not have. A trailing slash is ignored; a route without parameters wins over one with.
 */
export function matchWebRoute(pathname: string): WebRouteMatch | null {
  const parts = pathname.split('/').filter(Boolean);
  let best: { match: WebRouteMatch; dynamic: number } | null = null;
  for (const { route, segments } of COMPILED) {
    if (segments.length !== parts.length) continue;
    const params: Record<string, string> = {};
    let dynamic = 0;
    let matches = true;
    for (let i = 0; i < segments.length; i++) {
      const segment = segments[i] as string;
      const part = parts[i] as string;
      if (segment.startsWith(':')) {
        let value: string;
        try {
          value = decodeURIComponent(part);
        } catch {
          matches = false;
          break;
        }
        params[segment.slice(1)] = value;
        dynamic++;
      } else if (segment !== part) {
        matches = false;
        break;
      }
    }
    if (matches && (!best || dynamic < best.dynamic)) best = { match: { route, params }, dynamic };
  }
  return best?.match ?? null;
}

/** The key of the pre-rendered not-found page among the web build's pages (dist/public-pages.json). */
export const NOT_FOUND_PAGE_KEY = '*';

/**
 * A slot in a pre-rendered page that the server fills in per request (the address in a signed unsubscribe
 * link): plain letters, so that neither HTML nor a URL changes how it is written.
 */
export const pageSlot = (name: string) => `__MEETWELL_SLOT_${name.toUpperCase()}__`;

/** The unsubscribe page of a signed-in person goes to their account's mail settings after this long (spec). */
export const UNSUBSCRIBE_REDIRECT = { afterMs: 1200, to: '/my/account' } as const;
