import { notificationsStore } from '@mantine/notifications';
import { DEFAULT_ACTION_SETTINGS, DEFAULT_EVALUATION_SETTINGS } from '@meetwell/domain';
import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { configureApiClient } from '../api/client';
import { AppProviders } from '../app/AppProviders';
import { createQueryClient } from '../app/queryClient';
import { queryKeys } from '../session/queryKeys';
import type { CurrentUser } from '../session/types';
import { checkRequest } from './contract-requests';

export function createTestQueryClient(): QueryClient {
  const client = createQueryClient();
  client.setDefaultOptions({
    queries: { retry: false, staleTime: Number.POSITIVE_INFINITY },
    mutations: { retry: false },
  });
  return client;
}

/** Renders routes in a memory router with the app's providers; the API client navigates this router. */
export function renderRoutes(
  routes: RouteObject[],
  { path = '/', queryClient = createTestQueryClient() }: { path?: string; queryClient?: QueryClient } = {},
) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  configureApiClient({
    navigate: (to) => void router.navigate(to),
    onUnauthorized: () => queryClient.setQueryData(queryKeys.currentUser, null),
    onDeactivated: () => void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser }),
  });
  const view = render(
    <AppProviders queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}

/** One element at `path` (default '*') inside a memory router. */
export function renderPage(element: ReactNode, options: { path?: string; queryClient?: QueryClient } = {}) {
  return renderRoutes([{ path: '*', element }], options);
}

export function visibleToasts() {
  return notificationsStore.getState().notifications;
}

type Handler = (request: { url: string; init: RequestInit; body: unknown }) => Response | Promise<Response>;

export function jsonResponse(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/vnd.api+json' },
  });
}

/**
 * Stubs fetch with handlers keyed 'METHOD /path' (query string ignored for matching).
 * Unknown requests answer 404. Returns the mock to inspect calls.
 */
export function mockFetch(handlers: Record<string, Handler>) {
  const mock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.replace(/^https?:\/\/[^/]+/, '').split('?')[0];
    const handler = handlers[`${method} ${path}`];
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    checkRequest(method, path ?? '', body);
    if (!handler) return jsonResponse(404, { errors: [{ status: '404', title: 'Not Found' }] });
    return handler({ url, init, body });
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

export const SIGNED_OUT: Handler = () =>
  jsonResponse(401, { errors: [{ status: '401', title: 'Unauthorized' }] });

/** GET /users of a signed-in user, as the contract has it. */
export function userDocument(overrides: Partial<CurrentUser> = {}) {
  const { id = '7', ...attributes } = { ...testUser(), ...overrides };
  return { data: { id, type: 'users', attributes }, meta: { signed_in: true } };
}

export function testUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: '7',
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.com',
    domain: 'example.com',
    profile_image: null,
    time_zone: 'Europe/London',
    onboarded: true,
    goal_ids: [],
    identity_providers: [],
    wellness_block_color_preference: null,
    daily_report_card_events: false,
    dnd_slack: null,
    affiliate_token: 'abc123',
    annual_salary: 80_000,
    domains_allowlist: [],
    organizer_denylist: [],
    deactivated_reason: null,
    trial_ends_at: new Date(Date.now() + 10 * 86_400_000).toISOString(),
    communication_prefs: {
      email_reminders: true,
      email_weekly_reports: true,
      email_tips: true,
      all_communications: true,
      email_if_organizer: true,
    },
    is_demo: false,
    subscription_plan: 'trial',
    subscription_status: 'trialing',
    trial_days_left: 10,
    created_at: new Date(Date.now() - 4 * 86_400_000).toISOString(),
    company: {
      id: '3',
      name: 'Analytical Engines',
      license_by: 'domain',
      roles: ['billing_admin'],
      domains_allowlist: [],
      organizer_denylist: [],
    },
    deactivated_at: null,
    ...overrides,
  };
}

/** Handlers for a signed-in session: the user and the Auto-Balance settings of the header. */
export function signedIn(overrides: Partial<CurrentUser> = {}): Record<string, Handler> {
  return {
    'GET /api/v1/users': () => jsonResponse(200, userDocument(overrides)),
    'GET /api/v1/users/settings': () =>
      jsonResponse(200, {
        data: {
          id: '7',
          type: 'user_settings',
          attributes: {
            action_settings: {
              ...DEFAULT_ACTION_SETTINGS,
              non_compliance_action: 'decline',
              compliance_deadline: 12,
            },
            evaluation_settings: DEFAULT_EVALUATION_SETTINGS,
            default_action_settings: DEFAULT_ACTION_SETTINGS,
            default_evaluation_settings: DEFAULT_EVALUATION_SETTINGS,
            can_edit_evaluation_settings: false,
          },
        },
      }),
  };
}
