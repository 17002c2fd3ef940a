import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import { type CalendarRow, connectionFor, loadCalendarWithOwner } from '../../../calendars/connection';
import { driverFor } from '../../../calendars/registry';
import type { Provider } from '../../../calendars/types';
import type { AppContext } from '../../../context';
import { webhookChannels } from '../../../db/schema';
import { hashToken, randomToken, safeEqual } from '../../../lib/crypto';

/** Providers only call back public https addresses; elsewhere calendars are polled instead. */
function webhooksReachable(ctx: AppContext) {
  return ctx.config.appUrl.startsWith('https://');
}

const callbackPath: Partial<Record<Provider, string>> = {
  google: '/webhooks/google',
  microsoft: '/webhooks/microsoft',
};

/**
 * Opens a push channel for a calendar with a random per-channel secret (stored hashed). A channel cannot be
 * renewed in place at Google, so renewal opens a new one; old and new overlap until the old one is stopped.
 */
export async function openChannel(ctx: AppContext, calendarId: string) {
  const loaded = await loadCalendarWithOwner(ctx, calendarId);
  if (!loaded) return null;
  const driver = driverFor(ctx, loaded.calendar.provider);
  const path = callbackPath[loaded.calendar.provider];
  if (!driver.watch || !path || !webhooksReachable(ctx)) return null;
  const channelId = randomUUID();
  const secret = randomToken(24);
  const connection = await connectionFor(ctx, loaded.calendar, loaded.owner);
  const watched = await driver.watch(connection, {
    channelId,
    secret,
    callbackUrl: `${ctx.config.appUrl}${path}`,
  });
  const [row] = await ctx.db
    .insert(webhookChannels)
    .values({
      calendarId,
      provider: loaded.calendar.provider,
      channelId: watched.channelId,
      resourceId: watched.resourceId ?? null,
      secretHash: hashToken(secret),
      expiresAt: watched.expiresAt,
    })
    .returning();
  return row!;
}

/** A push channel for a calendar that is balanced; a stopped calendar gets none (null), as does one polled. */
export async function openChannelIfWatched(ctx: AppContext, calendar: CalendarRow) {
  return calendar.watching ? openChannel(ctx, calendar.id) : null;
}

export async function stopChannels(
  ctx: AppContext,
  calendar: CalendarRow,
  options: { except?: string } = {},
) {
  const open = await ctx.db
    .select()
    .from(webhookChannels)
    .where(and(eq(webhookChannels.calendarId, calendar.id), isNull(webhookChannels.stoppedAt)));
  const loaded = await loadCalendarWithOwner(ctx, calendar.id);
  const driver = driverFor(ctx, calendar.provider);
  for (const channel of open) {
    if (channel.id === options.except) continue;
    if (driver.unwatch && loaded) {
      try {
        const connection = await connectionFor(ctx, loaded.calendar, loaded.owner);
        await driver.unwatch(connection, {
          channelId: channel.channelId,
          resourceId: channel.resourceId ?? undefined,
        });
      } catch {
        // Stopping is best effort: an expired channel simply stops calling.
      }
    }
    await ctx.db
      .update(webhookChannels)
      .set({ stoppedAt: ctx.now() })
      .where(eq(webhookChannels.id, channel.id));
  }
}

/** The channel a notification names, if its secret matches; otherwise null (and the call is refused). */
export async function verifyChannel(
  ctx: AppContext,
  provider: Provider,
  channelId: string,
  secret: string | undefined,
) {
  if (!channelId || !secret) return null;
  const [channel] = await ctx.db
    .select()
    .from(webhookChannels)
    .where(
      and(
        eq(webhookChannels.provider, provider),
        eq(webhookChannels.channelId, channelId),
        isNull(webhookChannels.stoppedAt),
      ),
    )
    .limit(1);
  if (!channel || !safeEqual(channel.secretHash, hashToken(secret))) return null;
  return channel;
}

/** Channels that expire within `within` ms and are still open. */
export async function channelsExpiringBefore(ctx: AppContext, deadline: Date) {
  return ctx.db
    .select()
    .from(webhookChannels)
    .where(and(isNull(webhookChannels.stoppedAt), lt(webhookChannels.expiresAt, deadline)));
}
