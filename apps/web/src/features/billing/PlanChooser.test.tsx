import { PLANS } from '@meetwell/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router';
import { browser } from '../../lib/browser';
import { emojiPicture } from '../../lib/emoji';
import { queryKeys } from '../../session/queryKeys';
import type { CurrentUser } from '../../session/types';
import {
  createTestQueryClient,
  jsonResponse,
  mockFetch,
  renderRoutes,
  signedIn,
  testUser,
  userDocument,
  visibleToasts,
} from '../../test/utils';
import { ChoosePlanPage } from './ChoosePlanPage';
import { PlanChooser } from './PlanChooser';
import { subscriptionDocument } from './testing/subscriptionDocument';

type Handlers = Parameters<typeof mockFetch>[0];

const NOT_AN_ADMIN = { company: { ...testUser().company!, roles: [] } };

/** The plan chooser page at /my/choose-plan?from=menu, for a signed-in user. */
function setup(options: { user?: Partial<CurrentUser>; handlers?: Handlers } = {}) {
  const queryClient = createTestQueryClient();
  const user = testUser(options.user);
  queryClient.setQueryData(queryKeys.currentUser, user);
  const fetchMock = mockFetch({
    'GET /api/v1/users': () => jsonResponse(200, userDocument(options.user)),
    'GET /api/v1/subscription': () => jsonResponse(200, subscriptionDocument()),
    ...options.handlers,
  });
  const view = renderRoutes([{ path: '/my/choose-plan', element: <ChoosePlanPage /> }], {
    path: '/my/choose-plan?from=menu',
    queryClient,
  });
  return { ...view, fetchMock };
}

function calls(fetchMock: ReturnType<typeof mockFetch>, method: string, path: string) {
  return fetchMock.mock.calls.filter(
    ([url, init]) => (init?.method ?? 'GET') === method && String(url).split('?')[0] === `/api/v1${path}`,
  );
}

async function chooseSolo() {
  await userEvent.click(await screen.findByRole('radio', { name: 'Select Solo' }));
  await userEvent.click(screen.getByRole('button', { name: 'Choose Solo' }));
}

