/**
 * CSV exports of the Review page (GET, text/csv): the meetings of a period, and the report's tables. They take
 * the report endpoints' query (start, end, who, user, group_id, byAttendeeStatus) and their access rules
 * (resolveReportScope: your own meetings, a member's for the team's admins, the team's for its members), and
 * are built from the same reports, so the files hold the figures the screen and the PDF show.
 */

import { Readable } from 'node:stream';
import {
  CSV_CONTENT_TYPE,
  exportFileName,
  exportTablesToRecords,
  MEETING_EXPORT_COLUMNS,
  type MeetingExportInput,
  meetingExportRecord,
  type ReportRowsByKind,
  type ReviewExportInput,
  reportEndpoints,
  reviewExportTables,
  toCsv,
} from '@meetwell/domain';
import type { FastifyReply } from 'fastify';
import type { Database } from '../../db/client';
import { type FeatureRoutes, requireAuth } from '../../http/app';
import { route } from '../../http/endpoint';
import { createSemaphore } from '../../lib/semaphore';
import { buildReport, type ReportOutput } from './build-report';
import { exportMeetingsInBatches } from './export-meetings';
import {
  parseRange,
  parseStatusFilter,
  type ReportKind,
  type ReportRange,
  type StatusFilter,
} from './params';
import { type ReportScope, resolveReportScope } from './scope';

function sendCsv(reply: FastifyReply, fileName: string, csv: string | Readable) {
  return reply
    .type(CSV_CONTENT_TYPE)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(csv);
}

type Built<K extends ReportKind> = ReportOutput & {
  rows: ReportRowsByKind[K];
  previous: ReportRowsByKind[K] | null;
};

/** Every report the Review page shows, as the report endpoint builds them. */
export async function reviewExportInput(
  db: Database,
  params: { scope: ReportScope; range: ReportRange; filter: StatusFilter },
): Promise<ReviewExportInput> {
  // One after the other: the first builds the scope's missing days, the others read them.
  const get = async <K extends ReportKind>(kind: K) =>
    (await buildReport(db, { ...params, kind })) as Built<K>;
  const averages = await get('averages');
  const costs = await get('duration_and_costs');
  const details = await get('duration_and_cost_details');
  const overtime = await get('overtime');
  const attendees = await get('average_attendees');
  const focus = await get('focus_block_conflict');
  const late = await get('scheduled_late');
  const compliant = await get('compliant_meetings');
  const scores = await get('average_scores_by');
  const nudges = await get('num_past_actions_by');
  return {
    averages,
    costs,
    details,
    overtime,
    attendees,
    focus,
    late,
    compliant,
    scores: { rows: scores.rows, leaderboard: scores.leaderboard ?? [] },
    nudges: { rows: nudges.rows, total: nudges.total },
  };
}

const whoLabel = (scope: ReportScope) => (scope.type === 'company' ? 'team' : 'you');

/** Meetings files sent at once by this process (each holds a database connection while it is read). */
const MEETING_FILES_AT_ONCE = 3;
const meetingFiles = createSemaphore(MEETING_FILES_AT_ONCE);

export const reportExportRoutes: FeatureRoutes = (app, ctx) => {
  route(app, reportEndpoints.exportMeetings, async (request, reply) => {
    const { user } = requireAuth(request);
    const range = parseRange(request.query);
    const filter = parseStatusFilter(request.query.byAttendeeStatus);
    const scope = await resolveReportScope(ctx.db, user, request.query);
    const options = { timeZone: scope.timeZone, annualSalary: scope.annualSalary };
    // Each file being sent holds a connection while its client reads: a few at a time, the others wait.
    const release = await meetingFiles.acquire();
    const batches = exportMeetingsInBatches(ctx.pool, { scope, filter, start: range.start, end: range.end });
    let first: IteratorResult<MeetingExportInput[], void>;
    try {
      // The first batch before the answer: a query that fails is a JSON:API error, not a file cut short.
      first = await batches.next();
    } catch (error) {
      release();
      throw error;
    }
    async function* file() {
      yield toCsv([MEETING_EXPORT_COLUMNS]);
      if (first.done) return;
      yield toCsv(
        first.value.map((m) => meetingExportRecord(m, options)),
        { bom: false },
      );
      for await (const batch of batches)
        yield toCsv(
          batch.map((m) => meetingExportRecord(m, options)),
          { bom: false },
        );
    }
    const body = Readable.from(file());
    // However the answer ends (sent, cut short, or never started), the reading stops and its connection goes back.
    body.once('close', () => {
      void batches.return().finally(release);
    });
    const name = exportFileName(['MeetWell', 'meetings', whoLabel(scope), range.start, range.end], 'csv');
    return sendCsv(reply, name, body);
  });

  route(app, reportEndpoints.exportReport, async (request, reply) => {
    const { user } = requireAuth(request);
    const range = parseRange(request.query);
    const filter = parseStatusFilter(request.query.byAttendeeStatus);
    const scope = await resolveReportScope(ctx.db, user, request.query);
    const input = await reviewExportInput(ctx.db, { scope, range, filter });
    const heading = [
      scope.type === 'company' ? 'MeetWell team review' : 'MeetWell review',
      `${range.start} to ${range.end}`,
      `Time zone ${scope.timeZone}`,
      `Invite status ${filter.key}`,
    ];
    const csv = toCsv(exportTablesToRecords(heading, reviewExportTables(input)));
    const name = exportFileName(['MeetWell', 'review', whoLabel(scope), range.start, range.end], 'csv');
    return sendCsv(reply, name, csv);
  });
};
