import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderRoutes, SIGNED_OUT, userDocument } from '../../test/utils';
import { UnsubscribePage } from './UnsubscribePage';

const routes = [
  { path: '/unsubscribe', element: <UnsubscribePage /> },
  { path: '/my/account', element: <p>account settings</p> },
];

describe('unsubscribe page', () => {
  it('rejects an invalid email without calling the server', async () => {
    const fetchMock = mockFetch({ 'GET /api/v1/users': SIGNED_OUT });
    renderRoutes(routes, { path: '/unsubscribe' });
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText("Hmm. That email doesn't look right")).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('opt-out'))).toBe(false);
  });

  it('opts the email out and confirms', async () => {
    const fetchMock = mockFetch({
      'GET /api/v1/users': SIGNED_OUT,
      'GET /api/v1/communications/email/opt-out': () => jsonResponse(200, { data: null }),
    });
    renderRoutes(routes, { path: '/unsubscribe' });
    await userEvent.type(screen.getByLabelText('Email'), 'ada+news@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(
      await screen.findByText("Hope we didn't bug you. You won't be getting emails from us anymore."),
    ).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('opt-out'));
    expect(String(call?.[0])).toBe('/api/v1/communications/email/opt-out?email=ada%2Bnews%40example.com');
  });

  it('sends signed-in users to their account settings after 1.2 s', async () => {
    mockFetch({ 'GET /api/v1/users': () => jsonResponse(200, userDocument()) });
    const { router } = renderRoutes(routes, { path: '/unsubscribe' });
    expect(await screen.findByText(/Taking you to your email preferences/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/unsubscribe');
    await waitFor(() => expect(router.state.location.pathname).toBe('/my/account'), { timeout: 2000 });
  });
});
