import { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { meetingKeys } from '../features/meeting/cache';
import { calendarKeys } from '../features/plan/calendars';
import { weekOf } from '../features/plan/week';
import { reportQueryKey } from '../features/review/api';
import { queryKeys } from '../session/queryKeys';
import { jsonResponse, mockFetch, userDocument } from '../test/utils';
import {
  accountLoader,
  balanceLoader,
  planLoader,
  preloadWith,
  reviewLoader,
  sessionLoader,
} from './preload';

const args = (url: string, params: Record<string, string> = {}) =>
  ({ params, request: new Request(`http://localhost${url}`), context: undefined }) as LoaderFunctionArgs;

/** Every request path asked for so far, with its query string. */
const asked = (fetch: ReturnType<typeof mockFetch>) =>
  fetch.mock.calls.map(([input]) => String(input).replace(/^https?:\/\/[^/]+/, ''));

afterEach(() => preloadWith(null));

describe('route preloading', () => {
  it('starts the session and the Review reports at navigation without waiting for them', async () => {
    const queryClient = new QueryClient();
    preloadWith(queryClient);
    // Answers that never come: a loader that waited would never return.
    const fetch = mockFetch({
      'GET /api/v1/users': () => new Promise(() => {}),
    });
    expect(sessionLoader(args('/my/review/team'))).toBeNull();
    expect(reviewLoader(args('/my/review/team?s=2025-03-01&e=2025-03-31', { view: 'team' }))).toBeNull();
    await expect.poll(() => asked(fetch).filter((url) => url.startsWith('/api/v1/reports/')).length).toBe(11);
    expect(asked(fetch)).toContain('/api/v1/users?session=optional');
    expect(asked(fetch)).toContain(
      '/api/v1/reports/averages?start=2025-03-01&end=2025-03-31&who=team&byAttendeeStatus=all',
    );
    // Under the keys the Review screen reads, so its queries pick up these requests.
    const params = { view: 'team' as const, start: '2025-03-01', end: '2025-03-31', statuses: ['all'] };
    expect(queryClient.getQueryState(reportQueryKey('user_counts', params))).toBeDefined();
    expect(queryClient.getQueryState(queryKeys.currentUser)?.fetchStatus).toBe('fetching');
  });

  it("starts the Plan week's meetings, the calendars and a meeting opened by link", async () => {
    const queryClient = new QueryClient();
    preloadWith(queryClient);
    const fetch = mockFetch({});
    expect(planLoader(args('/my/plan/meeting/m1?w=2025-03-12', { id: 'm1' }))).toBeNull();
    await expect.poll(() => asked(fetch).length).toBe(3);
    const week = weekOf(new Date(2025, 2, 12));
    expect(asked(fetch)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\/api\/v1\/meetings\?/),
        '/api/v1/calendars',
        '/api/v1/meetings/m1',
      ]),
    );
    expect(
      queryClient.getQueryState(meetingKeys.week(week.start.toISOString(), week.end.toISOString())),
    ).toBeDefined();
    expect(queryClient.getQueryState(calendarKeys.list(false))).toBeDefined();
    // It asked for the week's and the meeting's code too: let that arrive before the test environment goes.
    await Promise.all([import('../features/plan/WeekCalendar'), import('../features/meeting/MeetingModal')]);
  });

  it("asks for the Account calendars the way the person's calendars card will", async () => {
    const queryClient = new QueryClient();
    preloadWith(queryClient);
    const fetch = mockFetch({
      'GET /api/v1/users': () => jsonResponse(200, userDocument({ identity_providers: ['google'] })),
    });
    accountLoader(args('/my/account'));
    await expect.poll(() => asked(fetch)).toContain('/api/v1/calendars?external=true');
    expect(queryClient.getQueryState(calendarKeys.list(true))).toBeDefined();
  });

  it('starts the Balance settings at navigation, under the key its tabs and the header read', async () => {
    const queryClient = new QueryClient();
    preloadWith(queryClient);
    const fetch = mockFetch({ 'GET /api/v1/users/settings': () => new Promise(() => {}) });
    expect(balanceLoader(args('/my/balance/action', { view: 'action' }))).toBeNull();
    await expect.poll(() => asked(fetch)).toContain('/api/v1/users/settings');
    expect(queryClient.getQueryState(queryKeys.userSettings)?.fetchStatus).toBe('fetching');
  });

  it("does nothing without the app's client (tests render routes with their own)", async () => {
    const fetch = mockFetch({});
    expect(reviewLoader(args('/my/review/you', { view: 'you' }))).toBeNull();
    expect(sessionLoader(args('/my/review/you'))).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetch).not.toHaveBeenCalled();
  });
});
