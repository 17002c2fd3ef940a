import { and, eq, isNull } from 'drizzle-orm';
import { loadCalendarWithOwner } from '../../../calendars/connection';
import { calendars, webhookChannels } from '../../../db/schema';
import { defineJob } from '../../../jobs/define';
import { jobPayloads } from '../../../jobs/payloads';
import { channelsExpiringBefore, openChannel, stopChannels } from './channels';

/**
 * Renews push channels a day before they expire (Outlook's documented lifetime is 4,230 minutes at best, so
 * hourly checks keep a wide margin). A channel cannot be renewed in place: a new one is opened, then the old
 * ones stopped, so notifications overlap rather than lapse.
 */
export const RENEW_BEFORE_MS = 24 * 60 * 60 * 1000;

export const renewWebhooksJob = defineJob({
  name: 'renew_webhooks',
  payload: jobPayloads.renew_webhooks,
  maxAttempts: 5,
  cron: { schedule: '5 * * * *' },
  async run(payload, { ctx, logger }) {
    const calendarIds = payload.calendarId
      ? [payload.calendarId]
      : [
          ...new Set(
            (await channelsExpiringBefore(ctx, new Date(ctx.now().getTime() + RENEW_BEFORE_MS))).map(
              (c) => c.calendarId,
            ),
          ),
        ];
    for (const calendarId of calendarIds) {
      const loaded = await loadCalendarWithOwner(ctx, calendarId);
      if (!loaded?.calendar.watching) {
        if (loaded) await stopChannels(ctx, loaded.calendar);
        continue;
      }
      try {
        const fresh = await openChannel(ctx, calendarId);
        if (fresh) await stopChannels(ctx, loaded.calendar, { except: fresh.id });
      } catch (error) {
        logger.warn(`calendar ${calendarId}: could not renew its push channel: ${String(error)}`);
      }
    }
  },
});

/** Calendars that are watched but have no open push channel: read incrementally every few minutes instead. */
export async function calendarsWithoutChannel(ctx: Parameters<typeof openChannel>[0]) {
  const rows = await ctx.db
    .select({ id: calendars.id, channel: webhookChannels.id })
    .from(calendars)
    .leftJoin(
      webhookChannels,
      and(eq(webhookChannels.calendarId, calendars.id), isNull(webhookChannels.stoppedAt)),
    )
    .where(and(eq(calendars.watching, true), eq(calendars.needsPermission, false)));
  return [...new Set(rows.filter((r) => !r.channel).map((r) => r.id))];
}
