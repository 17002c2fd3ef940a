import { isPayingCustomer, isReferralTokenShape, monthlyReferralCommission } from '@meetwell/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { subscriptions, users } from '../../db/schema';
import { REFERRAL_COOKIE } from '../sign-in/oidc/start-params';

type Reader = Pick<Database, 'select'>;

/**
 * The referral a sign-up brings: the one the web app sends with the request, else the MWReferralToken cookie the
 * visitor's browser kept from a `?ref=` link. Only the shape is checked here; provisioning checks that it is
 * someone's affiliate token.
 */
export function referralOf(request: FastifyRequest, sent?: string | undefined): string | undefined {
  if (isReferralTokenShape(sent)) return sent;
  const cookie = request.cookies[REFERRAL_COOKIE];
  return isReferralTokenShape(cookie) ? cookie : undefined;
}

/**
 * The referral stored as the new user's referred_by: only an existing person's affiliate token, and never the
 * person's own (a second account of one address cannot refer itself). Anything else is dropped, not refused: a
 * stale or mistyped link must not stop anyone from signing up.
 */
export async function acceptedReferral(
  db: Reader,
  token: string | undefined,
  email: string,
): Promise<string | null> {
  if (!isReferralTokenShape(token)) return null;
  const [referrer] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.affiliateToken, token), sql`lower(${users.email}) <> ${email.toLowerCase()}`))
    .limit(1);
  return referrer ? token : null;
}

export type ReferralSummary = {
  referralUrl: string;
  referredCount: number;
  payingCount: number;
  monthlyCommission: number;
};

/** `${APP_URL}/?ref=<affiliate token>`: the link the person shares. */
export const referralUrl = (appUrl: string, affiliateToken: string) =>
  `${appUrl}/?ref=${encodeURIComponent(affiliateToken)}`;

/**
 * Who signed up through the person's link, and how many of them pay now: the subscriptions of each referred
 * person's company (or their own, without a company) as they stand, judged by the domain's rule.
 */
export async function referralSummary(
  db: Reader,
  referrer: { id: string; affiliateToken: string },
  appUrl: string,
): Promise<ReferralSummary> {
  const rows = await db
    .select({ userId: users.id, plan: subscriptions.plan, status: subscriptions.status })
    .from(users)
    .leftJoin(
      subscriptions,
      sql`(${users.companyId} is not null and ${subscriptions.companyId} = ${users.companyId})
          or (${users.companyId} is null and ${subscriptions.userId} = ${users.id})`,
    )
    .where(and(eq(users.referredBy, referrer.affiliateToken), sql`${users.id} <> ${referrer.id}`));
  const byPerson = new Map<string, { plan: string; status: string }[]>();
  for (const row of rows) {
    const list = byPerson.get(row.userId) ?? [];
    if (row.plan && row.status) list.push({ plan: row.plan, status: row.status });
    byPerson.set(row.userId, list);
  }
  const payingCount = [...byPerson.values()].filter(isPayingCustomer).length;
  return {
    referralUrl: referralUrl(appUrl, referrer.affiliateToken),
    referredCount: byPerson.size,
    payingCount,
    monthlyCommission: monthlyReferralCommission(payingCount),
  };
}
