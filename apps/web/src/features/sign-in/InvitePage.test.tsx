import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { browserTimeZone } from '../../lib/timezone';
import { jsonResponse, mockFetch, renderRoutes, userDocument } from '../../test/utils';
import { InvitePage } from './InvitePage';

function renderInvite(token = 'inv-42') {
  return renderRoutes(
    [
      { path: '/invite/:token', element: <InvitePage /> },
      { path: '/my/review/you', element: <p>review</p> },
    ],
    { path: `/invite/${token}` },
  );
}

describe('invite page', () => {
  it('accepts the invite and opens Review signed in', async () => {
    let accepted = false;
    const fetchMock = mockFetch({
      'POST /api/v1/invites/accept': () => {
        accepted = true;
        return jsonResponse(200, { ...userDocument(), meta: { already_member: false } });
      },
      'GET /api/v1/users': () => (accepted ? jsonResponse(200, userDocument()) : jsonResponse(401)),
    });
    const { router } = renderInvite('inv-42');
    await waitFor(() => expect(router.state.location.pathname).toBe('/my/review/you'));
    const accept = fetchMock.mock.calls.find(([url]) => String(url) === '/api/v1/invites/accept');
    expect(JSON.parse(String((accept?.[1] as RequestInit | undefined)?.body))).toEqual({
      data: { type: 'invites', attributes: { token: 'inv-42', time_zone: browserTimeZone() } },
    });
  });

  it('says an invite that is used or withdrawn is no longer valid', async () => {
    mockFetch({
      'POST /api/v1/invites/accept': () =>
        jsonResponse(410, { errors: [{ status: '410', code: 'invite_invalid', detail: 'Gone.' }] }),
    });
    const { router } = renderInvite();
    expect(
      await screen.findByRole('heading', { name: 'This invite is no longer valid.' }),
    ).toBeInTheDocument();
    expect(screen.getByText("Ask your team's admin for a new one.")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/invite/inv-42');
  });

  it('says an expired invite expired, and asks the admin for a new one', async () => {
    let asked = 0;
    const fetchMock = mockFetch({
      'POST /api/v1/invites/accept': () =>
        jsonResponse(410, {
          errors: [{ status: '410', code: 'invite_expired', detail: 'This invite has expired.' }],
        }),
      'POST /api/v1/invites/renewal_requests': () => {
        asked += 1;
        return jsonResponse(202, { meta: { requested: true } });
      },
    });
    renderInvite('old-7');
    expect(await screen.findByRole('heading', { name: 'This invite has expired.' })).toBeInTheDocument();
    expect(screen.getByText(/Invite links work for 14 days/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Ask for a new invite' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      "We asked your team's admin for a new invite. It will come to this email address.",
    );
    expect(asked).toBe(1);
    const request = fetchMock.mock.calls.find(([url]) => String(url) === '/api/v1/invites/renewal_requests');
    expect(JSON.parse(String((request?.[1] as RequestInit | undefined)?.body))).toEqual({
      data: { type: 'invite_renewal_requests', attributes: { token: 'old-7' } },
    });
    expect(screen.queryByRole('button', { name: 'Ask for a new invite' })).not.toBeInTheDocument();
  });

  it('says someone already on the team is, and offers to sign in', async () => {
    mockFetch({
      'POST /api/v1/invites/accept': () =>
        jsonResponse(409, {
          errors: [
            {
              status: '409',
              code: 'already_member',
              detail: 'You are already on the team Acme. Sign in to open it.',
            },
          ],
        }),
    });
    renderInvite();
    expect(await screen.findByRole('heading', { name: "You're already on this team." })).toBeInTheDocument();
    expect(screen.getByText('You are already on the team Acme. Sign in to open it.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });

  it('takes someone signed in and already on the team there', async () => {
    mockFetch({
      'POST /api/v1/invites/accept': () =>
        jsonResponse(200, { ...userDocument(), meta: { already_member: true } }),
      'GET /api/v1/users': () => jsonResponse(200, userDocument()),
    });
    const { router } = renderInvite();
    await waitFor(() => expect(router.state.location.pathname).toBe('/my/review/you'));
  });
});
