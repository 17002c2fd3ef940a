import { type ConnectionProblem, reconnectMethod } from '@meetwell/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context';
import { calendars, users } from '../../../db/schema';
import { defineJob } from '../../../jobs/define';
import { jobPayloads } from '../../../jobs/payloads';
import { type DeliveryResult, deliverEmail } from '../../mail/deliver';
import { connectionBrokenEmail } from './connection-broken-email';

const KIND = 'connection_broken';

/** One mail per break: the moment it broke names it (a recovery and a new break make a new key). */
export function connectionBrokenEmailJobKey(calendarId: string, brokenAt: Date) {
  return `${KIND}:${calendarId}:${brokenAt.getTime()}`;
}

/**
 * Tells a calendar's owner that it can no longer be read, unless it was read again (or removed) before the
 * mail went: the banner and the row say it anyway.
 */
export async function sendConnectionBrokenEmail(
  ctx: AppContext,
  calendarId: string,
  brokenAt: Date,
): Promise<DeliveryResult | 'mended'> {
  const [row] = await ctx.db
    .select({ calendar: calendars, owner: users })
    .from(calendars)
    .innerJoin(users, eq(users.id, calendars.userId))
    .where(eq(calendars.id, calendarId));
  const { calendar, owner } = row ?? {};
  if (!calendar || !owner || calendar.connectionBrokenAt?.getTime() !== brokenAt.getTime()) return 'mended';
  const mail = await connectionBrokenEmail(
    {
      calendarName: calendar.name,
      problem: (calendar.connectionProblem ?? 'repeated_failures') as ConnectionProblem,
      method: reconnectMethod({ provider: calendar.provider, source_url: calendar.sourceUrl }),
      lastGoodSyncAt: calendar.lastSyncedAt,
      timeZone: owner.timeZone,
      to: owner.email,
    },
    ctx.config.appUrl,
  );
  return deliverEmail(ctx, {
    key: connectionBrokenEmailJobKey(calendarId, brokenAt),
    kind: KIND,
    to: owner.email,
    userId: owner.id,
    ...mail,
  });
}

export const connectionBrokenEmailJob = defineJob({
  name: 'connection_broken_email',
  payload: jobPayloads.connection_broken_email,
  maxAttempts: 8,
  priority: 1,
  async run({ calendarId, brokenAt }, { ctx }) {
    const result = await sendConnectionBrokenEmail(ctx, calendarId, new Date(brokenAt));
    if (result === 'in_flight')
      throw new Error(`The connection mail of calendar ${calendarId} is being sent.`);
  },
});
