import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { queryKeys } from '../../session/queryKeys';
import type { CurrentUser } from '../../session/types';
import { useCurrentUser } from '../../session/useCurrentUser';
import {
  createTestQueryClient,
  jsonResponse,
  mockFetch,
  renderRoutes,
  testUser,
  userDocument,
} from '../../test/utils';
import { TimeZoneBanner } from './TimeZoneBanner';

/** The tests run in UTC: the browser is in UTC. */
function Banner() {
  const { data: user } = useCurrentUser();
  return user ? <TimeZoneBanner user={user} /> : null;
}

function renderBanner(user: Partial<CurrentUser>) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(queryKeys.currentUser, testUser(user));
  const fetchMock = mockFetch({
    'PATCH /api/v1/users': ({ body }) => {
      const { time_zone } = (body as { data: { attributes: { time_zone: string } } }).data.attributes;
      return jsonResponse(200, userDocument({ ...user, time_zone }));
    },
    'GET /api/v1/users': () => jsonResponse(200, userDocument({ ...user, time_zone: 'UTC' })),
  });
  return { ...renderRoutes([{ path: '*', element: <Banner /> }], { queryClient }), fetchMock };
}

afterEach(() => window.localStorage.clear());

describe('time zone banner', () => {
  it('tells a person signed in from elsewhere where their days are cut, and moves them to this browser’s zone', async () => {
    const { fetchMock, queryClient } = renderBanner({ time_zone: 'America/Los_Angeles' });
    const banner = await screen.findByRole('region', { name: 'Time zone' });
    expect(banner).toHaveTextContent('This browser is in UTC.');
    expect(banner).toHaveTextContent(
      "Your days, reports and e-mails use America/Los_Angeles; Plan shows meetings at this browser's times.",
    );
    await userEvent.click(within(banner).getByRole('button', { name: 'Use UTC' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Time zone' })).not.toBeInTheDocument());
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({
      data: { type: 'users', attributes: { time_zone: 'UTC' } },
    });
    expect(queryClient.getQueryData<CurrentUser>(queryKeys.currentUser)?.time_zone).toBe('UTC');
  });

  it('keeps the person’s zone when asked, and does not ask again from this zone', async () => {
    const first = renderBanner({ time_zone: 'Asia/Tokyo' });
    const banner = await screen.findByRole('region', { name: 'Time zone' });
    await userEvent.click(within(banner).getByRole('button', { name: 'Keep Asia/Tokyo' }));
    expect(screen.queryByRole('region', { name: 'Time zone' })).not.toBeInTheDocument();
    expect(first.fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
    first.unmount();
    renderBanner({ time_zone: 'Asia/Tokyo' });
    expect(screen.queryByRole('region', { name: 'Time zone' })).not.toBeInTheDocument();
  });

  it('says nothing when the browser keeps the person’s clock under another name', () => {
    renderBanner({ time_zone: 'Etc/UTC' });
    expect(screen.queryByRole('region', { name: 'Time zone' })).not.toBeInTheDocument();
  });
});
