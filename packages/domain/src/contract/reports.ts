import { z } from 'zod';
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
} from '../reports/index';
import type { ReportProgress } from '../reports/membership';
import type { Trend } from '../reports/trend';
import { endpoint } from './endpoint';
import { documentSchema, instantSchema, resourceSchema } from './jsonapi';
import { letterGradeSchema, qualityLabelSchema } from './meetings';

/**
 * The reports resource (GET /reports/{kind}): the figures of each kind are the domain's report functions'
 * (reports/); each schema here is checked against their types (`satisfies`).
 */

const count = { total: z.number(), meetings: z.number(), percent: z.number() };
const breakdown = { count: z.number(), hours: z.number(), cost: z.number(), percent: z.number() };

/** The figures of each kind, by kind. */
export const reportRowsSchemas = {
  averages: z.object({
    average: z.number().nullable(),
    average_exact: z.number().nullable(),
    quality_label: qualityLabelSchema.nullable(),
    letter_grade: letterGradeSchema.nullable(),
    good: z.number(),
    bad: z.number(),
    total: z.number(),
  }) satisfies z.ZodType<AveragesReport>,
  duration_and_costs: z.object({
    total: z.number(),
    good: z.number(),
    bad: z.number(),
    meeting_duration: z.number(),
    meeting_cost_total: z.number(),
    ave_cost_per_meeting: z.number(),
    annual_salary: z.number(),
    work_hours: z.number(),
    work_hours_spent: z.object({ spent_hours: z.number(), percent_of_time: z.number() }),
    members: z.number().nullable(),
    spans_days: z.number(),
  }) satisfies z.ZodType<DurationAndCostsReport>,
  duration_and_cost_details: z.object({
    organizers: z.array(
      z.object({
        email: z.string(),
        name: z.string().nullable(),
        profile_image: z.string().nullable(),
        good_hours: z.number(),
        bad_hours: z.number(),
        total_hours: z.number(),
        count: z.number(),
        cost: z.number(),
        percent: z.number(),
        past_actions: z.number(),
      }),
    ),
    categories: z.array(z.object({ category: z.enum(['recurring', 'single']), ...breakdown })),
    intentions: z.array(z.object({ intention: z.string(), label: z.string(), ...breakdown })),
  }) satisfies z.ZodType<DurationAndCostDetailsReport>,
  overtime: z.object({
    total: z.number(),
    overtime_minutes: z.number(),
    overtime_hours: z.number(),
  }) satisfies z.ZodType<OvertimeReport>,
  average_attendees: z.object({
    average: z.number(),
    total: z.number(),
  }) satisfies z.ZodType<AverageAttendeesReport>,
  focus_block_conflict: z.object(count) satisfies z.ZodType<CountReport>,
  scheduled_late: z.object(count) satisfies z.ZodType<CountReport>,
  compliant_meetings: z.object({
    compliant: z.number(),
    non_compliant: z.number(),
    total: z.number(),
    percent: z.number(),
  }) satisfies z.ZodType<CompliantMeetingsReport>,
  average_scores_by: z.array(
    z.object({ organizer_email: z.string(), day: z.string(), average: z.number(), count: z.number() }),
  ) satisfies z.ZodType<OrganizerDayAverage[]>,
  num_past_actions_by: z.array(z.object({ day: z.string(), count: z.number() })) satisfies z.ZodType<
    ActionsPerDay[]
  >,
  user_counts: z.object({ evaluatable_users: z.number(), total_users: z.number() }),
};
export type ReportKind = keyof typeof reportRowsSchemas;
export type ReportRowsByKind = { [K in ReportKind]: z.infer<(typeof reportRowsSchemas)[K]> };

export const trendSchema = z.object({
  prev_span_total: z.number(),
  prev_span_average: z.number().nullable(),
  total_delta: z.number(),
  percent_growth: z.number().nullable(),
  trending: z.enum(['up', 'down', 'flat']),
}) satisfies z.ZodType<Trend>;

