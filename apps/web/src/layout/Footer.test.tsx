import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderRoutes, SIGNED_OUT } from '../test/utils';
import { RootLayout } from './RootLayout';

const routes = [{ path: '/', element: <RootLayout />, children: [{ path: '*', element: <p>page</p> }] }];

describe('footer', () => {
  it('links the legal and help pages on public pages', async () => {
    mockFetch({ 'GET /api/v1/users': SIGNED_OUT });
    renderRoutes(routes, { path: '/pricing' });
    const footer = await screen.findByRole('contentinfo');
    const hrefs = Array.from(footer.querySelectorAll('a')).map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(
      expect.arrayContaining(['/privacy', '/security', '/terms', '/help', '/faq', '/referrals']),
    );
  });

  it('is hidden under /my', async () => {
    mockFetch({ 'GET /api/v1/users': SIGNED_OUT });
    renderRoutes(routes, { path: '/my/account' });
    expect(await screen.findByText('page')).toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
  });
});
