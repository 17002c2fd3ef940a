import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderRoutes } from '../test/utils';
import { SignInDialog } from './SignInDialog';
import { loginModalCode } from './useLoginModal';
import { VisitorBar } from './VisitorBar';

/** The public pages' bar and the dialog it opens, at `path`, with the sign-in options the dialog asks for. */
function renderBarWithDialog(path: string) {
  mockFetch({
    'GET /api/v1/auth/providers': () =>
      jsonResponse(200, {
        data: [],
        meta: { demo_enabled: true, email_enabled: true, slack_enabled: false },
      }),
  });
  renderRoutes(
    [
      {
        path,
        element: (
          <>
            <VisitorBar signedIn={false} />
            <SignInDialog />
          </>
        ),
      },
    ],
    { path },
  );
}

describe('the sign-in dialog', () => {
  it('starts loading its code when its button is pointed at, and opens on the click', async () => {
    renderBarWithDialog('/');
    expect(loginModalCode.loaded()).toBeUndefined();
    const button = screen.getByRole('button', { name: 'Log in / Sign up' });
    fireEvent.pointerEnter(button);
    // Loaded by the pointing alone, before any click.
    // Its first import compiles the dialog's modules: on a busy machine that takes seconds.
    await waitFor(() => expect(loginModalCode.loaded()).toBeDefined(), { timeout: 15_000 });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.click(button);
    expect(
      await screen.findByRole('button', { name: 'Try the demo' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
  }, 40_000);

  it('is a link to the page with the dialog open, for a tap before the script has run, and answers Space', async () => {
    renderBarWithDialog('/pricing');
    const button = screen.getByRole('button', { name: 'Log in / Sign up' });
    expect(button.tagName).toBe('A');
    expect(new URL(button.getAttribute('href')!, 'https://meetwell.example/pricing').href).toBe(
      'https://meetwell.example/pricing?login=true',
    );
    button.focus();
    await userEvent.keyboard(' ');
    expect(
      await screen.findByRole('dialog', { name: 'Log in / Sign up' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
  }, 40_000);
});
