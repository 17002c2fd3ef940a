import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '../../app/router';
import { queryKeys } from '../../session/queryKeys';
import type { CurrentUser } from '../../session/types';
import {
  createTestQueryClient,
  jsonResponse,
  mockFetch,
  renderRoutes,
  signedIn,
  testUser,
} from '../../test/utils';
import { billingKeys } from './api';
import { PlanEndingBanner } from './PlanEndingBanner';
import { paidSubscription } from './testing/subscriptionDocument';

const PAID = { subscription_plan: 'team-500', subscription_status: 'active' as const, trial_days_left: null };

function renderBanner(user: Partial<CurrentUser>, subscription: ReturnType<typeof paidSubscription>) {
  let current = subscription;
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(queryKeys.currentUser, testUser({ ...PAID, ...user }));
  const fetchMock = mockFetch({
    'GET /api/v1/subscription': () => jsonResponse(200, current),
    'PATCH /api/v1/subscription': () => {
      current = paidSubscription(3);
      return jsonResponse(200, current);
    },
    'GET /api/v1/users': () => jsonResponse(200, { data: null }),
  });
  const view = renderRoutes(
    [{ path: '*', element: <PlanEndingBanner user={testUser({ ...PAID, ...user })} /> }],
    {
      queryClient,
    },
  );
  return { ...view, fetchMock };
}

describe('plan ending banner', () => {
  it('tells admins how many days the cancelled plan has left and re-activates it', async () => {
    const { fetchMock, queryClient } = renderBanner({}, paidSubscription(3, { cancel_at_period_end: true }));
    const banner = await screen.findByRole('region', { name: 'Plan ending' });
    expect(banner).toHaveTextContent('Your plan ends in 3 days.');
    await userEvent.click(within(banner).getByRole('button', { name: 'Re-activate plan' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Plan ending' })).not.toBeInTheDocument(),
    );
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(String(patch?.[0])).toBe('/api/v1/subscription');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({
      data: { type: 'subscriptions', attributes: { cancel_at_period_end: false } },
    });
    expect(queryClient.getQueryState(queryKeys.currentUser)?.isInvalidated).toBe(true);
    expect(
      queryClient.getQueryData<{ cancel_at_period_end: boolean }>(billingKeys.subscription),
    ).toMatchObject({
      cancel_at_period_end: false,
    });
  });

  it('says the last day in the singular', async () => {
    renderBanner({}, paidSubscription(1, { cancel_at_period_end: true }));
    expect(await screen.findByRole('region', { name: 'Plan ending' })).toHaveTextContent(
      'Your plan ends in 1 day.',
    );
  });

  it('shows non-admins the banner without the button', async () => {
    renderBanner(
      { company: { ...testUser().company!, roles: [] } },
      paidSubscription(3, { cancel_at_period_end: true }),
    );
    const banner = await screen.findByRole('region', { name: 'Plan ending' });
    expect(banner).toHaveTextContent('Your plan ends in 3 days.');
    expect(within(banner).queryByRole('button')).not.toBeInTheDocument();
  });

  it('is absent while the plan keeps renewing', async () => {
    const { queryClient } = renderBanner({}, paidSubscription(3));
    await waitFor(() => expect(queryClient.getQueryData(billingKeys.subscription)).toBeTruthy());
    expect(screen.queryByRole('region', { name: 'Plan ending' })).not.toBeInTheDocument();
  });

  it('sits above every app screen', async () => {
    mockFetch({
      ...signedIn(PAID),
      'GET /api/v1/subscription': () =>
        jsonResponse(200, paidSubscription(12, { cancel_at_period_end: true })),
    });
    renderRoutes(routes, { path: '/my/account' });
    expect(await screen.findByRole('heading', { name: 'Account' }, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Plan ending' })).toHaveTextContent(
      'Your plan ends in 12 days.',
    );
  });
});
