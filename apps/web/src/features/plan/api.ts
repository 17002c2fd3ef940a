import { synchronizationEndpoints } from '@meetwell/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { isApiError } from '../../api/client';
import { call } from '../../api/endpoint';
import { queryKeys } from '../../session/queryKeys';
import { fetchMeetingsInPeriod } from '../meeting/api';
import { meetingKeys } from '../meeting/cache';
import { fetchWellnessBlocks, type WellnessBlock } from '../wellness-blocks/api';
import type { Week } from './week';

export const syncKeys = {
  /** GET /synchronizations: whether a sync runs (invalidated when one is started or calendars change). */
  status: queryKeys.synchronizations,
};

/** While a sync runs, the Plan screen asks again every 3 seconds. */
const SYNC_POLL_MS = 3000;

export function useWeekMeetings(week: Week) {
  const startsAt = week.start.toISOString();
  const endsAt = week.end.toISOString();
  return useQuery({
    queryKey: meetingKeys.week(startsAt, endsAt),
    queryFn: () => fetchMeetingsInPeriod(startsAt, endsAt),
    refetchInterval: (query) => (query.state.data?.syncing ? SYNC_POLL_MS : false),
    placeholderData: (previous) => previous,
  });
}

/** GET /synchronizations: meta.syncing, polled every 3 s while true; the meetings reload when it ends. */
export function useSyncStatus() {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: syncKeys.status,
    queryFn: async () => (await call(synchronizationEndpoints.list)).meta,
    refetchInterval: (q) => (q.state.data?.syncing ? SYNC_POLL_MS : false),
    staleTime: 0,
    meta: { errorToast: false },
  });
  const syncing = query.data?.syncing === true;
  const wasSyncing = useRef(false);
  useEffect(() => {
    if (wasSyncing.current && !syncing) void queryClient.invalidateQueries({ queryKey: meetingKeys.all });
    wasSyncing.current = syncing;
  }, [syncing, queryClient]);
  return { syncing, isPending: query.isPending };
}

export type { WellnessBlock } from '../wellness-blocks/api';
export {
  type CalendarAttributes,
  type CalendarItem,
  calendarKeys,
  fetchCalendars,
  useCalendars,
} from './calendars';

/** The week's Wellness blocks; an API without the endpoint yet (404) shows none. */
export function useWeekWellnessBlocks(week: Week) {
  const from = week.start.toISOString();
  const to = week.end.toISOString();
  return useQuery({
    queryKey: ['wellness_blocks', 'plan-week', from, to],
    queryFn: async (): Promise<WellnessBlock[]> => {
      try {
        return await fetchWellnessBlocks(from, to);
      } catch (error) {
        if (isApiError(error) && (error.status === 404 || error.status === 405)) return [];
        throw error;
      }
    },
    retry: false,
    meta: { errorToast: false },
  });
}
