import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { emails, users } from '../../db/schema';
import { isOptedOut, optOutStops } from '../communications/opt-outs';
import { oneClickUnsubscribeUrl, signFooterLinks } from '../communications/unsubscribe-link';
import { isDemoAddress } from '../demo/demo-team';
import { mailTransport } from './transport';

export type OutgoingEmail = {
  /** Unique per message: `<meeting id>:<kind>` for auto-balance mail. A key is delivered at most once. */
  key: string;
  kind: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** The user on whose behalf it is sent (whose outbox shows it). */
  userId?: string | null;
  meetingId?: string | null;
  /**
   * @deprecated Ignored: every mail gets the signed List-Unsubscribe of its `to` here (oneClickUnsubscribeUrl).
   * Kept until the callers that still pass it drop it.
   */
  unsubscribeUrl?: string;
  /** Asked for by the recipient (a sign-in link): sent even to an address that opted out of our mail. */
  requestedByRecipient?: boolean;
  /**
   * Credentials the mail carries (a sign-in or invite token): once the mail server has taken the message, the
   * stored copy keeps '[removed]' in their place, so the emails table never holds a working link for long.
   */
  secrets?: string[];
};

/**
 * - sent: handed to the SMTP server now;
 * - outbox: no SMTP configured, or a demo's mail (isDemoMail), stored for the app to show;
 * - duplicate: this key was already sent, stored or failed (nothing done);
 * - in_flight: another worker is sending this key right now (a dead sender's claim is taken over after the lease);
 * - opted_out: the address unsubscribed and an opt-out stops this kind (communications/opt-outs.ts); nothing
 *   stored.
 */
export type DeliveryResult = 'sent' | 'outbox' | 'duplicate' | 'in_flight' | 'opted_out' | 'failed';

/** SMTP failures where the server certainly did not accept the message: safe to try again later. */
const RETRYABLE_CODES = new Set(['ECONNECTION', 'EDNS', 'ETLS', 'EAUTH', 'EENVELOPE', 'ECONNREFUSED']);

export class RetryableMailError extends Error {}

function isDefinitelyNotDelivered(error: unknown): boolean {
  const e = error as { responseCode?: number; code?: string; command?: string };
  // The server answered with an error code: it refused the message (4xx/5xx), so nothing was delivered.
  if (typeof e?.responseCode === 'number' && e.responseCode >= 400) return true;
  return typeof e?.code === 'string' && RETRYABLE_CODES.has(e.code);
}

/** The same key always makes the same Message-ID: a re-send after a crash is recognisably the same message. */
export function messageIdFor(ctx: Pick<AppContext, 'config'>, key: string): string {
  const digest = createHash('sha256').update(key).digest('hex').slice(0, 40);
  return `<${digest}@${new URL(ctx.config.appUrl).hostname || 'meetwell.invalid'}>`;
}

/** Claims a row whose sender has held it past the send lease (or since before leases were recorded). */
function takeOverStaleSend(
  ctx: AppContext,
  key: string,
  values: { subject: string; html: string; text: string },
) {
  const leaseStart = new Date(ctx.now().getTime() - ctx.config.mail.sendLeaseMs);
  return ctx.db
    .update(emails)
    .set({ sendingSince: ctx.now(), subject: values.subject, html: values.html, text: values.text })
    .where(
      and(
        eq(emails.idempotencyKey, key),
        eq(emails.status, 'sending'),
        or(isNull(emails.sendingSince), lt(emails.sendingSince, leaseStart)),
      ),
    )
    .returning({ id: emails.id });
}

export async function emailStatus(ctx: Pick<AppContext, 'db'>, key: string) {
  const [row] = await ctx.db
    .select({ status: emails.status })
    .from(emails)
    .where(eq(emails.idempotencyKey, key));
  return row?.status ?? null;
}

/**
 * Whether a mail is a demo's: written for a demo person (also to the demo calendar's outside organizers, such
 * as dana@vendorco.example), or to an address of a demo person or of a demo's domain. Such mail is kept in
 * the outbox (status 'outbox', its links working in the demo) and never handed to the SMTP server.
 */
