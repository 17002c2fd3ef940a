import { and, count, eq, gt, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { emails, users } from '../../db/schema';
import { defineJob } from '../../jobs/define';
import { jobPayloads } from '../../jobs/payloads';
import { type DeliveryResult, deliverEmail } from '../mail/deliver';
import { unsubscribeConfirmationEmail } from '../mail/templates/unsubscribe-confirmation';
import { normalizeAddress, signedUnsubscribePageUrl } from './unsubscribe-link';

const CONFIRMATION_KIND = 'unsubscribe_confirmation';
/** One confirmation per address in each such window (its idempotency key names the window)… */
const CONFIRMATION_WINDOW_MS = 15 * 60_000;
/** …and at most this many a day: the form cannot be used to flood a mailbox. */
export const CONFIRMATIONS_PER_DAY = 4;

/** An address we have mailed, or an account's: the only ones a confirmation goes to. */
async function getsOurMail(ctx: AppContext, address: string, asTyped: string): Promise<boolean> {
  const [account] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${address}`)
    .limit(1);
  if (account) return true;
  const [mailed] = await ctx.db
    .select({ id: emails.id })
    .from(emails)
    .where(inArray(emails.to, [address, asTyped]))
    .limit(1);
  return Boolean(mailed);
}

async function confirmationsToday(ctx: AppContext, address: string): Promise<number> {
  const since = new Date(ctx.now().getTime() - 86_400_000);
  const [row] = await ctx.db
    .select({ sent: count() })
    .from(emails)
    .where(and(eq(emails.kind, CONFIRMATION_KIND), eq(emails.to, address), gt(emails.createdAt, since)));
  return row?.sent ?? 0;
}

export type ConfirmationResult = DeliveryResult | 'unknown_address' | 'daily_limit';

/**
 * Mails the signed unsubscribe link to an address entered on the unsubscribe page, if we mail that address at
 * all; the page's answer is the same either way, and nothing is opted out until the link is followed.
 */
async function sendUnsubscribeConfirmation(ctx: AppContext, email: string): Promise<ConfirmationResult> {
  const address = normalizeAddress(email);
  if (!(await getsOurMail(ctx, address, email.trim()))) return 'unknown_address';
  if ((await confirmationsToday(ctx, address)) >= CONFIRMATIONS_PER_DAY) return 'daily_limit';
  const window = Math.floor(ctx.now().getTime() / CONFIRMATION_WINDOW_MS);
  const mail = await unsubscribeConfirmationEmail(signedUnsubscribePageUrl(ctx, address));
  return deliverEmail(ctx, {
    key: `${CONFIRMATION_KIND}/${address}/${window}`,
    kind: CONFIRMATION_KIND,
    to: address,
    ...mail,
    requestedByRecipient: true,
  });
}

/** Enqueued for every well-formed address the form receives, so the answer takes as long whoever asks. */
export const unsubscribeConfirmationJob = defineJob({
  name: 'unsubscribe_confirmation',
  payload: jobPayloads.unsubscribe_confirmation,
  maxAttempts: 5,
  async run({ email }, { ctx }) {
    const result = await sendUnsubscribeConfirmation(ctx, email);
    if (result === 'in_flight') throw new Error('This unsubscribe confirmation is being sent elsewhere.');
  },
});
