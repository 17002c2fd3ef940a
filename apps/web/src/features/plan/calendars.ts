// The calendars resource: one fetcher, one cache key family and one hook for every screen (Plan, Account,
// onboarding, the Wellness block drawer), typed and checked by the API contract.
import { type CalendarAttributes, calendarEndpoints } from '@meetwell/domain';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/endpoint';
import { queryKeys } from '../../session/queryKeys';

export type { CalendarAttributes } from '@meetwell/domain';

export interface CalendarItem extends CalendarAttributes {
  id: string;
}

export const calendarKeys = {
  all: queryKeys.calendars,
  list: (external: boolean) => [...queryKeys.calendars, { external }] as const,
};

/** While a calendar syncs, its row is asked for again now and then, in case a pushed status is missed. */
const SYNCING_POLL_MS = 5_000;

/** GET /calendars; external=true also asks the provider for calendars the user has not connected yet. */
export async function fetchCalendars(external = false): Promise<CalendarItem[]> {
  const doc = await call(calendarEndpoints.list, { query: { external: external ? 'true' : undefined } });
  return doc.data.map((resource) => ({ ...resource.attributes, id: resource.id }));
}

export function useCalendars(external = false) {
  return useQuery({
    queryKey: calendarKeys.list(external),
    queryFn: () => fetchCalendars(external),
    refetchInterval: (query) =>
      query.state.data?.some((c) => c.sync_status === 'queued' || c.sync_status === 'running')
        ? SYNCING_POLL_MS
        : false,
  });
}
