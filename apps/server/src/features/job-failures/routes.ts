import { JOB_FAILURE_KINDS, jobFailureDocument, jobFailureListDocument } from '@meetwell/domain';
import { z } from 'zod';
import type { jobFailures } from '../../db/schema';
import { type FeatureRoutes, requireAuth } from '../../http/app';
import { notFound } from '../../http/errors';
import { document, resource } from '../../http/jsonapi';
import { ownedFailures, retryOwnedFailure } from '../../jobs/owned-failures';

function presentFailure(row: typeof jobFailures.$inferSelect) {
  return resource('job_failures', row.job, {
    job: row.job as (typeof JOB_FAILURE_KINDS)[number],
    reason: row.message,
    failed_at: row.failedAt.toISOString(),
  });
}

/** The signed-in person's stopped work (jobs/owned-failures.ts), and trying it again. */
export const jobFailureRoutes: FeatureRoutes = (app, ctx) => {
  app.get(
    '/api/v1/users/job_failures',
    {
      schema: {
        tags: ['users'],
        summary:
          'Work MeetWell does for you that failed for good (auto-balance, scoring), until it next succeeds',
        response: { 200: jobFailureListDocument },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const rows = await ownedFailures(ctx, user.id);
      return document(
        rows.filter((r) => (JOB_FAILURE_KINDS as readonly string[]).includes(r.job)).map(presentFailure),
      );
    },
  );

  app.post(
    '/api/v1/users/job_failures/:job/retry',
    {
      schema: {
        tags: ['users'],
        summary: 'Runs the failed work again now (its failure stays until it succeeds)',
        params: z.object({ job: z.string().max(100) }),
        response: { 202: jobFailureDocument },
      },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const retried = await retryOwnedFailure(ctx, user.id, request.params.job);
      if (!retried) throw notFound('No failed work of that kind');
      return reply.code(202).send(document(presentFailure(retried)));
    },
  );
};
