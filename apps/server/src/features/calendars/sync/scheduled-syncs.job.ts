import { and, eq, ne } from 'drizzle-orm';
import { calendars } from '../../../db/schema';
import { defineJob } from '../../../jobs/define';
import { jobPayloads } from '../../../jobs/payloads';
import { requestSync } from '../service';
import { calendarsWithoutChannel } from '../webhooks/renew-webhooks.job';
import { releaseDeadSyncs } from './sync-state';

/** Change notifications are not fully reliable: once a day every watched calendar is read in full. */
export const dailyFullSyncJob = defineJob({
  name: 'daily_full_sync',
  payload: jobPayloads.daily_full_sync,
  maxAttempts: 3,
  cron: { schedule: '40 2 * * *' },
  async run(_payload, { ctx }) {
    const watched = await ctx.db
      .select({ id: calendars.id })
      .from(calendars)
      .where(and(eq(calendars.watching, true), ne(calendars.needsPermission, true)));
    for (const { id } of watched) await requestSync(ctx, id, 'full');
  },
});

/** Calendars without a push channel (no public https URL, CalDAV, ICS) are polled every ten minutes. */
export const pollCalendarsJob = defineJob({
  name: 'poll_calendars',
  payload: jobPayloads.poll_calendars,
  maxAttempts: 1,
  cron: { schedule: '*/10 * * * *' },
  async run(_payload, { ctx }) {
    for (const id of await calendarsWithoutChannel(ctx)) await requestSync(ctx, id, 'incremental');
  },
});

/** Every minute: a calendar never shows 'Syncing…' for a sync that is no longer running (its worker died). */
export const releaseDeadSyncsJob = defineJob({
  name: 'release_dead_syncs',
  payload: jobPayloads.release_dead_syncs,
  maxAttempts: 1,
  cron: { schedule: '* * * * *' },
  async run(_payload, { ctx }) {
    await releaseDeadSyncs(ctx, ctx.now());
  },
});