describe('plan chooser: choosing a plan', () => {
  it('lists Solo and Team (Trial hidden) under "Our plans" and "What you\'ll get"', async () => {
    setup();
    expect(await screen.findByRole('heading', { name: 'Our plans' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: "What you'll get" })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Solo plan' })).toHaveTextContent('Just you');
    const team = screen.getByRole('region', { name: 'Team plan' });
    expect(team).toHaveTextContent('$50/month');
    expect(screen.getByRole('region', { name: 'Solo plan' })).toHaveTextContent('$5/month');
    expect(within(team).getByRole('link', { name: 'Contact us' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:/),
    );
    expect(within(team).queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Trial plan' })).not.toBeInTheDocument();
    expect(screen.getByText('You are on the free trial: 10 days left.')).toBeInTheDocument();
  });

  it('keeps the choose button disabled until a plan is selected', async () => {
    setup();
    expect(await screen.findByRole('button', { name: 'Choose a plan' })).toBeDisabled();
    await userEvent.click(screen.getByRole('radio', { name: 'Select Solo' }));
    expect(screen.getByRole('button', { name: 'Choose Solo' })).toBeEnabled();
  });

  it('starts a checkout for the selected plan, coming back to this page, and goes to the returned url', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const { fetchMock } = setup({
      handlers: {
        'PATCH /api/v1/stripe_checkout/sessions': () =>
          jsonResponse(200, {
            data: { id: 'cs_1', type: 'checkout_sessions', attributes: { url: 'https://pay.example/cs_1' } },
          }),
      },
    });
    await chooseSolo();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example/cs_1'));
    const [[, init]] = calls(fetchMock, 'PATCH', '/stripe_checkout/sessions') as [[string, RequestInit]];
    expect(JSON.parse(String(init.body))).toEqual({
      data: {
        type: 'checkout_sessions',
        attributes: { key: 'team-500', success_url: '/my/choose-plan?from=menu' },
      },
    });
    expect(visibleToasts()).toHaveLength(0);
  });

  it('says the plan is updated and reloads the subscription and the user when no checkout is needed', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const { fetchMock } = setup({
      handlers: {
        'PATCH /api/v1/stripe_checkout/sessions': () =>
          jsonResponse(200, {
            data: { id: 'cs_2', type: 'checkout_sessions', attributes: { url: null } },
            included: [subscriptionDocument({ plan: 'team-500', status: 'active' }).data],
          }),
      },
    });
    await screen.findByRole('radio', { name: 'Select Solo' });
    const usersBefore = calls(fetchMock, 'GET', '/users').length;
    const subscriptionsBefore = calls(fetchMock, 'GET', '/subscription').length;
    await chooseSolo();
    await waitFor(() =>
      expect(visibleToasts().map((toast) => toast.message)).toContain('Your plan is updated.'),
    );
    await waitFor(() => expect(calls(fetchMock, 'GET', '/users').length).toBeGreaterThan(usersBefore));
    expect(calls(fetchMock, 'GET', '/subscription').length).toBeGreaterThan(subscriptionsBefore);
    expect(assign).not.toHaveBeenCalled();
  });

  it('explains a server without billing inline, without a toast', async () => {
    setup({
      handlers: {
        'PATCH /api/v1/stripe_checkout/sessions': () =>
          jsonResponse(409, {
            errors: [
              {
                status: '409',
                code: 'billing_not_configured',
                title: 'Conflict',
                detail: 'Billing is not configured on this server.',
              },
            ],
          }),
      },
    });
    expect(screen.queryByText('Billing is not configured on this server.')).not.toBeInTheDocument();
    await chooseSolo();
    expect(await screen.findByText('Billing is not configured on this server.')).toBeInTheDocument();
    expect(screen.getByText(/can extend your trial/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose Solo' })).toBeDisabled();
    expect(visibleToasts()).toHaveLength(0);
  });

  it('says so up front when the subscription reports billing is not configured', async () => {
    setup({
      handlers: {
        'GET /api/v1/subscription': () =>
          jsonResponse(200, subscriptionDocument({ billing_configured: false })),
      },
    });
    expect(await screen.findByText('Billing is not configured on this server.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Select Solo' }));
    expect(screen.getByRole('button', { name: 'Choose Solo' })).toBeDisabled();
  });

  it('shows a persistent "Something went wrong." toast followed by the message when the checkout fails', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    setup({
      handlers: {
        'PATCH /api/v1/stripe_checkout/sessions': () =>
          jsonResponse(502, {
            errors: [{ status: '502', title: 'Bad Gateway', detail: 'The payment provider did not answer.' }],
          }),
      },
    });
    await chooseSolo();
    await waitFor(() => expect(visibleToasts()).toHaveLength(1));
    const [toast] = visibleToasts();
    expect(toast?.message).toBe('Something went wrong. The payment provider did not answer.');
    expect(toast?.autoClose).toBe(false);
    expect(assign).not.toHaveBeenCalled();
    expect(screen.queryByText('Billing is not configured on this server.')).not.toBeInTheDocument();
  });

  it('marks a running paid plan as the current one, which cannot be chosen again', async () => {
    setup({
      user: { subscription_plan: 'team-500', subscription_status: 'active', trial_days_left: null },
      handlers: {
        'GET /api/v1/subscription': () =>
          jsonResponse(200, subscriptionDocument({ plan: 'team-500', status: 'active' })),
      },
    });
    const solo = await screen.findByRole('region', { name: 'Solo plan' });
    expect(within(solo).getByText('Current plan')).toBeInTheDocument();
    expect(within(solo).getByRole('radio', { name: 'Select Solo' })).toBeDisabled();
    expect(screen.getByText('You are on the Solo plan.')).toBeInTheDocument();
  });
});

describe('plan chooser: who may choose, and what it says', () => {
  it('disables selection for non-admins: "Only admins can choose a plan"', async () => {
    const { fetchMock } = setup({ user: NOT_AN_ADMIN });
    expect(await screen.findByText('Only admins can choose a plan')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Select Solo' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Choose a plan' })).toBeDisabled();
    expect(calls(fetchMock, 'PATCH', '/stripe_checkout/sessions')).toHaveLength(0);
  });

  it('tells a deactivated account its free trial has ended (no days-left line)', async () => {
    setup({
      user: {
        deactivated_at: '2026-11-01T00:00:00Z',
        deactivated_reason: 'trial_expired',
        trial_days_left: 0,
      },
    });
    expect(
      await screen.findByText('Your free trial has ended. Choose a plan to keep using MeetWell.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/You are on the free trial/)).not.toBeInTheDocument();
    // A deactivated admin still chooses: that is how the account comes back.
    expect(screen.getByRole('radio', { name: 'Select Solo' })).toBeEnabled();
  });

  it("counts the trial's last day in the singular, from the server's count", async () => {
    setup({ user: { trial_days_left: 1, created_at: '2020-01-01T00:00:00Z' } });
    expect(await screen.findByText('You are on the free trial: 1 day left.')).toBeInTheDocument();
  });

  it('replaces the actions with the sign-up prompt in marketing mode', async () => {
    const fetchMock = mockFetch({});
    renderRoutes([{ path: '*', element: <PlanChooser mode="marketing" order={1} /> }]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Our plans' })).toBeInTheDocument();
    expect(screen.getByText('Interested in this?')).toBeInTheDocument();
    expect(screen.getByText('Enjoy this feature and more when you sign up!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign me up!' })).toBeInTheDocument();
    expect(screen.getByText('Try 14 days for free. No credit card required.')).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Choose/ })).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('opening the plan chooser', () => {
  it("opens from the user menu's 'Change plan' (admins) over Balance, and closes to the action view", async () => {
    mockFetch({
      ...signedIn(),
      'GET /api/v1/subscription': () => jsonResponse(200, subscriptionDocument()),
    });
    const { router } = renderRoutes(routes, { path: '/my/account' });
    await userEvent.click(await screen.findByRole('button', { name: /Account menu/ }, { timeout: 5000 }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Change plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose a plan' }, { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/my/balance/action/choose-plan');
    expect(within(dialog).getByRole('radio', { name: 'Select Solo' })).toBeEnabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my/balance/action'));
  }, 20_000);
});

describe('plan pictures', () => {
  it('has a picture for every plan emoji (the domain names them, not the web sources)', () => {
    for (const plan of PLANS) expect(emojiPicture(plan.emoji), `${plan.id} ${plan.emoji}`).not.toBeNull();
  });
});
