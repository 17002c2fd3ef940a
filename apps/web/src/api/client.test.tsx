import { useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  createTestQueryClient,
  jsonResponse,
  mockFetch,
  renderPage,
  renderRoutes,
  visibleToasts,
} from '../test/utils';
import {
  ApiError,
  api,
  apiUrl,
  ContractMismatchError,
  callByName,
  configureApiClient,
  readContract,
  resourceBody,
  VALIDATES_CONTRACT,
} from './client';
import { FALLBACK_ERROR_MESSAGE } from './errorToast';

const navigate = vi.fn();
const onUnauthorized = vi.fn();
const onDeactivated = vi.fn();

beforeEach(() => {
  navigate.mockReset();
  onUnauthorized.mockReset();
  onDeactivated.mockReset();
  configureApiClient({ navigate, onUnauthorized, onDeactivated });
});

const DEACTIVATED = () =>
  jsonResponse(403, {
    errors: [
      {
        status: '403',
        code: 'account_deactivated',
        title: 'Forbidden',
        detail: 'This account is deactivated.',
      },
    ],
  });

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

describe('api client', () => {
  it('sends JSON:API headers with same-origin credentials and parses data, included and meta', async () => {
    const fetchMock = mockFetch({
      'GET /api/v1/meetings': () =>
        jsonResponse(200, { data: [{ id: '1', type: 'meetings', attributes: {} }], meta: { total: 1 } }),
    });
    const doc = await api.get('/meetings', { query: { 'by_period[starts_at]': '2025-01-01', skip: null } });
    expect(doc).toEqual({
      data: [{ id: '1', type: 'meetings', attributes: {} }],
      included: [],
      meta: { total: 1 },
    });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/v1/meetings?by_period[starts_at]=2025-01-01');
    expect(init.credentials).toBe('same-origin');
    expect(init.headers).toMatchObject({ Accept: 'application/vnd.api+json' });
  });

  it('builds query strings with comma-joined arrays', () => {
    expect(apiUrl('reports', { byAttendeeStatus: ['confirmed', 'tentative'] })).toBe(
      '/api/v1/reports?byAttendeeStatus=confirmed%2Ctentative',
    );
  });

  it('sets X-CSRF-Token from the MWCsrf cookie on non-GET requests only', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the client reads document.cookie
    document.cookie = 'MWCsrf=token%2F123; Path=/';
    const fetchMock = mockFetch({
      'PATCH /api/v1/users': () => jsonResponse(200, { data: null }),
      'GET /api/v1/users': () => jsonResponse(200, { data: null, meta: { signed_in: false } }),
    });
    await api.patch('/users', resourceBody('users', { onboarded: true }));
    await api.get('/users');
    const [, patchInit] = fetchMock.mock.calls[0] as [string, RequestInit];
    const [, getInit] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect(patchInit.headers).toMatchObject({
      'X-CSRF-Token': 'token/123',
      'Content-Type': 'application/vnd.api+json',
    });
    expect(JSON.parse(String(patchInit.body))).toEqual({
      data: { type: 'users', attributes: { onboarded: true } },
    });
    expect(getInit.headers).not.toHaveProperty('X-CSRF-Token');
  });

  it('maps an error document to a typed ApiError', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({
      'POST /api/v1/invites': () =>
        jsonResponse(400, {
          errors: [
            {
              status: '400',
              title: 'Invalid attribute',
              detail: 'Email is not valid',
              source: { pointer: '/data/attributes/email' },
            },
          ],
        }),
    });
    const error = await failure(api.post('/invites', resourceBody('invites', { email: 'x' })));
    expect(error).toMatchObject({
      status: 400,
      title: 'Invalid attribute',
      detail: 'Email is not valid',
      pointer: '/data/attributes/email',
    });
    expect(navigate).not.toHaveBeenCalled();
    expect(console.error).toHaveBeenCalled();
  });

  it('gives status 0 when no response arrives', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const error = await failure(api.get('/tips'));
    expect(error.status).toBe(0);
  });

  it('signs out locally and opens sign-in on 401', async () => {
    mockFetch({
      'GET /api/v1/tips': () => jsonResponse(401, { errors: [{ status: '401', title: 'Unauthorized' }] }),
    });
    const error = await failure(api.get('/tips'));
    expect(error.status).toBe(401);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/?login=true');
  });

  it('redirects 422 to /needs-permission and 503 to /maintenance', async () => {
    mockFetch({
      'GET /api/v1/calendars': () =>
        jsonResponse(422, { errors: [{ status: '422', title: 'Insufficient scope' }] }),
      'GET /api/v1/goals': () => jsonResponse(503),
    });
    await failure(api.get('/calendars'));
    expect(navigate).toHaveBeenLastCalledWith('/needs-permission');
    await failure(api.get('/goals'));
    expect(navigate).toHaveBeenLastCalledWith('/maintenance');
  });

  it('sends a deactivated account to the plan chooser page, unless it is on a page it may use', async () => {
    mockFetch({ 'GET /api/v1/meetings': DEACTIVATED });
    window.history.replaceState(null, '', '/my/plan');
    const error = await failure(api.get('/meetings'));
    expect(error.code).toBe('account_deactivated');
    expect(onDeactivated).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/my/choose-plan');

    navigate.mockReset();
    for (const allowed of ['/my/account', '/my/choose-plan', '/pricing']) {
      window.history.replaceState(null, '', allowed);
      await failure(api.get('/meetings'));
    }
    expect(navigate).not.toHaveBeenCalled();
    expect(onDeactivated).toHaveBeenCalledTimes(4);
  });

  it('treats another 403 as an ordinary error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({
      'GET /api/v1/invites': () => jsonResponse(403, { errors: [{ status: '403', code: 'forbidden' }] }),
    });
    window.history.replaceState(null, '', '/my/plan');
    await failure(api.get('/invites'));
    expect(navigate).not.toHaveBeenCalled();
    expect(onDeactivated).not.toHaveBeenCalled();
  });

  it('does not redirect when the caller opts out', async () => {
    mockFetch({ 'GET /api/v1/users': () => jsonResponse(401) });
    await failure(api.get('/users', { redirectOnStatus: false }));
    expect(navigate).not.toHaveBeenCalled();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});