async function isDemoMail(ctx: AppContext, userId: string | null, to: string): Promise<boolean> {
  if (isDemoAddress(to)) return true;
  const [row] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.isDemo, true),
        userId
          ? or(eq(users.id, userId), sql`lower(${users.email}) = ${to.toLowerCase()}`)
          : sql`lower(${users.email}) = ${to.toLowerCase()}`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * Delivers one message once per key. The emails row is the lock: it is inserted (or a 'pending' row is claimed)
 * with status 'sending' by exactly one caller before the SMTP exchange, then marked 'sent'. A caller that finds
 * the key sent, stored or failed does nothing. When the SMTP server refused the message the row goes back to
 * 'pending' and RetryableMailError is thrown (the job retries). A connection lost mid-transfer marks it
 * 'failed'. A claim older than the send lease (MAIL_SEND_LEASE_SECONDS, beyond every SMTP timeout) was a
 * sender killed mid-send: the next caller takes it over and sends again, with the same Message-ID, so a copy
 * the server had accepted just before the kill is the same message to the recipient's mail system, which
 * keeps one. A younger claim is 'in_flight'.
 */
export async function deliverEmail(ctx: AppContext, mail: OutgoingEmail): Promise<DeliveryResult> {
  const to = mail.to.trim();
  if (optOutStops(mail) && (await isOptedOut(ctx, to))) return 'opted_out';
  // Demo mail stays in the outbox whatever SMTP_URL says: a demo's people are invented, its organizers real.
  const transport = (await isDemoMail(ctx, mail.userId ?? null, to)) ? null : mailTransport(ctx.config);
  const { html, text } = signFooterLinks(ctx, to, mail);
  const values = {
    idempotencyKey: mail.key,
    kind: mail.kind,
    to,
    subject: mail.subject,
    html,
    text,
    userId: mail.userId ?? null,
    meetingId: mail.meetingId ?? null,
    createdAt: ctx.now(),
  };
  if (!transport) {
    const inserted = await ctx.db
      .insert(emails)
      .values({ ...values, status: 'outbox' })
      .onConflictDoNothing({ target: emails.idempotencyKey })
      .returning({ id: emails.id });
    return inserted.length ? 'outbox' : 'duplicate';
  }

  const claimed = await claimSend(ctx, values);
  if (typeof claimed === 'string') return claimed;

  try {
    await transport.sendMail({
      messageId: messageIdFor(ctx, mail.key),
      from: ctx.config.mail.from,
      to,
      subject: mail.subject,
      html,
      text,
      // Every mail: the signed one-click address (RFC 8058) the mail client's own Unsubscribe button posts to.
      list: { unsubscribe: oneClickUnsubscribeUrl(ctx, to) },
      headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
  } catch (error) {
    const retry = isDefinitelyNotDelivered(error);
    await ctx.db
      .update(emails)
      .set({ status: retry ? 'pending' : 'failed' })
      .where(and(eq(emails.id, claimed.id), eq(emails.status, 'sending')));
    if (retry)
      throw new RetryableMailError(`The mail server refused "${mail.key}": ${(error as Error).message}`);
    return 'failed';
  }
  await ctx.db
    .update(emails)
    .set({
      status: 'sent',
      sentAt: ctx.now(),
      ...(mail.secrets?.length && {
        html: removeSecrets(html, mail.secrets),
        text: removeSecrets(text, mail.secrets),
      }),
    })
    .where(eq(emails.id, claimed.id));
  return 'sent';
}

/**
 * The emails row of a key, claimed for sending ('sending') by this caller only: inserted, or a 'pending' one
 * (an earlier refusal) claimed again, or a stale claim taken over; else whether another sender has it.
 */
async function claimSend(
  ctx: AppContext,
  values: typeof emails.$inferInsert & {
    idempotencyKey: string;
    subject: string;
    html: string;
    text: string;
  },
): Promise<{ id: string } | 'in_flight' | 'duplicate'> {
  const key = values.idempotencyKey;
  let [claimed] = await ctx.db
    .insert(emails)
    .values({ ...values, status: 'sending', sendingSince: ctx.now() })
    .onConflictDoNothing({ target: emails.idempotencyKey })
    .returning({ id: emails.id });
  if (claimed) return claimed;
  // A row exists: only a 'pending' one (an earlier refusal) may be claimed again, by one caller.
  [claimed] = await ctx.db
    .update(emails)
    .set({
      status: 'sending',
      sendingSince: ctx.now(),
      subject: values.subject,
      html: values.html,
      text: values.text,
    })
    .where(and(eq(emails.idempotencyKey, key), eq(emails.status, 'pending')))
    .returning({ id: emails.id });
  if (!claimed) [claimed] = await takeOverStaleSend(ctx, key, values);
  if (claimed) return claimed;
  const [existing] = await ctx.db
    .select({ status: emails.status })
    .from(emails)
    .where(eq(emails.idempotencyKey, key));
  return existing?.status === 'sending' ? 'in_flight' : 'duplicate';
}

function removeSecrets(body: string, secrets: string[]): string {
  return secrets.reduce((out, secret) => (secret ? out.split(secret).join('[removed]') : out), body);
}
