import { personColor } from '@meetwell/domain';
// Report documents for the Review page's component tests (what GET /api/v1/reports/{kind} answers).
import type { CurrentUser } from '../../session/types';
import { jsonResponse, signedIn } from '../../test/utils';
import type { ReportKind, ReportRowsByKind } from './api';

const trend = (prev: number, growth: number, trending: 'up' | 'down' | 'flat') => ({
  prev_span_total: prev,
  prev_span_average: null,
  total_delta: 0,
  percent_growth: growth,
  trending,
});

const ROWS: ReportRowsByKind = {
  averages: {
    average: 81,
    average_exact: 80.75,
    quality_label: 'high',
    letter_grade: 'B-',
    good: 3,
    bad: 1,
    total: 4,
  },
  duration_and_costs: {
    total: 4,
    good: 3,
    bad: 1,
    meeting_duration: 9000,
    meeting_cost_total: 520,
    ave_cost_per_meeting: 130,
    annual_salary: 95_000,
    work_hours: 40,
    work_hours_spent: { spent_hours: 2.5, percent_of_time: 6.25 },
    members: null,
    spans_days: 7,
  },
  duration_and_cost_details: {
    organizers: [
      {
        email: 'ada@example.com',
        name: 'Ada Lovelace',
        profile_image: null,
        good_hours: 1,
        bad_hours: 0,
        total_hours: 1,
        count: 1,
        cost: 100,
        percent: 25,
        past_actions: 0,
      },
      {
        email: 'dana@vendor.example',
        name: 'Dana (Vendor)',
        profile_image: null,
        good_hours: 1,
        bad_hours: 0.5,
        total_hours: 1.5,
        count: 3,
        cost: 420,
        percent: 75,
        past_actions: 2,
      },
    ],
    categories: [
      { category: 'recurring', count: 1, hours: 0.5, cost: 40, percent: 25 },
      { category: 'single', count: 3, hours: 2, cost: 480, percent: 75 },
    ],
    intentions: [
      { intention: 'standup', label: 'Stand-up', count: 3, hours: 1.5, cost: 300, percent: 75 },
      { intention: 'none', label: 'None', count: 1, hours: 1, cost: 220, percent: 25 },
    ],
  },
  overtime: { total: 1, overtime_minutes: 30, overtime_hours: 0.5 },
  average_attendees: { average: 4.5, total: 4 },
  focus_block_conflict: { total: 2, meetings: 4, percent: 50 },
  scheduled_late: { total: 1, meetings: 4, percent: 25 },
  compliant_meetings: { compliant: 3, non_compliant: 1, total: 4, percent: 75 },
  average_scores_by: [
    { organizer_email: 'ada@example.com', day: '2025-03-10', average: 100, count: 1 },
    { organizer_email: 'dana@vendor.example', day: '2025-03-11', average: 22, count: 3 },
  ],
  num_past_actions_by: [{ day: '2025-03-11', count: 2 }],
  user_counts: { evaluatable_users: 3, total_users: 3 },
};

const TRENDS: Partial<Record<ReportKind, ReturnType<typeof trend>>> = {
  averages: trend(3, 5, 'up'),
  duration_and_costs: trend(5, -20, 'down'),
  overtime: trend(0, 100, 'up'),
  average_attendees: trend(4, 0, 'flat'),
  focus_block_conflict: trend(1, 100, 'up'),
  scheduled_late: trend(3, -66.67, 'down'),
};

export type ReportOverrides = Partial<{
  [K in ReportKind]: Partial<ReportRowsByKind[K]> | ReportRowsByKind[K];
}>;

/** The report of one kind: fixture rows (with overrides), trends on the trend kinds, the synced period in meta. */
export function reportDocument(
  kind: ReportKind,
  url: string,
  overrides: ReportOverrides = {},
  meta: Record<string, unknown> = {},
) {
  const query = new URL(url, 'http://localhost').searchParams;
  const base = ROWS[kind];
  const override = overrides[kind];
  const rows = Array.isArray(base) ? (override ?? base) : { ...base, ...(override ?? {}) };
  return {
    data: {
      type: 'reports',
      id: `${kind}:${query.get('who')}`,
      attributes: {
        name: kind,
        starts_at: query.get('start'),
        ends_at: query.get('end'),
        spans_days: 7,
        rows,
        trends: TRENDS[kind] ?? null,
        average: null,
        total: kind === 'num_past_actions_by' ? 2 : 4,
        previous: TRENDS[kind] ? rows : null,
        previous_starts_at: TRENDS[kind] ? '2025-03-03' : null,
        previous_ends_at: TRENDS[kind] ? '2025-03-09' : null,
        ...(kind === 'average_scores_by'
          ? {
              leaderboard: [
                {
                  organizer_email: 'ada@example.com',
                  name: 'Ada Lovelace',
                  profile_image: null,
                  average: 100,
                  count: 1,
                  nudges: 0,
                  color: personColor('ada@example.com'),
                },
                {
                  organizer_email: 'dana@vendor.example',
                  name: 'Dana (Vendor)',
                  profile_image: null,
                  average: 22,
                  count: 3,
                  nudges: 2,
                  color: personColor('dana@vendor.example'),
                },
              ],
            }
          : {}),
      },
    },
    meta: {
      time_zone: 'UTC',
      filter: 'all',
      synced_from: '2025-01-01T00:00:00Z',
      synced_to: '2025-06-01T00:00:00Z',
      ...meta,
    },
  };
}

const KINDS: ReportKind[] = [
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
  'user_counts',
];

/** fetch handlers: the signed-in user and every report kind. */
export function reviewHandlers(
  options: { user?: Partial<CurrentUser>; overrides?: ReportOverrides; meta?: Record<string, unknown> } = {},
) {
  const handlers: Record<
    string,
    (request: { url: string; init: RequestInit; body: unknown }) => Response | Promise<Response>
  > = {
    ...signedIn(options.user),
  };
  for (const kind of KINDS) {
    handlers[`GET /api/v1/reports/${kind}`] = ({ url }) =>
      jsonResponse(200, reportDocument(kind, url, options.overrides, options.meta));
  }
  return handlers;
}
