import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { LoginModal } from '../../layout/LoginModal';
import { browserTimeZone } from '../../lib/timezone';
import { queryKeys } from '../../session/queryKeys';
import { jsonResponse, mockFetch, renderRoutes, userDocument } from '../../test/utils';
import { SignInLinkPage } from './SignInLinkPage';

function renderLink(token = 'tok-123') {
  return renderRoutes(
    [
      {
        path: '/sign-in/:token',
        element: (
          <StrictMode>
            <SignInLinkPage />
            <LoginModal />
          </StrictMode>
        ),
      },
      { path: '/my/review/you', element: <p>review</p> },
    ],
    { path: `/sign-in/${token}` },
  );
}

const gone = () =>
  jsonResponse(410, {
    errors: [
      {
        status: '410',
        code: 'sign_in_link_invalid',
        detail:
          'This sign-in link has expired or was already used. Ask for a new one: it arrives within a minute.',
      },
    ],
  });

describe('sign-in link page', () => {
  it('spends the link once, with the browser time zone, and opens Review signed in', async () => {
    let signedIn = false;
    const fetchMock = mockFetch({
      'POST /api/v1/sign_in_links/consume': () => {
        signedIn = true;
        return jsonResponse(200, { ...userDocument(), meta: { created: true } });
      },
      'GET /api/v1/users': () => (signedIn ? jsonResponse(200, userDocument()) : jsonResponse(401)),
    });
    const { router, queryClient } = renderLink('tok-123');
    expect(screen.getByText('Logging in...')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/my/review/you'));
    const consumes = fetchMock.mock.calls.filter(([url]) => String(url) === '/api/v1/sign_in_links/consume');
    expect(consumes).toHaveLength(1);
    expect(JSON.parse(String((consumes[0]?.[1] as RequestInit | undefined)?.body))).toEqual({
      data: { type: 'sign_in_links', attributes: { token: 'tok-123', time_zone: browserTimeZone() } },
    });
    expect(queryClient.getQueryData(queryKeys.currentUser)).toMatchObject({ email: 'ada@example.com' });
  });

  it('says a used or expired link is, and opens the sign-in form for a new one', async () => {
    mockFetch({
      'POST /api/v1/sign_in_links/consume': gone,
      'GET /api/v1/auth/providers': () =>
        jsonResponse(200, {
          data: [],
          meta: { demo_enabled: false, email_enabled: true, slack_enabled: false },
        }),
    });
    const { router } = renderLink();
    expect(
      await screen.findByRole('heading', { name: 'This sign-in link has expired or was already used.' }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Email me a new link' }));
    expect(router.state.location.search).toBe('?login=true');
    expect(await screen.findByRole('button', { name: 'Email me a sign-in link' })).toBeInTheDocument();
  });

  it('opens the app when the spent link is opened again by someone signed in', async () => {
    mockFetch({
      'POST /api/v1/sign_in_links/consume': gone,
      'GET /api/v1/users': () => jsonResponse(200, userDocument()),
    });
    const { router } = renderLink();
    await waitFor(() => expect(router.state.location.pathname).toBe('/my/review/you'));
    expect(screen.queryByRole('heading', { name: /expired or was already used/ })).not.toBeInTheDocument();
  });

  it("shows the server's reason when it refuses the sign-in", async () => {
    mockFetch({
      'POST /api/v1/sign_in_links/consume': () =>
        jsonResponse(409, {
          errors: [
            {
              status: '409',
              code: 'conflict',
              detail: 'An account with this address signs in with single sign-on.',
            },
          ],
        }),
    });
    renderLink();
    expect(
      await screen.findByText('An account with this address signs in with single sign-on.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log in / Sign up' })).toBeInTheDocument();
  });

  it('says the company already uses MeetWell and how to join, instead of signing in', async () => {
    const detail =
      'Acme already uses MeetWell. Ask one of its admins to invite you: the link in the invite adds you to the team.';
    mockFetch({
      'POST /api/v1/sign_in_links/consume': () =>
        jsonResponse(409, { errors: [{ status: '409', code: 'company_exists', detail }] }),
    });
    const { router } = renderLink();
    expect(
      await screen.findByRole('heading', { name: 'Your company already uses MeetWell' }),
    ).toBeInTheDocument();
    expect(screen.getByText(detail)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(router.state.location.pathname).toBe('/sign-in/tok-123');
  });
});
