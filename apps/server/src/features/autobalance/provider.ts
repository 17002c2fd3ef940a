import { eq } from 'drizzle-orm';
import { connectionFor, loadCalendarWithOwner } from '../../calendars/connection';
import { driverFor } from '../../calendars/registry';
import { ProviderError } from '../../calendars/types';
import type { AppContext } from '../../context';
import { identities } from '../../db/schema';
import type { MeetingRow } from './inputs';

export type Responder =
  /** The calendar cannot answer invitations (ICS subscriptions, the demo calendar): the answer is kept locally. */
  { mode: 'local' } | { mode: 'provider'; call: () => Promise<void> };

/**
 * Prepares the user's answer to a meeting through its calendar's driver (`respond`), with the connection
 * (tokens) ready, so the caller knows exactly when the provider is being called.
 */
export async function prepareResponse(
  ctx: AppContext,
  meeting: MeetingRow,
  response: 'accepted' | 'declined',
  comment?: string,
): Promise<Responder> {
  const loaded = await loadCalendarWithOwner(ctx, meeting.calendarId);
  if (!loaded) return { mode: 'local' };
  const driver = driverFor(ctx, loaded.calendar.provider);
  const respond = driver.respond?.bind(driver);
  if (!driver.capabilities.respond || !respond) return { mode: 'local' };
  const connection = await connectionFor(ctx, loaded.calendar, loaded.owner);
  return {
    mode: 'provider',
    call: async () => {
      try {
        await respond(connection, { providerEventId: meeting.providerEventId, response, comment });
      } catch (error) {
        if (error instanceof ProviderError && error.kind === 'token_expired' && loaded.calendar.identityId) {
          // The provider refused the access token: the next attempt gets a fresh one.
          await ctx.db
            .update(identities)
            .set({ accessTokenExpiresAt: new Date(0) })
            .where(eq(identities.id, loaded.calendar.identityId));
        }
        throw error;
      }
    },
  };
}

/** Provider failures after which the answer was certainly not applied and trying again may work. */
export function isRetryableNotApplied(error: unknown): boolean {
  return error instanceof ProviderError && (error.kind === 'rate_limited' || error.kind === 'token_expired');
}
