import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../test/utils';
import { VISITOR_LINKS } from './navigation';
import { VisitorBar } from './VisitorBar';

describe("the public pages' bar on a phone", () => {
  it('opens the site menu as a native disclosure, and closes it with Escape, a tap elsewhere or a link', async () => {
    renderRoutes(
      [
        { path: '/', element: <VisitorBar signedIn={false} /> },
        { path: '/pricing', element: <p>Pricing page</p> },
      ],
      { path: '/' },
    );
    const summary = screen.getByLabelText('Site menu');
    // A summary in a details element: the browser opens it on a tap, with or without the page's script.
    expect(summary.tagName).toBe('SUMMARY');
    const menu = summary.closest('details')!;
    const firstLink = within(menu).getByRole('link', { name: VISITOR_LINKS[0]!.label, hidden: true });
    expect(firstLink).not.toBeVisible();

    await userEvent.click(summary);
    await waitFor(() => expect(menu.open).toBe(true));
    expect(firstLink).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(menu.open).toBe(false));

    await userEvent.click(summary);
    await waitFor(() => expect(menu.open).toBe(true));
    await userEvent.click(document.body);
    await waitFor(() => expect(menu.open).toBe(false));

    await userEvent.click(summary);
    await waitFor(() => expect(menu.open).toBe(true));
    await userEvent.click(within(menu).getByRole('link', { name: 'Pricing' }));
    expect(await screen.findByText('Pricing page')).toBeInTheDocument();
  });
});
