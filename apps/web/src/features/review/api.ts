// Report fetches of the Review page: GET /api/v1/reports/{kind}, one per kind (stats §7).

import { notifications } from '@mantine/notifications';
import type {
  ActionsPerDay,
  AverageAttendeesReport,
  AveragesReport,
  CompliantMeetingsReport,
  CountReport,
  DurationAndCostDetailsReport,
  DurationAndCostsReport,
  LeaderboardRow,
  OrganizerDayAverage,
  OvertimeReport,
  Trend,
} from '@meetwell/domain';
import { TOASTS } from '@meetwell/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type JsonApiResource, resourceBody } from '../../api/client';
import { queryKeys } from '../../session/queryKeys';
import type { UserAttributes } from '../../session/types';
import { toCurrentUser } from '../../session/useCurrentUser';
import type { ReviewView } from './reviewState';

export interface ReportRowsByKind {
  averages: AveragesReport;
  duration_and_costs: DurationAndCostsReport;
  duration_and_cost_details: DurationAndCostDetailsReport;
  overtime: OvertimeReport;
  average_attendees: AverageAttendeesReport;
  focus_block_conflict: CountReport;
  scheduled_late: CountReport;
  compliant_meetings: CompliantMeetingsReport;
  average_scores_by: OrganizerDayAverage[];
  num_past_actions_by: ActionsPerDay[];
  user_counts: { evaluatable_users: number; total_users: number };
}
export type ReportKind = keyof ReportRowsByKind;

/** The Report resource (type reports). */
export interface ReportAttributes<K extends ReportKind> {
  name: K;
  starts_at: string;
  ends_at: string;
  spans_days: number;
  rows: ReportRowsByKind[K];
  trends: Trend | null;
  average: number | null;
  total: number;
  previous: ReportRowsByKind[K] | null;
  leaderboard?: LeaderboardRow[];
}

export interface ReportMeta {
  time_zone?: string;
  synced_from?: string | null;
  synced_to?: string | null;
  syncing?: boolean;
  /** Calendars balanced in the report's scope. */
  calendars?: number;
}

export interface Report<K extends ReportKind> extends ReportAttributes<K> {
  meta: ReportMeta;
}

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
  const doc = await api.get<JsonApiResource<ReportAttributes<K>>>(`/reports/${kind}`, {
    query: {
      start: params.start,
      end: params.end,
      who: params.view === 'team' ? 'team' : 'user',
      byAttendeeStatus: params.statuses,
    },
  });
  return { ...doc.data.attributes, meta: doc.meta as ReportMeta };
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
    ...(options.retry !== undefined ? { retry: options.retry, retryDelay: options.retryDelay ?? 1000 } : {}),
  });
}

/** Average salary: the user's (you view, PATCH /users) or the team's (team view, PATCH /teams/{id}); then reports reload. */
export function useSaveSalary(target: { view: ReviewView; teamId: string | null }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (salary: number) => {
      if (target.view === 'team' && target.teamId) {
        await api.patch(`/teams/${target.teamId}`, resourceBody('teams', { average_annual_salary: salary }));
        return null;
      }
      const doc = await api.patch<JsonApiResource<UserAttributes>>(
        '/users',
        resourceBody('users', { annual_salary: salary }),
      );
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
    mutationFn: () => api.post('/meetings/sync'),
    onSuccess: () => {
      notifications.show({ color: 'brand', message: TOASTS.syncing });
      void queryClient.invalidateQueries({ queryKey: ['synchronizations'] });
    },
  });
}
