import {
  autoBalanceDeclineJob,
  autoBalanceEmailJob,
  autoBalanceSweepJob,
  autoBalanceUserJob,
} from '../features/autobalance/autobalance.jobs';
import { expireTrialsJob } from '../features/billing/expire-trials.job';
import { connectionBrokenEmailJob } from '../features/calendars/connection-health/connection-broken-email.job';
import {
  dailyFullSyncJob,
  pollCalendarsJob,
  releaseDeadSyncsJob,
} from '../features/calendars/sync/scheduled-syncs.job';
import { syncCalendarJob } from '../features/calendars/sync/sync-calendar.job';
import { renewWebhooksJob } from '../features/calendars/webhooks/renew-webhooks.job';
import { unsubscribeConfirmationJob } from '../features/communications/unsubscribe-confirmation.job';
import {
  dailyReportEventJob,
  dailyReportEventsSweepJob,
} from '../features/daily-report-events/daily-report-events.job';
import { demoExpiryJob } from '../features/demo/demo-expiry.job';
import { demoPoolRefillJob } from '../features/demo/demo-pool.job';
import { reevaluateUserJob } from '../features/evaluation/reevaluate-user.job';
import { warmReportsJob } from '../features/reports/warm-reports.job';
import { signInLinkEmailJob } from '../features/sign-in/email-link/sign-in-link-email.job';
import { slackDndSweepJob, slackDndUserJob } from '../features/slack/slack.jobs';
import {
  tipEmailJob,
  weeklyMailsSweepJob,
  weeklyReportEmailJob,
} from '../features/weekly-report/weekly-mails.job';
import type { AnyJob } from './define';
import { type JobName, type JobPayloadSchemas, jobPayloads } from './payloads';
import { cleanupExpiredSessions } from './tasks/cleanup-expired-sessions.job';

/**
 * Every job the workers run, keyed by its name. Adding a job: add its name and payload schema to payloads.ts,
 * write `<name>.job.ts` with `defineJob({ payload: jobPayloads.<name>, ... })` (in jobs/tasks/ or beside its
 * feature), then add one line here.
 */
export const jobs = {
  cleanup_expired_sessions: cleanupExpiredSessions,
  sync_calendar: syncCalendarJob,
  daily_full_sync: dailyFullSyncJob,
  poll_calendars: pollCalendarsJob,
  release_dead_syncs: releaseDeadSyncsJob,
  renew_webhooks: renewWebhooksJob,
  reevaluate_user: reevaluateUserJob,
  autobalance_user: autoBalanceUserJob,
  autobalance_email: autoBalanceEmailJob,
  autobalance_decline: autoBalanceDeclineJob,
  autobalance_sweep: autoBalanceSweepJob,
  slack_dnd_user: slackDndUserJob,
  slack_dnd_sweep: slackDndSweepJob,
  warm_reports: warmReportsJob,
  unsubscribe_confirmation: unsubscribeConfirmationJob,
  expire_trials: expireTrialsJob,
  sign_in_link_email: signInLinkEmailJob,
  weekly_mails_sweep: weeklyMailsSweepJob,
  weekly_report_email: weeklyReportEmailJob,
  tip_email: tipEmailJob,
  daily_report_events_sweep: dailyReportEventsSweepJob,
  daily_report_event: dailyReportEventJob,
  connection_broken_email: connectionBrokenEmailJob,
  demo_expiry: demoExpiryJob,
  demo_pool_refill: demoPoolRefillJob,
} as const;

assertRegistry(jobs);

export type JobRegistry = Readonly<Record<string, AnyJob>>;
export type Jobs = typeof jobs;

/** Fails to compile (and to load) when a key differs from its job's name or its schema from payloads.ts's. */
function assertRegistry<R extends { [N in JobName]: AnyJob & { name: N; payload: JobPayloadSchemas[N] } }>(
  registry: R & { [K in Exclude<keyof R, JobName>]: never },
): void {
  for (const [key, job] of Object.entries<AnyJob>(registry)) {
    if (job.name !== key) throw new Error(`Job registry key "${key}" holds the job named "${job.name}"`);
    if (job.payload !== jobPayloads[key as JobName]) {
      throw new Error(`Job "${key}" does not take its payload schema from jobs/payloads.ts`);
    }
  }
}
