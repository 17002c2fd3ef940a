import { pageSlot } from '@meetwell/domain';
import { screen, waitFor } from '@testing-library/react';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, userDocument } from '../test/utils';
import { PublicApp } from './PublicApp';
import { matchPrerendered } from './pages';
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
async function hydrate(url: string, document?: string, slots: Record<string, string> = {}) {
  window.history.replaceState(null, '', url);
  // As the server does: the document's slots filled in (escaped in the HTML, encoded in its data-page key).
  const fill = (text: string, write: (value: string) => string) =>
    Object.entries(slots).reduce(
      (filled, [name, value]) => filled.replaceAll(pageSlot(name), write(value)),
      text,
    );
  const key = document ?? window.location.pathname;
  const match = matchPrerendered(fill(key, encodeURIComponent));
  if (!match) throw new Error(`no page at ${url}`);
  container.innerHTML = fill(await renderPublicPage(document ?? match.path), (value) => value);
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

  it('writes the pages a mail links to, their states and the not-found page, each working as a plain form', async () => {
    const paths = prerenderedPaths();
    expect(paths).toEqual(
      expect.arrayContaining([
        '/unsubscribe',
        '/maintenance',
        '/needs-permission',
        '/unsubscribe?status=sent',
        '*',
      ]),
    );
    expect(await renderPublicPage('/maintenance')).toContain('Under maintenace! Stay tuned.');
    expect(await renderPublicPage('/needs-permission')).toContain('Incorrect permissions!');
    expect(await renderPublicPage('*')).toContain('Oh no! Are you lost?');
    const bare = await renderPublicPage('/unsubscribe');
    expect(bare).toContain('action="/unsubscribe" method="post"');
    expect(bare).toContain('name="email"');
    expect(await renderPublicPage('/unsubscribe?status=sent')).toContain(
      'If this address gets mail from us, we&#x27;ve sent it a link to confirm.',
    );
    expect(await renderPublicPage('/unsubscribe?status=unsubscribed')).toContain(
      'Hope we didn&#x27;t bug you.',
    );
    expect(await renderPublicPage('/unsubscribe?status=invalid_email')).toContain(
      'Hmm. That email doesn&#x27;t look right',
    );
    const signed = await renderPublicPage(`/unsubscribe?e=${pageSlot('e')}&sig=${pageSlot('sig')}`);
    expect(signed).toContain(`<input type="hidden" name="e" value="${pageSlot('e')}"/>`);
    expect(signed).toContain(`<input type="hidden" name="sig" value="${pageSlot('sig')}"/>`);
    expect(signed).toContain(`Stop our emails to <strong>${pageSlot('e')}</strong>?`);
  });

  it('hydrates a filled-in signed unsubscribe page and the not-found page without a mismatch', async () => {
    mockFetch({ 'GET /api/v1/users': SIGNED_OUT });
    const signed = '/unsubscribe?e=ada%2Bnews%40example.com&sig=abc';
    const signedKey = `/unsubscribe?e=${pageSlot('e')}&sig=${pageSlot('sig')}`;
    expect(await hydrate(signed, signedKey, { e: 'ada+news@example.com', sig: 'abc' })).toEqual([]);
    expect(screen.getByText('ada+news@example.com')).toBeInTheDocument();
    container.remove();
    container = document.createElement('div');
    document.body.append(container);
    expect(await hydrate('/no-such-page', '*')).toEqual([]);
    expect(screen.getByRole('heading', { name: 'Oh no! Are you lost?' })).toBeInTheDocument();
  });

  it('writes the prevent-decline page for the server to fill in, its form posting without JavaScript', async () => {
    const page = await renderPublicPage('/prevent-decline');
    expect(page).toContain('action="/prevent-decline" method="post"');
    expect(page).toContain(`name="token" value="${pageSlot('token')}"`);
    expect(page).toContain('name="notes"');
    for (const slot of ['summary', 'starts', 'deadline', 'details']) expect(page).toContain(pageSlot(slot));
    expect(page).toContain('Prevent this decline');
    expect(await renderPublicPage('/prevent-decline?status=prevented')).toContain(
      'The meeting will not be declined.',
    );
    expect(await renderPublicPage('/prevent-decline?status=invalid')).toContain(
      'This link is no longer valid',
    );
    expect(await renderPublicPage('/prevent-decline?status=closed')).toContain(
      'This meeting can no longer be changed',
    );
  });

  it('writes the sign-in and invite link pages with one button posting the link, and their refusals', async () => {
    for (const [key, button] of [
      ['/sign-in/:token', 'Log in'],
      ['/invite/:token', 'Join the team'],
    ] as const) {
      const page = await renderPublicPage(key);
      expect(page).toMatch(/<form method="post">/);
      expect(page).toContain(`>${button}<`);
    }
    expect(await renderPublicPage('/sign-in/:token?status=invalid')).toContain(
      'This sign-in link has expired or was already used.',
    );
    expect(await renderPublicPage('/invite/:token?status=invalid')).toContain(
      'This invite is no longer valid.',
    );
  });
});