describe('api.get with a contract schema', () => {
  const greeting = z.object({
    data: z.object({
      type: z.literal('greetings'),
      id: z.string(),
      attributes: z.object({ text: z.string() }),
    }),
  });
  const answer = { data: { type: 'greetings', id: '1', attributes: { text: 'hello' } } };

  it('returns the document as the server sent it, typed by the schema', async () => {
    mockFetch({ 'GET /api/v1/test/greetings/1': () => jsonResponse(200, answer) });
    const doc = await api.get('/test/greetings/1', greeting);
    const text: string = doc.data.attributes.text;
    expect(text).toBe('hello');
    expect(doc).toEqual(answer);
  });

  it('fails loudly in tests when the answer drifts from the contract', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({
      'GET /api/v1/test/greetings/1': () =>
        jsonResponse(200, { data: { type: 'greetings', id: '1', attributes: { text: 7 } } }),
    });
    const error = await api.get('/test/greetings/1', greeting).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContractMismatchError);
    expect((error as ContractMismatchError).message).toContain('data.attributes.text');
    expect(errors).toHaveBeenCalled();
    errors.mockRestore();
  });

  it('only casts when validation is off, as in production', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const drifted = { data: { id: 1 } };
    expect(readContract(greeting, drifted, 'GET /greetings/1', false)).toBe(drifted);
    expect(() => readContract(greeting, drifted, 'GET /greetings/1', true)).toThrow(ContractMismatchError);
    errors.mockRestore();
  });

  it('validates in tests', () => {
    expect(VALIDATES_CONTRACT).toBe(true);
  });

  it('calls an endpoint named instead of imported, and checks its answer (what public pages use)', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const invoices = { data: [] };
    const seen: string[] = [];
    mockFetch({
      'GET /api/v1/invoices': () => jsonResponse(200, invoices),
      'GET /api/v1/subscription': () => jsonResponse(200, { data: { id: 's1', type: 'subscriptions' } }),
      'GET /api/v1/users': ({ url }: { url: string }) => {
        seen.push(url);
        return jsonResponse(200, { data: null, meta: { signed_in: false } });
      },
    });
    expect(await callByName('billing.invoices', 'GET /api/v1/invoices')).toEqual(invoices);
    expect(
      await callByName('users.current', 'GET /api/v1/users', { query: { session: 'optional' } }),
    ).toEqual({
      data: null,
      meta: { signed_in: false },
    });
    expect(seen).toEqual(['/api/v1/users?session=optional']);
    const error = await callByName('billing.subscription', 'GET /api/v1/subscription').catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ContractMismatchError);
    errors.mockRestore();
  });

  it("refuses a method and path that are not the named endpoint's", async () => {
    mockFetch({ 'GET /api/v1/invoices': () => jsonResponse(200, { data: [] }) });
    const wrong = 'GET /api/v1/invoices' as unknown as 'GET /api/v1/subscription';
    await expect(callByName('billing.subscription', wrong)).rejects.toThrow(
      'billing.subscription is GET /api/v1/subscription, not GET /api/v1/invoices',
    );
  });
});

