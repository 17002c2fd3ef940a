import { z } from 'zod';
import { endpoint } from './endpoint';
import { documentSchema, instantSchema, resourceSchema } from './jsonapi';

/**
 * The signed-in person's work that stopped (GET /users/job_failures): a job done for them that failed for
 * good, when, and why (for support; the app says it in its own words). Its id is the job's name; POST
 * /users/job_failures/{job}/retry runs it again. Its next success removes it.
 */
export const JOB_FAILURE_KINDS = ['autobalance_user', 'reevaluate_user'] as const;
export type JobFailureKind = (typeof JOB_FAILURE_KINDS)[number];

export const jobFailureAttributes = z.object({
  job: z.enum(JOB_FAILURE_KINDS),
  reason: z.string(),
  failed_at: instantSchema,
});
export type JobFailureAttributes = z.infer<typeof jobFailureAttributes>;
const jobFailureResource = resourceSchema('job_failures', jobFailureAttributes);
export const jobFailureListDocument = documentSchema(z.array(jobFailureResource));
export const jobFailureDocument = documentSchema(jobFailureResource);

/** The signed-in person's stopped work (their own; nobody else's is ever listed or retried). */
export const jobFailureEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/v1/users/job_failures',
    summary:
      'Work MeetWell does for you that failed for good (auto-balance, scoring), until it next succeeds',
    tags: ['users'],
    access: 'signed_in',
    response: { 200: jobFailureListDocument },
    errors: [],
  }),
  retry: endpoint({
    method: 'POST',
    path: '/api/v1/users/job_failures/:job/retry',
    summary: 'Runs the failed work again now (its failure stays until it succeeds)',
    tags: ['users'],
    access: 'signed_in',
    params: z.object({ job: z.string().max(100) }),
    response: { 202: jobFailureDocument },
    errors: ['not_found'],
  }),
};
