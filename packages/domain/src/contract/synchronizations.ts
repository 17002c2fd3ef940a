import { z } from 'zod';
import { endpoint } from './endpoint';
import { documentSchema, instantSchema, resourceSchema } from './jsonapi';

/** GET /synchronizations: the latest syncs, and in meta whether one runs and what period is synced. */
export const synchronizationAttributes = z.object({
  calendar_id: z.string().nullable(),
  kind: z.enum(['full', 'incremental']),
  status: z.enum(['running', 'succeeded', 'failed']),
  period_start: instantSchema.nullable(),
  period_end: instantSchema.nullable(),
  events_seen: z.number(),
  error: z.string().nullable(),
  started_at: instantSchema,
  finished_at: instantSchema.nullable(),
});

export const synchronizationListDocument = documentSchema(
  z.array(resourceSchema('synchronizations', synchronizationAttributes)),
  z.object({
    syncing: z.boolean(),
    needs_permission: z.boolean(),
    synced_from: instantSchema.nullable(),
    synced_to: instantSchema.nullable(),
  }),
);

/** GET or POST /meetings/sync: whether a re-sync was started, or one was already running. */
export const resyncDocument = documentSchema(
  resourceSchema(
    'synchronizations',
    z.object({ in_progress: z.boolean(), started: z.boolean(), calendars: z.number() }),
  ),
);

export const synchronizationEndpoints = {
  resyncStatus: endpoint({
    method: 'GET',
    path: '/api/v1/meetings/sync',
    summary: 'Re-sync every watched calendar (confirmed=true), or ask whether one is running',
    tags: ['calendars'],
    access: 'signed_in',
    query: z.object({
      confirmed: z.enum(['true', 'false']).optional(),
      period: z.string().max(40).optional(),
    }),
    response: { 200: resyncDocument },
    errors: [],
  }),
  resync: endpoint({
    method: 'POST',
    path: '/api/v1/meetings/sync',
    summary: 'Re-sync every watched calendar (unless one is running)',
    tags: ['calendars'],
    access: 'signed_in',
    response: { 200: resyncDocument },
    errors: [],
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/v1/synchronizations',
    summary: 'Recent calendar synchronizations and whether one is running',
    tags: ['calendars'],
    access: 'signed_in',
    response: { 200: synchronizationListDocument },
    errors: [],
  }),
};
