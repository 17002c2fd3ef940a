import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { Link, PublicPageProvider, useLocation, useParams, useSearchParams } from './navigation';

afterEach(() => window.history.replaceState(null, '', '/'));

function Where() {
  const { pathname, search } = useLocation();
  const { page } = useParams<{ page: string }>();
  return (
    <p>
      {pathname}|{search}|{page ?? '-'}
    </p>
  );
}

function Filter() {
  const [params, setParams] = useSearchParams();
  return (
    <button type="button" onClick={() => setParams({ filter: 'memes' })}>
      filter: {params.get('filter') ?? 'all'}
    </button>
  );
}

describe('the public pages’ navigation', () => {
  it('renders a link as a plain link to another document', () => {
    render(
      <Link to="/pricing" className="nav" replace preventScrollReset>
        Pricing
      </Link>,
    );
    const link = screen.getByRole('link', { name: 'Pricing' });
    expect(link).toHaveAttribute('href', '/pricing');
    expect(link).toHaveClass('nav');
    expect(link).not.toHaveAttribute('replace');
  });

  it('renders the pre-rendered address on the server, without its query', () => {
    const html = renderToString(
      <PublicPageProvider href="/blog/2" params={{ page: '2' }}>
        <Where />
      </PublicPageProvider>,
    );
    expect(html).toContain('/blog/2<!-- -->|<!-- -->|<!-- -->2');
  });

  it('changes the query string in place and renders again', async () => {
    window.history.replaceState(null, '', '/blog?x=1');
    render(
      <PublicPageProvider href="/blog" params={{}}>
        <Where />
        <Filter />
      </PublicPageProvider>,
    );
    expect(screen.getByText('/blog|?x=1|-')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'filter: all' }));
    expect(window.location.search).toBe('?filter=memes');
    expect(screen.getByRole('button', { name: 'filter: memes' })).toBeInTheDocument();
    expect(screen.getByText('/blog|?filter=memes|-')).toBeInTheDocument();

    // Back in the browser's history.
    await act(async () => {
      window.history.back();
      await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    });
    expect(screen.getByText('/blog|?x=1|-')).toBeInTheDocument();
  });
});
