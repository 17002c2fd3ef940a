import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { userSettingsQuery } from '../features/balance/api';
import { fetchMeeting, fetchMeetingsInPeriod } from '../features/meeting/api';
import { meetingKeys } from '../features/meeting/cache';
import { calendarKeys, fetchCalendars } from '../features/plan/calendars';
import { meetingModalCode, weekCalendarCode } from '../features/plan/code';
import { parseWeekParam, weekOf } from '../features/plan/week';
import { fetchReport, reportQueryKey } from '../features/review/api';
import { isReviewView, rangeFromSearch, statusesFromSegment, todayIso } from '../features/review/reviewState';
import { queryKeys } from '../session/queryKeys';
import { fetchCurrentUser } from '../session/useCurrentUser';

/**
 * What a screen needs is asked for when the route is entered, beside its code (route loaders), instead of
 * after the code arrived, the layout rendered and the session answered: the session (GET /users) and the
 * first screen's queries go out at once, in parallel with the route's chunks. A loader never waits for its
 * requests (the screen renders at once and its queries pick up the requests in flight). The few functions
 * that name those requests (keys, dates, fetchers: a few kB) are in the app's entry, so the requests go out
 * as the router starts, not after a chunk of their own arrived. Without a client (tests render routes with
 * their own), loaders do nothing.
 */
let client: QueryClient | null = null;

export function preloadWith(queryClient: QueryClient | null): void {
  client = queryClient;
}

/** A loader that starts `preload` with the app's client and lets the route render at once. */
function loader(preload: (queryClient: QueryClient, args: LoaderFunctionArgs) => Promise<unknown>) {
  return (args: LoaderFunctionArgs) => {
    if (client) void preload(client, args).catch(() => {});
    return null;
  };
}

/** /my/*: the session, as useCurrentUser asks for it. */
export const sessionLoader = loader((queryClient) =>
  queryClient.prefetchQuery({
    queryKey: queryKeys.currentUser,
    queryFn: fetchCurrentUser,
    staleTime: 5 * 60_000,
  }),
);

/** /my/review/{view}/{statusFilter}?s=&e=: the view's reports for the range, as the Review screen asks. */
export const reviewLoader = loader(async (queryClient, { params, request }) => {
  const view = params.view ?? 'you';
  if (!isReviewView(view)) return;
  const search = new URL(request.url).searchParams;
  const range = rangeFromSearch(search, todayIso());
  const reportParams = {
    view,
    start: range.start,
    end: range.end,
    statuses: statusesFromSegment(params.statusFilter),
  };
  const kinds = [
    'averages',
    'duration_and_costs',
    'duration_and_cost_details',
    'overtime',
    'average_attendees',
    'focus_block_conflict',
    'scheduled_late',
    'compliant_meetings',
    'average_scores_by',
    'num_past_actions_by',
    ...(view === 'team' ? (['user_counts'] as const) : []),
  ] as const;
  await Promise.all(
    kinds.map((kind) =>
      queryClient.prefetchQuery({
        queryKey: reportQueryKey(kind, reportParams),
        queryFn: () => fetchReport(kind, reportParams),
      }),
    ),
  );
});

/** As useIsMobile: phones get the Plan week as a list, without the calendar's code. */
const isPhone = () => typeof window !== 'undefined' && window.matchMedia?.('(max-width: 47.99em)').matches;

/**
 * /my/plan?w= (and a meeting opened on it): the week's meetings, the calendars, the meeting; and the code the
 * screen would ask for only once it rendered (the desktop week calendar, the meeting's dialog), so it comes
 * beside the page's instead of after it.
 */
export const planLoader = loader(async (queryClient, { params, request }) => {
  const selected = parseWeekParam(new URL(request.url).searchParams.get('w'));
  if (selected === 'invalid') return;
  const week = weekOf(selected ?? new Date());
  const startsAt = week.start.toISOString();
  const endsAt = week.end.toISOString();
  const requests = Promise.all([
    queryClient.prefetchQuery({
      queryKey: meetingKeys.week(startsAt, endsAt),
      queryFn: () => fetchMeetingsInPeriod(startsAt, endsAt),
    }),
    queryClient.prefetchQuery({
      queryKey: calendarKeys.list(false),
      queryFn: () => fetchCalendars(false),
    }),
    params.id &&
      queryClient.prefetchQuery({
        queryKey: meetingKeys.detail(params.id),
        queryFn: () => fetchMeeting(params.id!),
        retry: false,
      }),
  ]);
  // After the requests, which would otherwise wait behind the code's (six at a time over HTTP/1.1), the code in
  // the order the screen shows it: a meeting's dialog (by link), then the page's own chunk (asked for by
  // screen() once this loader has returned, at the await below), then the week calendar, which a dialog opened by
  // link does not wait for.
  if (params.id) void meetingModalCode().catch(() => {});
  await Promise.resolve();
  if (!isPhone()) void weekCalendarCode().catch(() => {});
  await requests;
});

/**
 * /my/balance/*: the settings every tab shows (the header asks for them too, but only once the shell has the
 * session), beside the screen's code.
 */
export const balanceLoader = loader((queryClient) => queryClient.prefetchQuery(userSettingsQuery));

/** /my/account: the calendars list (with the provider's other calendars for a person signed in by one). */
export const accountLoader = loader(async (queryClient) => {
  const user = await queryClient.ensureQueryData({
    queryKey: queryKeys.currentUser,
    queryFn: fetchCurrentUser,
  });
  if (!user) return;
  const external = (user.identity_providers ?? []).length > 0;
  await queryClient.prefetchQuery({
    queryKey: calendarKeys.list(external),
    queryFn: () => fetchCalendars(external),
  });
});
