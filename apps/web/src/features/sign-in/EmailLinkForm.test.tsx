import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { browserTimeZone } from '../../lib/timezone';
import { jsonResponse, mockFetch, renderPage } from '../../test/utils';
import { EmailLinkForm } from './EmailLinkForm';

const requestCalls = (mock: ReturnType<typeof mockFetch>) =>
  mock.mock.calls.filter(([url]) => String(url) === '/api/v1/sign_in_links');

describe('e-mail link form', () => {
  it('asks for a link and says where it went, for how long', async () => {
    const fetchMock = mockFetch({
      'POST /api/v1/sign_in_links': () => jsonResponse(202, { meta: { sent: true } }),
    });
    renderPage(<EmailLinkForm />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Work email' }), '  kim@newco.example ');
    await userEvent.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Check your inbox: we sent a sign-in link to kim@newco.example. It works once, for 15 minutes.',
    );
    const [call] = requestCalls(fetchMock);
    expect(JSON.parse(String((call?.[1] as RequestInit | undefined)?.body))).toEqual({
      data: {
        type: 'sign_in_links',
        attributes: { email: 'kim@newco.example', time_zone: browserTimeZone() },
      },
    });
    // Another address: the form again, empty.
    await userEvent.click(screen.getByRole('button', { name: 'Use another address' }));
    expect(screen.getByRole('textbox', { name: 'Work email' })).toHaveValue('');
  });

  it('checks the address before asking the server', async () => {
    const fetchMock = mockFetch({});
    renderPage(<EmailLinkForm />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Work email' }), 'kim@newco');
    await userEvent.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    expect(await screen.findByText('Please enter a valid email and try again.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Work email' })).toHaveAttribute('aria-invalid', 'true');
    expect(requestCalls(fetchMock)).toHaveLength(0);
  });

  it("shows the server's refusal on the field (422) without leaving the page", async () => {
    mockFetch({
      'POST /api/v1/sign_in_links': () =>
        jsonResponse(422, {
          errors: [
            {
              status: '422',
              code: 'unprocessable',
              detail: 'This does not look like an e-mail address.',
              source: { pointer: '/data/attributes/email' },
            },
          ],
        }),
    });
    const { router } = renderPage(<EmailLinkForm />, { path: '/?login=true' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Work email' }), 'kim@newco.example');
    await userEvent.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    expect(await screen.findByText('This does not look like an e-mail address.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('says when too many links were asked for', async () => {
    mockFetch({
      'POST /api/v1/sign_in_links': () =>
        jsonResponse(429, {
          errors: [
            { status: '429', code: 'rate_limited', detail: 'Too many requests. Please try again shortly.' },
          ],
        }),
    });
    renderPage(<EmailLinkForm />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Work email' }), 'kim@newco.example');
    await userEvent.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many requests. Please try again shortly.',
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
