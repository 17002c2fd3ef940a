import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/utils';
import { BlogPage } from './BlogPage';

const routes = [
  { path: '/blog', element: <BlogPage /> },
  { path: '/blog/:page', element: <BlogPage /> },
];

const badges = () => screen.getAllByText(/^(Meme|Post)$/).map((badge) => badge.textContent);

describe('?filter on the blog', () => {
  it('=memes lists only memes, =posts only posts, none or anything else lists all', async () => {
    renderRoutes(routes, { path: '/blog?filter=memes' });
    expect(await screen.findByRole('heading', { name: 'Blog', level: 1 })).toBeInTheDocument();
    expect(new Set(badges())).toEqual(new Set(['Meme']));
  });

  it('=posts lists only posts, and the page links keep the filter', async () => {
    renderRoutes(routes, { path: '/blog?filter=posts' });
    await screen.findByRole('heading', { name: 'Blog', level: 1 });
    expect(new Set(badges())).toEqual(new Set(['Post']));
    expect(screen.getByRole('link', { name: 'Older' })).toHaveAttribute('href', '/blog/2?filter=posts');
  });

  it('an unknown value lists everything, and choosing a filter writes it to the URL', async () => {
    const { router } = renderRoutes(routes, { path: '/blog?filter=nonsense' });
    await screen.findByRole('heading', { name: 'Blog', level: 1 });
    expect(badges().length).toBe(8);
    await userEvent.click(screen.getByText('Memes'));
    await waitFor(() => expect(router.state.location.search).toBe('?filter=memes'));
  });
});
