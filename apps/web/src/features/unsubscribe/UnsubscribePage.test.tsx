import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderRoutes, SIGNED_OUT, userDocument } from '../../test/utils';
import {
  CONFIRMATION_SENT_MESSAGE,
  INVALID_LINK_MESSAGE,
  STILL_SENT_NOTE,
  UNSUBSCRIBED_MESSAGE,
  UnsubscribePage,
} from './UnsubscribePage';

const routes = [
  { path: '/unsubscribe', element: <UnsubscribePage /> },
  { path: '/my/account', element: <p>account settings</p> },
];

const SIGNED = '/unsubscribe?e=ada%2Bnews%40example.com&sig=abc_123-XYZ';
const calls = (fetchMock: ReturnType<typeof mockFetch>, part: string) =>
  fetchMock.mock.calls.filter(([url]) => String(url).includes(part));

describe('unsubscribe page: the bare form', () => {
  it('rejects an invalid email without calling the server', async () => {
    const fetchMock = mockFetch({ 'GET /api/v1/users': SIGNED_OUT });
    renderRoutes(routes, { path: '/unsubscribe' });
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText("Hmm. That email doesn't look right")).toBeInTheDocument();
    expect(calls(fetchMock, 'communications')).toEqual([]);
  });

  it('asks for a confirmation link and says so, without claiming the address is unsubscribed', async () => {
    const fetchMock = mockFetch({
      'GET /api/v1/users': SIGNED_OUT,
      'GET /api/v1/communications/email/opt-out': () =>
        jsonResponse(200, {
          data: {
            type: 'email_opt_out_requests',
            id: 'ada+news@example.com',
            attributes: { email: 'ada+news@example.com' },
          },
        }),
    });
    renderRoutes(routes, { path: '/unsubscribe' });
    await userEvent.type(screen.getByLabelText('Email'), 'ada+news@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText(CONFIRMATION_SENT_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByText(UNSUBSCRIBED_MESSAGE)).not.toBeInTheDocument();
    const [call] = calls(fetchMock, 'opt-out');
    expect(String(call?.[0])).toBe('/api/v1/communications/email/opt-out?email=ada%2Bnews%40example.com');
  });

  it("prefills the address of an older mail's link", async () => {
    mockFetch({ 'GET /api/v1/users': SIGNED_OUT });
    renderRoutes(routes, { path: '/unsubscribe?email=old%40example.com' });
    expect(await screen.findByLabelText('Email')).toHaveValue('old@example.com');
  });

  it('says when the limit is reached', async () => {
    mockFetch({
      'GET /api/v1/users': SIGNED_OUT,
      'GET /api/v1/communications/email/opt-out': () =>
        jsonResponse(429, { errors: [{ status: '429', title: 'Too many requests' }] }),
    });
    renderRoutes(routes, { path: '/unsubscribe' });
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText(/Too many requests/)).toBeInTheDocument();
  });

  it('says so when the server sent a form posted without JavaScript back for too many posts', async () => {
    mockFetch({ 'GET /api/v1/users': SIGNED_OUT });
    renderRoutes(routes, { path: '/unsubscribe?status=rate_limited' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many requests. Please try again in a while.',
    );
    expect(screen.getByRole('button', { name: 'Unsubscribe' })).toBeInTheDocument();
  });
});

describe('unsubscribe page: a signed link from a mail', () => {
  it('does nothing on opening; the button confirms, then the spec message shows', async () => {
    const fetchMock = mockFetch({
      'GET /api/v1/users': SIGNED_OUT,
      'POST /api/v1/communications/email/unsubscribe': () =>
        jsonResponse(200, {
          data: {
            type: 'email_opt_outs',
            id: 'ada+news@example.com',
            attributes: { email: 'ada+news@example.com', opted_out: true },
          },
        }),
    });
    renderRoutes(routes, { path: SIGNED });
    expect(await screen.findByText('ada+news@example.com')).toBeInTheDocument();
    expect(calls(fetchMock, 'communications')).toEqual([]);
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText(UNSUBSCRIBED_MESSAGE)).toBeInTheDocument();
    expect(screen.getByText(STILL_SENT_NOTE)).toBeInTheDocument();
    const [call] = calls(fetchMock, 'unsubscribe');
    expect(String(call?.[0])).toBe(
      '/api/v1/communications/email/unsubscribe?e=ada%2Bnews%40example.com&sig=abc_123-XYZ',
    );
    expect(call?.[1]?.method).toBe('POST');
  });

  it('offers the bare form when the link is refused', async () => {
    mockFetch({
      'GET /api/v1/users': SIGNED_OUT,
      'POST /api/v1/communications/email/unsubscribe': () =>
        jsonResponse(403, { errors: [{ status: '403', code: 'forbidden', title: 'Forbidden' }] }),
    });
    renderRoutes(routes, { path: SIGNED });
    await userEvent.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText(INVALID_LINK_MESSAGE)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.queryByText(UNSUBSCRIBED_MESSAGE)).not.toBeInTheDocument();
  });
});

describe('unsubscribe page: signed in', () => {
  it('sends signed-in users to their account settings after 1.2 s', async () => {
    mockFetch({ 'GET /api/v1/users': () => jsonResponse(200, userDocument()) });
    const { router } = renderRoutes(routes, { path: '/unsubscribe' });
    expect(await screen.findByText(/Taking you to your email preferences/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/unsubscribe');
    await waitFor(() => expect(router.state.location.pathname).toBe('/my/account'), { timeout: 2000 });
  });
});