export const leaderboardRowSchema = z.object({
  organizer_email: z.string(),
  name: z.string().nullable(),
  profile_image: z.string().nullable(),
  average: z.number(),
  count: z.number(),
  nudges: z.number(),
  color: z.string(),
}) satisfies z.ZodType<LeaderboardRow>;

/** What every report's meta says; the averages add the synced period, average_scores_by its organizers. */
export const reportMetaSchema = z.object({
  time_zone: z.string(),
  /** The attendee-status filter the figures were read with. */
  filter: z.string(),
  synced_from: instantSchema.nullable().optional(),
  synced_to: instantSchema.nullable().optional(),
  syncing: z.boolean().optional(),
  /** Calendars balanced in the report's scope. */
  calendars: z.number().optional(),
  chart_organizers: z.array(z.string()).optional(),
  organizers: z.number().optional(),
  /**
   * Present while some days of the report (its span and, for trends, the span before) are still being built
   * in the background: the figures cover the ready days only, and a read a little later has more.
   */
  partial: z
    .object({ ready_days: z.number(), total_days: z.number(), percent: z.number() })
    .optional() satisfies z.ZodType<ReportProgress | undefined>,
});
export type ReportMeta = z.infer<typeof reportMetaSchema>;

function reportDocumentOf<const K extends ReportKind, R extends z.ZodType>(kind: K, rows: R) {
  return documentSchema(
    resourceSchema(
      'reports',
      z.object({
        name: z.literal(kind),
        starts_at: z.string(),
        ends_at: z.string(),
        spans_days: z.number(),
        rows,
        trends: trendSchema.nullable(),
        average: z.number().nullable(),
        total: z.number(),
        /** The previous span's figures (trend kinds). */
        previous: rows.nullable(),
        previous_starts_at: z.string().nullable(),
        previous_ends_at: z.string().nullable(),
        /** average_scores_by only. */
        leaderboard: z.array(leaderboardRowSchema).optional(),
      }),
    ),
    reportMetaSchema,
  );
}

/** GET /reports/{kind}, one document schema per kind. */
export const reportDocuments = {
  averages: reportDocumentOf('averages', reportRowsSchemas.averages),
  duration_and_costs: reportDocumentOf('duration_and_costs', reportRowsSchemas.duration_and_costs),
  duration_and_cost_details: reportDocumentOf(
    'duration_and_cost_details',
    reportRowsSchemas.duration_and_cost_details,
  ),
  overtime: reportDocumentOf('overtime', reportRowsSchemas.overtime),
  average_attendees: reportDocumentOf('average_attendees', reportRowsSchemas.average_attendees),
  focus_block_conflict: reportDocumentOf('focus_block_conflict', reportRowsSchemas.focus_block_conflict),
  scheduled_late: reportDocumentOf('scheduled_late', reportRowsSchemas.scheduled_late),
  compliant_meetings: reportDocumentOf('compliant_meetings', reportRowsSchemas.compliant_meetings),
  average_scores_by: reportDocumentOf('average_scores_by', reportRowsSchemas.average_scores_by),
  num_past_actions_by: reportDocumentOf('num_past_actions_by', reportRowsSchemas.num_past_actions_by),
  user_counts: reportDocumentOf('user_counts', reportRowsSchemas.user_counts),
} satisfies Record<ReportKind, z.ZodType>;

/** Any kind's figures, each kind's exact keys only (strict), so no kind is read as another's. */
const anyReportRows = z.union([
  reportRowsSchemas.averages.strict(),
  reportRowsSchemas.duration_and_costs.strict(),
  reportRowsSchemas.duration_and_cost_details.strict(),
  reportRowsSchemas.overtime.strict(),
  reportRowsSchemas.average_attendees.strict(),
  reportRowsSchemas.focus_block_conflict.strict(),
  reportRowsSchemas.compliant_meetings.strict(),
  reportRowsSchemas.user_counts.strict(),
  z.array(reportRowsSchemas.average_scores_by.element.strict()),
  z.array(reportRowsSchemas.num_past_actions_by.element.strict()),
]);
export type AnyReportRows = z.infer<typeof anyReportRows>;

