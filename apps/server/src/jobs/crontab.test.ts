import { parseCrontab } from 'graphile-worker';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildCrontab, crontabLine } from './crontab';
import { defineJob } from './define';
import { jobs } from './registry';

const job = (overrides: Partial<Parameters<typeof defineJob>[0]>) =>
  defineJob({
    name: 'nightly',
    payload: z.object({ days: z.number().default(7) }),
    async run() {},
    ...overrides,
  });

describe('crontab from job definitions', () => {
  it('schedules the registered jobs that declare a cron, in a crontab graphile-worker accepts', () => {
    const crontab = buildCrontab(jobs);
    expect(crontab).toContain('17 3 * * * cleanup_expired_sessions ?max=3 {}');
    const items = parseCrontab(crontab);
    expect(items.map((item) => item.task)).toContain('cleanup_expired_sessions');
  });

  it('writes backfill, attempts, queue and the validated payload', () => {
    const line = crontabLine(
      job({
        cron: { schedule: '0  6 * * 1', backfill: '1d', payload: {} },
        maxAttempts: 2,
        queueName: 'nightly',
      }),
    );
    expect(line).toBe('0 6 * * 1 nightly ?fill=1d&max=2&queue=nightly {"days":7}');
    expect(parseCrontab(line!)).toHaveLength(1);
  });

  it('leaves out jobs without a cron', () => {
    expect(crontabLine(job({}))).toBeNull();
    expect(buildCrontab({ nightly: job({}) })).toBe('');
  });

  it('refuses a malformed schedule, backfill or payload', () => {
    expect(() => crontabLine(job({ cron: { schedule: '0 6 * *' } }))).toThrow(/five fields/);
    expect(() => crontabLine(job({ cron: { schedule: '0 6 * * *', backfill: 'a day' } }))).toThrow(
      /backfill/,
    );
    expect(() => crontabLine(job({ cron: { schedule: '0 6 * * *', payload: { days: 'x' } } }))).toThrow(
      /Invalid payload for job "nightly"/,
    );
  });
});

describe('defineJob', () => {
  it('requires a snake_case name and a positive maxAttempts', () => {
    expect(() => job({ name: 'Nightly-Job' })).toThrow(/snake_case/);
    expect(() => job({ maxAttempts: 0 })).toThrow(/maxAttempts/);
  });
});
