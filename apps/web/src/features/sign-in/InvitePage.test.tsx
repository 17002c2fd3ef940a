import { screen, waitFor } from '@testing-library/react';
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
        return jsonResponse(200, userDocument());
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
});
