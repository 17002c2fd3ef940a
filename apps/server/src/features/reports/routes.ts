import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { teamRoleOf } from '../../auth/policies';
import { companies } from '../../db/schema';
import { type FeatureRoutes, requireAuth } from '../../http/app';
import { forbidden, notFound } from '../../http/errors';
import { document, resource, resourceBody } from '../../http/jsonapi';
import { buildReport } from './build-report';
import { parseRange, parseStatusFilter, reportParams, reportQuery } from './params';
import { presentReport } from './presenter';
import { resolveReportScope } from './scope';

const teamAttributes = z.object({ average_annual_salary: z.number().int().min(0).max(100_000_000) }).strict();

export const reportRoutes: FeatureRoutes = (app, ctx) => {
  app.get(
    '/api/v1/reports/:kind',
    {
      schema: {
        tags: ['reports'],
        summary:
          'One report of the Review page for a date range: you (who=user), your team (who=team) or a group',
        params: reportParams,
        querystring: reportQuery,
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const range = parseRange(request.query);
      const filter = parseStatusFilter(request.query.byAttendeeStatus);
      const scope = await resolveReportScope(ctx.db, user, request.query);
      const report = await buildReport(ctx.db, { scope, kind: request.params.kind, range, filter });
      return document(presentReport(report, request.query.who), report.meta);
    },
  );

  // The team's average salary (team view of Review; admins only). Team management adds its own attributes here.
  app.patch(
    '/api/v1/teams/:id',
    {
      schema: {
        tags: ['teams'],
        summary: "Update the team's average annual salary (admins only)",
        params: z.object({ id: z.uuid({ error: 'must be a team id' }) }),
        body: resourceBody('teams', teamAttributes),
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const role = await teamRoleOf(ctx.db, user.id, request.params.id);
      if (!role) throw notFound('team');
      if (role !== 'admin') throw forbidden("Only the team's admins can change its average salary.");
      const [company] = await ctx.db
        .update(companies)
        .set({
          averageAnnualSalary: request.body.data.attributes.average_annual_salary,
          updatedAt: ctx.now(),
        })
        .where(eq(companies.id, request.params.id))
        .returning();
      if (!company) throw notFound('team');
      return document(
        resource('teams', company.id, {
          name: company.name,
          license_by: company.licenseBy,
          average_annual_salary: company.averageAnnualSalary,
        }),
      );
    },
  );
};
