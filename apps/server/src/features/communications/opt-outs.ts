import { eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { emailOptOuts, users } from '../../db/schema';
import type { ActionEmailKind } from '../autobalance/keys';
import { normalizeAddress } from './unsubscribe-link';

/**
 * Mails that protect someone's meeting: the organizer's only chance to keep it (the warning) and the word that
 * it was declined (the notice). An opt-out never stops them, so no request about an address (a forwarded mail's
 * one-click link, a scanner that posts) can make a meeting be declined unannounced. Only the organizer's own
 * account switches (All emails, Meetings you organize), changed signed in, stop them.
 */
const MEETING_PROTECTING_KINDS = [
  'decline_warning',
  'decline_notice',
] as const satisfies readonly ActionEmailKind[];

/**
 * Whether an opt-out stops this mail: every kind but the meeting-protecting ones and the mails the recipient
 * asked for just now (a sign-in link, the confirmation of an unsubscribe).
 */
export function optOutStops(mail: { kind: string; requestedByRecipient?: boolean }): boolean {
  if (mail.requestedByRecipient) return false;
  return !(MEETING_PROTECTING_KINDS as readonly string[]).includes(mail.kind);
}

export async function isOptedOut(ctx: Pick<AppContext, 'db'>, email: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ email: emailOptOuts.email })
    .from(emailOptOuts)
    .where(inArray(emailOptOuts.email, [normalizeAddress(email), email.trim()]))
    .limit(1);
  return Boolean(row);
}

/**
 * The address's own request, proven by a signed link: its mail stops (see optOutStops), and an account with
 * this address shows the switches of what stopped turned off. All emails and Meetings you organize stay as
 * they are: they also govern the meeting-protecting mails, which only the signed-in person may turn off.
 */
export async function optOut(ctx: Pick<AppContext, 'db' | 'now'>, email: string): Promise<void> {
  const address = normalizeAddress(email);
  await ctx.db.insert(emailOptOuts).values({ email: address, createdAt: ctx.now() }).onConflictDoNothing();
  await ctx.db
    .update(users)
    .set({
      communicationPrefs: sql`${users.communicationPrefs} || '{"email_reminders": false, "email_weekly_reports": false, "email_tips": false}'::jsonb`,
      updatedAt: ctx.now(),
    })
    .where(sql`lower(${users.email}) = ${address}`);
}

/** Mail turned back on in the account: the address's opt-out goes, so the next mail is sent. */
export async function clearOptOut(ctx: Pick<AppContext, 'db'>, email: string): Promise<void> {
  await ctx.db.delete(emailOptOuts).where(eq(emailOptOuts.email, normalizeAddress(email)));
}
