import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchWebRoute, WEB_ROUTES } from './web-routes';

const segment = fc.stringMatching(/^[A-Za-z0-9_-]{1,20}$/);

describe('matchWebRoute', () => {
  it('matches static pages, with or without a trailing slash', () => {
    expect(matchWebRoute('/')).toEqual({ route: '/', params: {} });
    expect(matchWebRoute('/pricing/')).toEqual({ route: '/pricing', params: {} });
    expect(matchWebRoute('/my/account')).toEqual({ route: '/my/account', params: {} });
  });

  it('reads dynamic segments, decoded', () => {
    expect(matchWebRoute('/blog/hello%20world')).toEqual({
      route: '/blog/:page',
      params: { page: 'hello world' },
    });
    expect(matchWebRoute('/my/review/team/accepted')).toEqual({
      route: '/my/review/:view/:statusFilter',
      params: { view: 'team', statusFilter: 'accepted' },
    });
  });

  it('prefers the route without parameters over one with', () => {
    expect(matchWebRoute('/my/balance/wellness-blocks/block/7')?.route).toBe(
      '/my/balance/wellness-blocks/block/:blockId',
    );
  });

  it('knows nothing else', () => {
    for (const path of [
      '/no-such-page',
      '/my/nope',
      '/pricing/extra',
      '/sign-in',
      '/blog/a/b',
      '/blog/%E0%A4%A',
    ]) {
      expect(matchWebRoute(path)).toBeNull();
    }
  });

  it('matches every route filled with any segment values to that route or a more specific one', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...WEB_ROUTES),
        fc.array(segment, { minLength: 5, maxLength: 5 }),
        (route, values) => {
          let n = 0;
          const path = route.replace(/:\w+/g, () => values[n++] as string);
          const match = matchWebRoute(path);
          expect(match).not.toBeNull();
          // The match's static segments are the path's own segments.
          const parts = path.split('/').filter(Boolean);
          const segments = (match?.route ?? '').split('/').filter(Boolean);
          expect(segments).toHaveLength(parts.length);
          segments.forEach((s, i) => {
            if (!s.startsWith(':')) expect(s).toBe(parts[i]);
          });
        },
      ),
    );
  });

  it('answers null for any address whose first segment is not one of the app', () => {
    const firsts = new Set(WEB_ROUTES.map((route) => route.split('/')[1]));
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 4 }), (parts) => {
        fc.pre(!firsts.has(parts[0]));
        expect(matchWebRoute(`/${parts.join('/')}`)).toBeNull();
      }),
    );
  });
});
