import { reportEndpoints } from '@meetwell/domain';
import { type FeatureRoutes, requireAuth } from '../../http/app';
import { route } from '../../http/endpoint';
import { document } from '../../http/jsonapi';
import { buildReport } from './build-report';
import { reportExportRoutes } from './export-routes';
import { parseRange, parseStatusFilter } from './params';
import { presentReport } from './presenter';
import { resolveReportScope } from './scope';
import { requestDaysBuild } from './warm-reports';

export const reportRoutes: FeatureRoutes = (app, ctx) => {
  reportExportRoutes(app, ctx);
  route(app, reportEndpoints.show, async (request) => {
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
  });
};
