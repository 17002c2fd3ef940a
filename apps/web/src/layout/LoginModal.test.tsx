import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { browser } from '../lib/browser';
import { browserTimeZone } from '../lib/timezone';
import { jsonResponse, mockFetch, renderRoutes, userDocument } from '../test/utils';
import { LoginModal } from './LoginModal';

const providers = (demo: boolean) => () =>
  jsonResponse(200, {
    data: [
      {
        id: 'google_oauth2',
        type: 'auth_providers',
        attributes: { name: 'Google', url: '/auth/google_oauth2' },
      },
      {
        id: 'microsoft_graph',
        type: 'auth_providers',
        attributes: { name: 'Microsoft', url: '/auth/microsoft_graph' },
      },
    ],
    meta: { demo_enabled: demo, email_enabled: false, slack_enabled: false },
  });

function renderModal(path = '/?login=true') {
  return renderRoutes(
    [
      { path: '/', element: <LoginModal /> },
      { path: '/my/review/you', element: <p>review</p> },
    ],
    { path },
  );
}

describe('login modal', () => {
  it('offers single sign-on only, and no demo when the server does not enable it', async () => {
    mockFetch({ 'GET /api/v1/auth/providers': providers(false) });
    renderModal();
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue with Microsoft' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try the demo' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/password/i)).not.toBeInTheDocument();
  });

  it('says why a single sign-on did not sign the person in', async () => {
    mockFetch({ 'GET /api/v1/auth/providers': providers(false) });
    renderModal('/?login=true&error=email_in_use');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /We couldn't sign you in.*An account with this e-mail address already exists/,
    );
  });

  it('says a company already on MeetWell is joined by invite, when single sign-on was refused for it', async () => {
    mockFetch({ 'GET /api/v1/auth/providers': providers(false) });
    renderModal('/?login=true&error=company_exists');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /Your company already uses MeetWell\. Ask one of its admins to invite you/,
    );
  });

  it('shows no error for an unknown error code', async () => {
    mockFetch({ 'GET /api/v1/auth/providers': providers(false) });
    renderModal('/?login=true&error=%3Cscript%3E');
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers any other OpenID Connect issuer by its name', async () => {
    mockFetch({
      'GET /api/v1/auth/providers': () =>
        jsonResponse(200, {
          data: [
            {
              id: 'oidc',
              type: 'auth_providers',
              attributes: { name: 'Acme SSO', url: '/api/v1/auth/oidc' },
            },
          ],
          meta: { demo_enabled: false, email_enabled: false, slack_enabled: false },
        }),
    });
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    renderModal();
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Acme SSO' }));
    expect(assign).toHaveBeenCalledWith(
      `/api/v1/auth/oidc?time_zone=${encodeURIComponent(browserTimeZone())}`,
    );
  });

  it('sends the browser to the provider with the time zone', async () => {
    mockFetch({ 'GET /api/v1/auth/providers': providers(false) });
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    renderModal();
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Microsoft' }));
    expect(assign).toHaveBeenCalledWith(
      `/auth/microsoft_graph?time_zone=${encodeURIComponent(browserTimeZone())}`,
    );
  });

  it('holds the request-account form when the server signs in by e-mail link', async () => {
    mockFetch({
      'GET /api/v1/auth/providers': () =>
        jsonResponse(200, {
          data: [],
          meta: { demo_enabled: true, email_enabled: true, slack_enabled: false },
        }),
      'POST /api/v1/sign_in_links': () => jsonResponse(202, { meta: { sent: true } }),
    });
    renderModal();
    await screen.findByRole('textbox', { name: 'Work email' });
    const dialog = screen.getByRole('dialog', { name: 'Log in / Sign up' });
    expect(dialog).toHaveTextContent("Enter your work email and we'll send you a link that signs you in.");
    expect(dialog).not.toHaveTextContent('holds your work calendar');
    expect(screen.getByRole('button', { name: 'Try the demo' })).toBeInTheDocument();
    expect(screen.queryByText('No sign-in method is configured')).not.toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Work email' }), 'kim@newco.example');
    await userEvent.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Check your inbox: we sent a sign-in link to kim@newco.example.',
    );
  });

  it('offers single sign-on and the e-mail link side by side', async () => {
    mockFetch({
      'GET /api/v1/auth/providers': () =>
        jsonResponse(200, {
          data: [
            {
              id: 'google_oauth2',
              type: 'auth_providers',
              attributes: { name: 'Google', url: '/auth/google_oauth2' },
            },
          ],
          meta: { demo_enabled: false, email_enabled: true, slack_enabled: false },
        }),
    });
    renderModal();
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Email me a sign-in link' })).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toHaveTextContent(
      'Sign in with the account that holds your work calendar, or with a link we email you.',
    );
  });

  it('has no e-mail form when the server does not offer it', async () => {
    mockFetch({ 'GET /api/v1/auth/providers': providers(true) });
    renderModal();
    expect(await screen.findByRole('button', { name: 'Try the demo' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Work email' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog')).toHaveTextContent(
      'Sign in with the account that holds your work calendar.',
    );
  });

  it('starts the demo when enabled and opens Review', async () => {
    let signedIn = false;
    const fetchMock = mockFetch({
      'GET /api/v1/auth/providers': providers(true),
      'POST /api/v1/auth/demo': () => {
        signedIn = true;
        return jsonResponse(201, { ...userDocument(), meta: { token: 'demo-session-token' } });
      },
      'GET /api/v1/users': () => (signedIn ? jsonResponse(200, userDocument()) : jsonResponse(401)),
    });
    const { router } = renderModal();
    await userEvent.click(await screen.findByRole('button', { name: 'Try the demo' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my/review/you'));
    const demoCall = fetchMock.mock.calls.find(([url]) => String(url) === '/api/v1/auth/demo');
    const demoInit = demoCall?.[1] as RequestInit | undefined;
    expect(JSON.parse(String(demoInit?.body))).toEqual({
      data: { type: 'sessions', attributes: { time_zone: browserTimeZone() } },
    });
  });
});
