import { anyReportDocument } from '@meetwell/domain';
import { type FeatureRoutes, requireAuth } from '../../http/app';
import { document } from '../../http/jsonapi';
import { buildReport } from './build-report';
import { reportExportRoutes } from './export-routes';
import { parseRange, parseStatusFilter, reportParams, reportQuery } from './params';
import { presentReport } from './presenter';
import { resolveReportScope } from './scope';
import { requestDaysBuild } from './warm-reports';

export const reportRoutes: FeatureRoutes = (app, ctx) => {
  reportExportRoutes(app, ctx);
  app.get(
    '/api/v1/reports/:kind',
    {
      schema: {
        tags: ['reports'],
        summary:
          'One report of the Review page for a date range: you (who=user), your team (who=team) or a group',
        params: reportParams,
        querystring: reportQuery,
        response: { 200: anyReportDocument },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const range = parseRange(request.query);
      const filter = parseStatusFilter(request.query.byAttendeeStatus);
      const scope = await resolveReportScope(ctx.db, user, request.query);
      const report = await buildReport(ctx.db, {
        scope,
        kind: request.params.kind,
        range,
        filter,
        // Jobs build roll-ups ahead of reads; a cold read builds what fits in this budget and answers with
        // the ready days (meta.partial) instead of making a person wait for a year of them.
        budgetMs: ctx.config.reportReadBudgetMs,
        onMissing: (days) => requestDaysBuild(ctx, days),
      });
      return document(presentReport(report, request.query.who), report.meta);
    },
  );
};
