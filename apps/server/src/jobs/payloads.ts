import { z } from 'zod';
import { ACTION_EMAIL_KINDS } from '../features/autobalance/email-kinds';

/**
 * Every job's name and the schema of its payload (checked when enqueued and again when run), apart from what
 * the jobs do. The context's queue (job-queue.ts) depends on these names and shapes only, never on the job
 * modules, which depend on the context: the types run one way. Each job in registry.ts takes its schema from
 * here (`payload: jobPayloads.<name>`); registry.ts fails to compile when a name has no job or a job another
 * schema. Keep payloads JSON-shaped (ISO strings, not Dates).
 */
export const jobPayloads = {
  cleanup_expired_sessions: z.object({}),
  sync_calendar: z.object({
    calendarId: z.uuid(),
    mode: z.enum(['full', 'incremental']),
    /** Times the provider already asked us to wait for this sync. */
    deferrals: z.number().int().min(0).default(0),
  }),
  daily_full_sync: z.object({}),
  poll_calendars: z.object({}),
  release_dead_syncs: z.object({}),
  renew_webhooks: z.object({ calendarId: z.uuid().optional() }),
  reevaluate_user: z.object({ userId: z.uuid() }),
  autobalance_user: z.object({ userId: z.uuid() }),
  autobalance_email: z.object({ actionId: z.uuid(), kind: z.enum(ACTION_EMAIL_KINDS) }),
  autobalance_decline: z.object({ actionId: z.uuid() }),
  autobalance_sweep: z.object({}),
  slack_dnd_user: z.object({ userId: z.uuid() }),
  slack_dnd_sweep: z.object({}),
  warm_reports: z.union([
    z.object({ userId: z.uuid() }),
    z.object({ scopeId: z.uuid(), filter: z.string().max(200), from: z.iso.date(), to: z.iso.date() }),
  ]),
  unsubscribe_confirmation: z.object({ email: z.string().max(320) }),
  expire_trials: z.object({}),
  sign_in_link_email: z.object({ linkId: z.uuid(), sealedToken: z.string().min(1) }),
  weekly_mails_sweep: z.object({}),
  weekly_report_email: z.object({ userId: z.uuid(), weekStart: z.iso.date() }),
  tip_email: z.object({ userId: z.uuid(), slotStart: z.iso.datetime() }),
  daily_report_events_sweep: z.object({}),
  daily_report_event: z.object({ userId: z.uuid(), date: z.iso.date() }),
  connection_broken_email: z.object({ calendarId: z.uuid(), brokenAt: z.iso.datetime() }),
  demo_expiry: z.object({}),
  demo_pool_refill: z.object({ timeZone: z.string().min(1).max(100) }),
} as const;

export type JobPayloadSchemas = typeof jobPayloads;
export type JobName = keyof JobPayloadSchemas & string;
