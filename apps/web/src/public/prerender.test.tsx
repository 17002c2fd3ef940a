import { screen, waitFor } from '@testing-library/react';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, userDocument } from '../test/utils';
import { PublicApp } from './PublicApp';
import { matchPublicPage } from './pages';
import { prerenderedPaths, renderPublicPage } from './prerender';
import { createPublicQueryClient } from './queryClient';

// The public build resolves 'react-router' to the light navigation (vite.config.ts): the same here.
vi.mock('react-router', () => import('./navigation'));

const SIGNED_OUT = () => jsonResponse(200, { data: null, meta: { signed_in: false } });

let container: HTMLDivElement;
beforeEach(() => {
  // hydrateRoot is called here directly (not through Testing Library): tell React the updates are awaited.
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  container = document.createElement('div');
  container.id = 'root';
  document.body.append(container);
});
afterEach(() => {
  container.remove();
  window.history.replaceState(null, '', '/');
});

/** Hydrates the pre-rendered page at `url` as src/public/main.tsx does; returns React's hydration errors. */
async function hydrate(url: string) {
  window.history.replaceState(null, '', url);
  const match = matchPublicPage(window.location.pathname);
  if (!match) throw new Error(`no page at ${url}`);
  container.innerHTML = await renderPublicPage(match.path);
  const Page = await match.load();
  const errors: unknown[] = [];
  await act(async () => {
    hydrateRoot(
      container,
      <PublicApp
        Page={Page}
        path={match.path}
        params={match.params}
        queryClient={createPublicQueryClient()}
      />,
      { onRecoverableError: (error) => errors.push(error) },
    );
  });
  return errors;
}

describe('pre-rendered public pages', () => {
  it('writes every public page, its blog posts and list pages, each with its main heading', async () => {
    const paths = prerenderedPaths();
    expect(paths).toEqual(
      expect.arrayContaining([
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
      ]),
    );
    for (const path of paths) {
      const html = await renderPublicPage(path);
      expect(html, path).toMatch(/<h1[^>]*>[^<]+/);
      // Signed out at build time: the header offers sign-in.
      expect(html, path).toContain('Log in / Sign up');
    }
    expect(await renderPublicPage('/faq')).toContain('Frequently asked questions');
    expect(await renderPublicPage('/')).toContain('Healthy meetings, ');
  });

  it('hydrates without a mismatch, and turns the header to "Open MeetWell" for a signed-in person', async () => {
    mockFetch({ 'GET /api/v1/users': () => jsonResponse(200, userDocument()) });
    expect(await hydrate('/pricing')).toEqual([]);
    expect(await screen.findByRole('link', { name: 'Open MeetWell' })).toHaveAttribute(
      'href',
      '/my/review/you',
    );
  });

  it('hydrates a page opened with a query (a filtered blog) and then shows what the query asks', async () => {
    mockFetch({ 'GET /api/v1/users': SIGNED_OUT });
    expect(await hydrate('/blog?filter=memes')).toEqual([]);
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Memes' })).toBeChecked());
  });

  it('hydrates the home page with its cookie notice shown after hydration', async () => {
    mockFetch({ 'GET /api/v1/users': SIGNED_OUT });
    expect(await hydrate('/')).toEqual([]);
    expect(await screen.findByText('Cookies are for eating')).toBeInTheDocument();
  });
});