function Reader({ path, silent = false }: { path: string; silent?: boolean }) {
  const query = useQuery({
    queryKey: ['test', path],
    queryFn: () => api.get(path),
    meta: silent ? { errorToast: false } : undefined,
  });
  return <p>{query.status}</p>;
}

describe('error toasts', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('shows a persistent toast with the fallback text and a Contact Support link', async () => {
    mockFetch({ 'GET /api/v1/tips': () => jsonResponse(500) });
    renderPage(<Reader path="/tips" />, { queryClient: createTestQueryClient() });
    expect(
      await screen.findByText(/Something is not right\.\.\. our nerds have been notified!/),
    ).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Contact Support' });
    expect(link).toHaveAttribute('href', 'mailto:support@meetwell.app');
    expect(screen.getByText(/with any questions\./)).toBeInTheDocument();
    expect(visibleToasts()).toHaveLength(1);
    expect(visibleToasts()[0]?.autoClose).toBe(false);
    expect(FALLBACK_ERROR_MESSAGE).toBe('Something is not right... our nerds have been notified!');
  });

  it("shows the server's message when the error has a detail", async () => {
    mockFetch({
      'GET /api/v1/tips': () =>
        jsonResponse(409, { errors: [{ status: '409', title: 'Conflict', detail: 'That tip is gone.' }] }),
    });
    renderPage(<Reader path="/tips" />);
    expect(await screen.findByText('That tip is gone.')).toBeInTheDocument();
    expect(screen.queryByText(/our nerds/)).not.toBeInTheDocument();
  });

  it('shows no toast for a deactivated account, which goes to the plan chooser and reloads the user', async () => {
    mockFetch({
      'GET /api/v1/tips': DEACTIVATED,
      'GET /api/v1/users': () => jsonResponse(200, { data: null, meta: { signed_in: false } }),
    });
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(['users', 'current'], null);
    window.history.replaceState(null, '', '/my/review');
    const { router } = renderRoutes(
      [
        { path: '/my/review', element: <Reader path="/tips" /> },
        { path: '/my/choose-plan', element: <p>the chooser</p> },
      ],
      { path: '/my/review', queryClient },
    );
    expect(await screen.findByText('the chooser')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/my/choose-plan');
    expect(queryClient.getQueryState(['users', 'current'])?.isInvalidated).toBe(true);
    expect(visibleToasts()).toHaveLength(0);
  });

  it('stays quiet for queries that opt out', async () => {
    mockFetch({ 'GET /api/v1/tips': () => jsonResponse(500) });
    renderPage(<Reader path="/tips" silent />);
    expect(await screen.findByText('error')).toBeInTheDocument();
    await waitFor(() => expect(visibleToasts()).toHaveLength(0));
  });
});
