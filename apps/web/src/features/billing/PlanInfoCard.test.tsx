import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { browser } from '../../lib/browser';
import { queryKeys } from '../../session/queryKeys';
import type { CurrentUser } from '../../session/types';
import {
  createTestQueryClient,
  jsonResponse,
  mockFetch,
  renderRoutes,
  testUser,
  userDocument,
} from '../../test/utils';
import { PlanInfoCard } from './PlanInfoCard';
import { paidSubscription, subscriptionDocument } from './testing/subscriptionDocument';

type Handlers = Parameters<typeof mockFetch>[0];

const PAID = { subscription_plan: 'team-500', subscription_status: 'active' as const, trial_days_left: null };

function setup(options: { user?: Partial<CurrentUser>; handlers?: Handlers } = {}) {
  const queryClient = createTestQueryClient();
  const user = testUser({ ...PAID, ...options.user });
  queryClient.setQueryData(queryKeys.currentUser, user);
  const fetchMock = mockFetch({
    'GET /api/v1/subscription': () => jsonResponse(200, paidSubscription(20)),
    'GET /api/v1/users': () => jsonResponse(200, userDocument({ ...PAID, ...options.user })),
    ...options.handlers,
  });
  const view = renderRoutes([{ path: '/my/account', element: <PlanInfoCard user={user} /> }], {
    path: '/my/account',
    queryClient,
  });
  return { ...view, fetchMock };
}

function requests(fetchMock: ReturnType<typeof mockFetch>, method: string, path: string) {
  return fetchMock.mock.calls.filter(
    ([url, init]) => (init?.method ?? 'GET') === method && String(url).split('?')[0] === `/api/v1${path}`,
  );
}

describe('account: plan info', () => {
  it('gives admins of a paid plan: change plan, manage team, change payment method, cancel', async () => {
    setup();
    expect(await screen.findByRole('button', { name: 'Cancel plan' })).toBeInTheDocument();
    expect(screen.getByText('Solo')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change your plan' })).toHaveAttribute(
      'href',
      '/my/balance/action/choose-plan',
    );
    expect(screen.getByRole('link', { name: 'Manage your team' })).toHaveAttribute(
      'href',
      '/my/team-management',
    );
    expect(screen.getByRole('button', { name: 'Change payment method' })).toBeInTheDocument();
  });

  it('asks before cancelling, then cancels at the period end and reloads the user and the subscription', async () => {
    let cancelled = false;
    const { fetchMock, queryClient } = setup({
      handlers: {
        'GET /api/v1/subscription': () =>
          jsonResponse(200, paidSubscription(20, { cancel_at_period_end: cancelled })),
        'DELETE /api/v1/subscription': () => {
          cancelled = true;
          return jsonResponse(200, paidSubscription(20, { cancel_at_period_end: true }));
        },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your plan?' });
    expect(dialog).toHaveTextContent(/keeps working until/);
    expect(requests(fetchMock, 'DELETE', '/subscription')).toHaveLength(0);

    const subscriptionReads = requests(fetchMock, 'GET', '/subscription').length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel plan' }));
    await waitFor(() => expect(requests(fetchMock, 'DELETE', '/subscription')).toHaveLength(1));
    await waitFor(() => expect(screen.getByText('Your plan ends in 20 days.')).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Cancel plan' })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(requests(fetchMock, 'GET', '/subscription').length).toBeGreaterThan(subscriptionReads),
    );
    expect(queryClient.getQueryState(queryKeys.currentUser)?.isInvalidated).toBe(true);
  });

  it('keeps the plan when the dialog is dismissed', async () => {
    const { fetchMock } = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your plan?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep my plan' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(requests(fetchMock, 'DELETE', '/subscription')).toHaveLength(0);
  });

  it("changes the payment method in the provider's billing portal, coming back to this page", async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const { fetchMock } = setup({
      handlers: {
        'POST /api/v1/billing_portal/sessions': () =>
          jsonResponse(200, {
            data: {
              id: 'bps_9',
              type: 'billing_portal_sessions',
              attributes: { url: 'https://portal.example/9' },
            },
          }),
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Change payment method' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://portal.example/9'));
    const [[, init]] = requests(fetchMock, 'POST', '/billing_portal/sessions') as [[string, RequestInit]];
    expect(JSON.parse(String(init.body)).data).toEqual({
      type: 'billing_portal_sessions',
      attributes: { return_url: '/my/account' },
    });
    expect(requests(fetchMock, 'PATCH', '/stripe_checkout/sessions')).toHaveLength(0);
  });

  it('says when there is no card on file yet, without the failure toast', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    setup({
      handlers: {
        'POST /api/v1/billing_portal/sessions': () =>
          jsonResponse(409, {
            errors: [
              {
                status: '409',
                code: 'conflict',
                title: 'Conflict',
                detail: 'There is no card on file yet. Choose a plan to add one.',
              },
            ],
          }),
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Change payment method' }));
    expect(
      await screen.findByText('There is no card on file yet. Choose a plan to add one.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Something went wrong/)).not.toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it('raises the failure toast when the provider fails', async () => {
    setup({
      handlers: {
        'POST /api/v1/billing_portal/sessions': () =>
          jsonResponse(502, {
            errors: [
              { status: '502', code: 'payment_provider_error', title: 'Bad gateway', detail: 'Try again.' },
            ],
          }),
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Change payment method' }));
    expect(await screen.findByText('Something went wrong. Try again.')).toBeInTheDocument();
  });

  it('hides change payment method when the server has no billing', async () => {
    setup({
      handlers: {
        'GET /api/v1/subscription': () =>
          jsonResponse(200, paidSubscription(20, { billing_configured: false })),
      },
    });
    expect(await screen.findByRole('button', { name: 'Cancel plan' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change payment method' })).not.toBeInTheDocument();
  });

  it('shows non-admins the plan and "Only admins can choose a plan", without actions', async () => {
    setup({ user: { company: { ...testUser().company!, roles: [] } } });
    expect(await screen.findByText('Only admins can choose a plan')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Change your plan' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel plan' })).not.toBeInTheDocument();
  });

  it('tells a deactivated admin the trial has ended and leads to the plan chooser page', async () => {
    setup({
      user: {
        subscription_plan: 'trial',
        subscription_status: 'trialing',
        trial_days_left: 0,
        deactivated_at: '2026-11-01T00:00:00Z',
        deactivated_reason: 'trial_expired',
      },
      handlers: {
        'GET /api/v1/subscription': () => jsonResponse(200, subscriptionDocument({ trial_days_left: 0 })),
      },
    });
    expect(
      await screen.findByText('Your free trial has ended. Choose a plan to keep using MeetWell.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Trial: \d+ days? left/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change your plan' })).toHaveAttribute('href', '/my/choose-plan');
    expect(screen.queryByRole('link', { name: 'Manage your team' })).not.toBeInTheDocument();
  });
});
