import { normalizeEmail } from '@meetwell/domain';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../../context';
import { signInLinks, users } from '../../../db/schema';
import { AppError } from '../../../http/errors';
import { hashToken, randomToken } from '../../../lib/crypto';
import {
  CompanyExistsError,
  companyExistsMessage,
  provisionUser,
  signUpRefusal,
} from '../../users/provision';
import { followBrowserZone } from '../../users/time-zone';
import { isUniqueViolation } from '../oidc/sign-in';

/** How long a link works, and the window of the per-address budget. */
export const SIGN_IN_LINK_MINUTES = 15;
const SIGN_IN_LINK_MS = SIGN_IN_LINK_MINUTES * 60_000;
/** Links one address may be sent per window: enough for a lost mail, too few to flood an inbox. */
export const LINKS_PER_ADDRESS = 3;

const SIGN_IN_LINK_INVALID =
  'This sign-in link has expired or was already used. Ask for a new one: it arrives within a minute.';

/**
 * Records a link for the address and queues its mail, whether or not an account exists: the work (one
 * insert, one job) and the answer are the same either way, so neither tells who has an account. Past the
 * address's budget nothing is recorded or sent ('limited'); the caller answers the same.
 */
export async function requestSignInLink(ctx: AppContext, address: string): Promise<'queued' | 'limited'> {
  const email = normalizeEmail(address);
  const now = ctx.now();
  const token = randomToken(32);
  const link = await ctx.db.transaction(async (tx) => {
    // Requests for one address queue behind each other, so two at once cannot both pass the budget.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`sign_in_link:${email}`}, 0))`);
    const [recent] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(signInLinks)
      .where(
        and(
          sql`lower(${signInLinks.email}) = ${email}`,
          gt(signInLinks.createdAt, new Date(now.getTime() - SIGN_IN_LINK_MS)),
        ),
      );
    if ((recent?.count ?? 0) >= LINKS_PER_ADDRESS) return null;
    const [row] = await tx
      .insert(signInLinks)
      .values({
        email,
        tokenHash: hashToken(token),
        createdAt: now,
        expiresAt: new Date(now.getTime() + SIGN_IN_LINK_MS),
      })
      .returning({ id: signInLinks.id });
    return row!;
  });
  if (!link) return 'limited';
  // The token rides in the job sealed: the jobs table never holds a working link in the clear.
  await ctx.jobs.enqueue('sign_in_link_email', { linkId: link.id, sealedToken: ctx.secrets.encrypt(token) });
  return 'queued';
}

async function findUserByEmail(ctx: AppContext, email: string) {
  const [user] = await ctx.db.select().from(users).where(sql`lower(${users.email}) = ${email}`).limit(1);
  return user;
}

/**
 * An account whose address no issuer ever vouched for may belong to whoever claimed the address at their
 * issuer: proving the address now must not hand it over, nor share it with them.
 */
function signInOrRefuse(user: typeof users.$inferSelect) {
  if (!user.emailVerified) {
    throw new AppError(
      'conflict',
      'An account with this address signs in with single sign-on. Sign in with the provider you used before.',
    );
  }
  return { user, created: false };
}

/**
 * Uses a link up (once: the one UPDATE that marks it used is the only winner among concurrent attempts) and
 * signs in the person of its address: their account, or a new one, which joins a pending invite of the address
 * or the company of its domain as any first sign-in does. The link proves the address.
 */
export async function consumeSignInLink(
  ctx: AppContext,
  token: string,
  timeZone: string | undefined,
  referral?: string | undefined,
) {
  const now = ctx.now();
  // A sign-up refused (the company of the address's domain uses MeetWell already) leaves the link unused: once
  // an admin invites the person, the same link signs them in to the team.
  const [valid] = await ctx.db
    .select({ email: signInLinks.email })
    .from(signInLinks)
    .where(
      and(
        eq(signInLinks.tokenHash, hashToken(token)),
        isNull(signInLinks.usedAt),
        gt(signInLinks.expiresAt, now),
      ),
    );
  if (valid && !(await findUserByEmail(ctx, normalizeEmail(valid.email)))) {
    const refusal = await signUpRefusal(ctx.db, { email: normalizeEmail(valid.email) }, now);
    // The company may be this very address's, made a moment ago by another of its links: not a refusal.
    if (refusal && !(await findUserByEmail(ctx, normalizeEmail(valid.email))))
      throw new AppError('company_exists', companyExistsMessage(refusal.companyName));
  }
  const [link] = await ctx.db
    .update(signInLinks)
    .set({ usedAt: now })
    .where(
      and(
        eq(signInLinks.tokenHash, hashToken(token)),
        isNull(signInLinks.usedAt),
        gt(signInLinks.expiresAt, now),
      ),
    )
    .returning({ email: signInLinks.email });
  if (!link) throw new AppError('sign_in_link_invalid', SIGN_IN_LINK_INVALID);
  const email = normalizeEmail(link.email);
  const existing = await findUserByEmail(ctx, email);
  if (existing) {
    const signedIn = signInOrRefuse(existing);
    // At each sign-in the browser says where the person is now (a trip, a move): their zone follows.
    return { ...signedIn, user: await followBrowserZone(ctx, signedIn.user, timeZone) };
  }
  try {
    const user = await provisionUser(
      ctx.db,
      { email, timeZone, emailVerified: true, referredBy: referral },
      now,
    );
    return { user, created: true };
  } catch (error) {
    // Two links of one new address opened at once: the other one created the account (and its company).
    const raced = await findUserByEmail(ctx, email);
    if (raced && (error instanceof CompanyExistsError || isUniqueViolation(error)))
      return signInOrRefuse(raced);
    if (error instanceof CompanyExistsError) {
      // Refused after all (the domain's company was made at this very moment): the link stays usable.
      await ctx.db
        .update(signInLinks)
        .set({ usedAt: null })
        .where(eq(signInLinks.tokenHash, hashToken(token)));
      throw new AppError('company_exists', companyExistsMessage(error.companyName));
    }
    throw error;
  }
}
