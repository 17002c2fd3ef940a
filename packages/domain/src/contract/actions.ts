import { z } from 'zod';
import { documentSchema, instantSchema, resourceSchema } from './jsonapi';

/** The actions resource of Auto-balance (GET /future_actions and /past_actions). */
export const actionAttributes = z.object({
  /** decline, remind, … */
  action: z.string(),
  /** scheduled (future); done, failed, prevented or ignored (past). */
  status: z.enum(['scheduled', 'done', 'cancelled', 'ignored', 'prevented', 'failed']),
  manual: z.boolean(),
  organizer_email: z.string().nullable(),
  meeting_id: z.string(),
  meeting_summary: z.string(),
  meeting_starts_at: instantSchema,
  meeting_ends_at: instantSchema,
  /** A sentence per violated rule. */
  details_negative: z.record(z.string(), z.string()),
  compliance_deadline: instantSchema.nullable(),
  /** Scheduled and past its deadline: it happens with the next run. */
  queued: z.boolean(),
  performed_at: instantSchema.nullable(),
  /** What the organizer wrote when preventing the decline. */
  organizer_notes: z.string().nullable(),
});
export type ActionAttributes = z.infer<typeof actionAttributes>;

export const actionListDocument = documentSchema(
  z.array(resourceSchema('actions', actionAttributes)),
  z.object({ starts_at: instantSchema, ends_at: instantSchema }),
);