/**
 * GET /reports/{kind} as the route declares it (one route for every kind): the name is any kind and the
 * figures any kind's. The web reads each kind with its own `reportDocuments[kind]`.
 */
export const anyReportDocument = documentSchema(
  resourceSchema(
    'reports',
    z.object({
      name: z.enum(Object.keys(reportRowsSchemas) as [ReportKind, ...ReportKind[]]),
      starts_at: z.string(),
      ends_at: z.string(),
      spans_days: z.number(),
      rows: anyReportRows,
      trends: trendSchema.nullable(),
      average: z.number().nullable(),
      total: z.number(),
      previous: anyReportRows.nullable(),
      previous_starts_at: z.string().nullable(),
      previous_ends_at: z.string().nullable(),
      leaderboard: z.array(leaderboardRowSchema).optional(),
    }),
  ),
  reportMetaSchema,
);

/** Every report kind of the spec (stats §3), one fetch each (§7), in the order the Review page reads them. */
export const REPORT_KINDS = Object.keys(reportRowsSchemas) as [ReportKind, ...ReportKind[]];

export const reportParams = z.object({
  kind: z.enum(REPORT_KINDS, { error: `kind must be one of ${REPORT_KINDS.join(', ')}` }),
});

/**
 * What a report (and its CSV exports) reads: the inclusive date range, whose meetings (you, your team, a
 * member's for the team's admins, a group), and the invite statuses kept (comma-separated; all by default).
 */
export const reportQuery = z.object({
  start: z.iso.date({ error: 'start must be a date (YYYY-MM-DD)' }),
  end: z.iso.date({ error: 'end must be a date (YYYY-MM-DD)' }),
  who: z.enum(['user', 'team', 'group']).default('user'),
  user: z.uuid({ error: 'user must be a user id' }).optional(),
  group_id: z.uuid({ error: 'group_id must be a team id' }).optional(),
  byAttendeeStatus: z.string().max(200).optional(),
});

/** Another team's (or member's) report is not found; a member's report for a non-admin is forbidden. */
const reportErrors = ['forbidden', 'not_found'] as const;

export const reportEndpoints = {
  show: endpoint({
    method: 'GET',
    path: '/api/v1/reports/:kind',
    summary:
      'One report of the Review page for a date range: you (who=user), your team (who=team) or a group',
    tags: ['reports'],
    access: 'signed_in',
    params: reportParams,
    query: reportQuery,
    response: { 200: anyReportDocument },
    errors: reportErrors,
  }),
  // The CSV exports answer text/csv: no JSON:API document to declare.
  exportMeetings: endpoint({
    method: 'GET',
    path: '/api/v1/reports/export/meetings.csv',
    summary:
      'The meetings of a period as CSV (text/csv, UTF-8 with BOM): title, start, end, organizer, attendees, duration, cost, score, grade and each rule; the report endpoints’ query and access',
    tags: ['reports'],
    access: 'signed_in',
    query: reportQuery,
    errors: reportErrors,
  }),
  exportReport: endpoint({
    method: 'GET',
    path: '/api/v1/reports/export/report.csv',
    summary:
      'The Review report’s tables as CSV (report card, leaderboard, intentions, recurring, organizers), the figures the page and its PDF show; the report endpoints’ query and access',
    tags: ['reports'],
    access: 'signed_in',
    query: reportQuery,
    errors: reportErrors,
  }),
};

/**
 * GET /reports/{kind} as one kind answers it: the same endpoint, its answer read with the kind's own document
 * (the route declares any kind's; the web app checks each answer against its kind's).
 */
export const reportEndpointOf = <K extends ReportKind>(kind: K) =>
  endpoint({ ...reportEndpoints.show, response: { 200: reportDocuments[kind] } });
