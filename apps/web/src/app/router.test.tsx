import { DEFAULT_PAGE_TITLE as DEFAULT_TITLE, WEB_ROUTES } from '@meetwell/domain';
import { screen, waitFor } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderRoutes, SIGNED_OUT, signedIn } from '../test/utils';
import { routes } from './router';

describe('router', () => {
  it('renders the not-found page titled Missing for unknown paths', async () => {
    mockFetch({ 'GET /api/v1/users': SIGNED_OUT });
    renderRoutes(routes, { path: '/no/such/page' });
    expect(await screen.findByRole('heading', { name: 'Oh no! Are you lost?' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe('Missing | MeetWell'));
  });

  it('renders not-found for unknown paths inside the app area too', async () => {
    mockFetch(signedIn());
    renderRoutes(routes, { path: '/my/nope' });
    expect(await screen.findByRole('heading', { name: 'Oh no! Are you lost?' })).toBeInTheDocument();
  });

  it('sends signed-out visitors of /my/* to sign-in with the login modal open', async () => {
    mockFetch({
      'GET /api/v1/users': SIGNED_OUT,
      'GET /api/v1/auth/providers': () =>
        jsonResponse(200, {
          data: [],
          meta: { demo_enabled: false, email_enabled: false, slack_enabled: false },
        }),
    });
    const { router } = renderRoutes(routes, { path: '/my/plan' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.search).toBe('?login=true');
    expect(await screen.findByRole('dialog', { name: 'Log in / Sign up' })).toBeInTheDocument();
  });

  it('opens the app pages for a signed-in user, with the three top tabs and no footer', async () => {
    mockFetch(signedIn());
    const { router } = renderRoutes(routes, { path: '/review' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/my/review/you'));
    expect(await screen.findByRole('heading', { name: 'Review' })).toBeInTheDocument();
    expect(screen.getByText(/Ada Lovelace · This week/)).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'App' });
    expect(nav).toHaveTextContent('ReviewPlanBalance');
    expect(screen.getByText('Trial: 10 days left')).toBeInTheDocument();
    expect(await screen.findByText('Decline')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Auto-Balance/ })).toHaveAttribute('href', '/my/balance/action');
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
  });

  it('shows the Balance sub-navigation', async () => {
    mockFetch(signedIn());
    renderRoutes(routes, { path: '/my/balance/wellness-blocks' });
    expect(await screen.findByRole('tab', { name: 'Wellness blocks' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('tab', { name: 'Auto-balance' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Meeting evaluations' })).toBeInTheDocument();
  });

  it('renders the home page with the tagline title', async () => {
    mockFetch({ 'GET /api/v1/users': SIGNED_OUT });
    renderRoutes(routes, { path: '/' });
    expect(await screen.findAllByRole('button', { name: 'Try 14 days for free' })).not.toHaveLength(0);
    expect(screen.getAllByText('No credit card required')).not.toHaveLength(0);
    expect(screen.getByText('Cookies are for eating')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(DEFAULT_TITLE));
  });

  it('shows "Logging in..." on /session, then opens Review once the user is loaded', async () => {
    mockFetch(signedIn());
    const { router } = renderRoutes(routes, { path: '/session' });
    expect(await screen.findByText('Logging in...')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/my/review/you'));
  });

  it('sends deactivated accounts to the plan chooser page, saying the trial has ended', async () => {
    mockFetch(signedIn({ deactivated_at: '2025-01-01T00:00:00Z', deactivated_reason: 'trial_expired' }));
    const { router } = renderRoutes(routes, { path: '/my/plan' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/my/choose-plan'));
    expect(await screen.findByRole('heading', { name: 'Our plans' })).toBeInTheDocument();
    expect(
      screen.getByText('Your free trial has ended. Choose a plan to keep using MeetWell.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/You are on the free trial/)).not.toBeInTheDocument();
    expect(screen.getByText('Trial ended')).toBeInTheDocument();
  });

  it('sends an account whose paid plan ended to the plan chooser page too', async () => {
    mockFetch(
      signedIn({ subscription_plan: 'team-500', subscription_status: 'canceled', trial_days_left: null }),
    );
    const { router } = renderRoutes(routes, { path: '/my/review/you' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/my/choose-plan'));
    expect(
      await screen.findByText('Your plan has ended. Choose a plan to keep using MeetWell.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Plan ended')).toBeInTheDocument();
  });

  it('lets a deactivated account open its account screen, and the plan chooser over Balance leads to the page', async () => {
    mockFetch(signedIn({ deactivated_at: '2025-01-01T00:00:00Z', deactivated_reason: 'trial_expired' }));
    const { router } = renderRoutes(routes, { path: '/my/account' });
    expect(await screen.findByRole('heading', { name: 'Account' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/my/account');
    await router.navigate('/my/balance/action/choose-plan');
    await waitFor(() => expect(router.state.location.pathname).toBe('/my/choose-plan'));
  });

  it('opens the plan chooser over Balance at /my/balance/choose-plan', async () => {
    mockFetch(signedIn());
    renderRoutes(routes, { path: '/my/balance/choose-plan' });
    const dialog = await screen.findByRole('dialog', { name: 'Choose a plan' });
    expect(dialog).toHaveTextContent('Our plans');
    expect(screen.getByRole('tab', { name: 'Auto-balance' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('the routes the server knows', () => {
  /** Every full path the router answers (a catch-all `*` excepted). */
  function pathsOf(list: RouteObject[], parent = ''): string[] {
    return list.flatMap((route) => {
      const own =
        route.index === true
          ? parent || '/'
          : route.path === undefined
            ? parent
            : route.path.startsWith('/')
              ? route.path
              : `${parent === '/' ? '' : parent}/${route.path}`;
      const here = route.path === '*' ? [] : route.index || route.path !== undefined ? [own] : [];
      return [...here, ...pathsOf(route.children ?? [], own)];
    });
  }

  it("are exactly the router's paths (WEB_ROUTES is the one list both read)", () => {
    expect(new Set(pathsOf(routes))).toEqual(new Set(WEB_ROUTES));
  });
});
