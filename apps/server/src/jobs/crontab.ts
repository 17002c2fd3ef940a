import type { AnyJob } from './define';
import { InvalidJobPayloadError } from './define';
import type { JobRegistry } from './registry';

const SCHEDULE = /^\S+ \S+ \S+ \S+ \S+$/;
const BACKFILL = /^(\d+[smhdw])+$/;

/** One graphile-worker crontab line for a job with a `cron`, e.g. `17 3 * * * cleanup_expired_sessions ?max=3 {}`. */
export function crontabLine(job: AnyJob): string | null {
  if (!job.cron) return null;
  const schedule = job.cron.schedule.trim().replace(/\s+/g, ' ');
  if (!SCHEDULE.test(schedule)) {
    throw new Error(`Job "${job.name}": cron schedule "${job.cron.schedule}" must have five fields`);
  }
  const payload = job.cron.payload ?? {};
  const parsed = job.payload.safeParse(payload);
  if (!parsed.success) throw new InvalidJobPayloadError(job.name, parsed.error, 'enqueue');
  const options = new URLSearchParams();
  if (job.cron.backfill) {
    if (!BACKFILL.test(job.cron.backfill))
      throw new Error(`Job "${job.name}": backfill "${job.cron.backfill}" is not like 1d or 6h`);
    options.set('fill', job.cron.backfill);
  }
  if (job.maxAttempts) options.set('max', String(job.maxAttempts));
  if (job.queueName) options.set('queue', job.queueName);
  const query = options.size ? ` ?${options.toString()}` : '';
  return `${schedule} ${job.name}${query} ${JSON.stringify(parsed.data)}`;
}

/** The crontab of every registered job that declares a `cron` (schedules are in UTC). */
export function buildCrontab(registry: JobRegistry): string {
  return Object.values(registry)
    .map(crontabLine)
    .filter((line): line is string => line !== null)
    .join('\n');
}
