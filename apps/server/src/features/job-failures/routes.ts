import { JOB_FAILURE_KINDS, jobFailureEndpoints } from '@meetwell/domain';
import type { jobFailures } from '../../db/schema';
import { type FeatureRoutes, requireAuth } from '../../http/app';
import { route } from '../../http/endpoint';
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
  route(app, jobFailureEndpoints.list, async (request) => {
    const { user } = requireAuth(request);
    const rows = await ownedFailures(ctx, user.id);
    return document(
      rows.filter((r) => (JOB_FAILURE_KINDS as readonly string[]).includes(r.job)).map(presentFailure),
    );
  });

  route(app, jobFailureEndpoints.retry, async (request, reply) => {
    const { user } = requireAuth(request);
    const retried = await retryOwnedFailure(ctx, user.id, request.params.job);
    if (!retried) throw notFound('No failed work of that kind');
    return reply.code(202).send(document(presentFailure(retried)));
  });
};
