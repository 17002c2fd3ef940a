// Report fetches of the Review page: GET /api/v1/reports/{kind}, one per kind (stats §7).

import { notifications } from '@mantine/notifications';
import {
  type ReportKind,
  type ReportMeta,
  type ReportRowsByKind,
  type reportDocuments,
  reportEndpointOf,
  synchronizationEndpoints,
  teamEndpoints,
  userEndpoints,
} from '@meetwell/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../api/endpoint';
import { TOASTS } from '../../copy/texts';
import { queryKeys } from '../../session/queryKeys';
import { toCurrentUser } from '../../session/useCurrentUser';
import { PARTIAL_REPORT_REFETCH_MS } from './ReportProgressNote';
import type { ReviewView } from './reviewState';

export type { ReportKind, ReportMeta, ReportRowsByKind } from '@meetwell/domain';

/** What every kind's report has besides its rows (the contract's, read from one kind). */
type ReportBase = Omit<
  z.output<typeof reportDocuments.averages>['data']['attributes'],
  'name' | 'rows' | 'previous'
>;

/** The Report resource (type reports) of one kind, with the kind's rows. */
type ReportAttributes<K extends ReportKind> = ReportBase & {
  name: K;
  rows: ReportRowsByKind[K];
  previous: ReportRowsByKind[K] | null;
};

export type Report<K extends ReportKind> = ReportAttributes<K> & { meta: ReportMeta };

export interface ReportParams {
  view: ReviewView;
  start: string;
  end: string;
  statuses: string[];
}

export function reportQueryKey(kind: ReportKind, params: ReportParams) {
  return [
    ...queryKeys.reports,
    kind,
    params.view,
    params.start,
    params.end,
    params.statuses.join(','),
  ] as const;
}

export async function fetchReport<K extends ReportKind>(kind: K, params: ReportParams): Promise<Report<K>> {
  // Read with the document of `kind` (the route declares any kind's).
  const doc = await call(reportEndpointOf<ReportKind>(kind), {
    params: { kind },
    query: {
      start: params.start,
      end: params.end,
      who: params.view === 'team' ? 'team' : 'user',
      byAttendeeStatus: params.statuses.join(','),
    },
  });
  // The schema of `kind` read it: the rows are kind K's.
  return { ...(doc.data.attributes as ReportAttributes<K>), meta: doc.meta };
}

/** One report kind; `enabled: false` keeps it from loading (e.g. the team view without a team). */
export function useReport<K extends ReportKind>(
  kind: K,
  params: ReportParams,
  options: { enabled?: boolean; retry?: number; retryDelay?: number } = {},
) {
  return useQuery({
    queryKey: reportQueryKey(kind, params),
    queryFn: () => fetchReport(kind, params),
    enabled: options.enabled ?? true,
    placeholderData: (previous) => previous,
    // Some days are still being built on the server (meta.partial): read again until all are.
    refetchInterval: (query) => (query.state.data?.meta.partial ? PARTIAL_REPORT_REFETCH_MS : false),
    ...(options.retry !== undefined ? { retry: options.retry, retryDelay: options.retryDelay ?? 1000 } : {}),
  });
}

/** Average salary: the user's (you view, PATCH /users) or the team's (team view, PATCH /teams/{id}); then reports reload. */
export function useSaveSalary(target: { view: ReviewView; teamId: string | null }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (salary: number) => {
      if (target.view === 'team' && target.teamId) {
        await call(teamEndpoints.update, {
          params: { id: target.teamId },
          body: { data: { type: 'teams', attributes: { average_annual_salary: salary } } },
        });
        return null;
      }
      const doc = await call(userEndpoints.update, {
        body: { data: { type: 'users', attributes: { annual_salary: salary } } },
      });
      return doc.data;
    },
    onSuccess: async (user) => {
      if (user) queryClient.setQueryData(queryKeys.currentUser, toCurrentUser(user));
      notifications.show({ color: 'success', message: 'Average salary saved.' });
      await queryClient.invalidateQueries({ queryKey: queryKeys.reports });
    },
  });
}

/** Re-sync every watched calendar (POST /meetings/sync); the finished sync reloads the reports. */
export function useResync() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(synchronizationEndpoints.resync),
    onSuccess: () => {
      notifications.show({ color: 'brand', message: TOASTS.syncing });
      void queryClient.invalidateQueries({ queryKey: ['synchronizations'] });
    },
  });
}
