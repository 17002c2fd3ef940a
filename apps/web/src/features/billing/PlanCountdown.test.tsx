import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Header } from '../../layout/Header';
import { queryKeys } from '../../session/queryKeys';
import type { CurrentUser } from '../../session/types';
import { createTestQueryClient, jsonResponse, mockFetch, renderRoutes, testUser } from '../../test/utils';
import { paidSubscription, subscriptionDocument } from './testing/subscriptionDocument';

function renderHeader(user: Partial<CurrentUser>, subscription: unknown = subscriptionDocument()) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(queryKeys.currentUser, testUser(user));
  mockFetch({ 'GET /api/v1/subscription': () => jsonResponse(200, subscription) });
  return renderRoutes([{ path: '*', element: <Header /> }], { path: '/my/review/you', queryClient });
}

describe('header countdown', () => {
  it('counts the trial days the server gives, not the days since sign-up', async () => {
    renderHeader({ trial_days_left: 9, created_at: new Date().toISOString() });
    expect(await screen.findByText('Trial: 9 days left')).toBeInTheDocument();
  });

  it('says the last day in the singular', async () => {
    renderHeader({ trial_days_left: 1 });
    expect(await screen.findByText('Trial: 1 day left')).toBeInTheDocument();
  });

  it('says the trial ended for a deactivated account instead of counting', async () => {
    renderHeader({
      trial_days_left: 0,
      deactivated_at: '2026-11-01T00:00:00Z',
      deactivated_reason: 'trial_expired',
    });
    expect(await screen.findByText('Trial ended')).toBeInTheDocument();
    expect(screen.queryByText(/days? left/)).not.toBeInTheDocument();
  });

  it('counts down a cancelled plan to the end of its period', async () => {
    renderHeader(
      { subscription_plan: 'team-500', subscription_status: 'active', trial_days_left: null },
      paidSubscription(5, { cancel_at_period_end: true }),
    );
    expect(await screen.findByText('Plan: 5 days left')).toBeInTheDocument();
  });

  it('shows no countdown for a paid plan that keeps renewing', async () => {
    const { queryClient } = renderHeader(
      { subscription_plan: 'team-500', subscription_status: 'active', trial_days_left: null },
      paidSubscription(5),
    );
    await screen.findByRole('button', { name: /Account menu/ });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(queryClient.getQueryData(['subscription'])).toBeTruthy();
    expect(screen.queryByText(/left/)).not.toBeInTheDocument();
  });
});
