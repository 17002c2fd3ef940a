import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../../context';
import { identities, users } from '../../../db/schema';
import { readAgainAfterSignIn } from '../../calendars/connection-health/reconnect';
import { provisionUser } from '../../users/provision';
import { followBrowserZone } from '../../users/time-zone';
import type { SignInProfile } from './claims';

export type ProviderTokens = {
  accessToken: string;
  refreshToken: string | undefined;
  /** Seconds, as the token endpoint said. */
  expiresIn: number | undefined;
  scopes: string[];
};

export type SignInInput = {
  providerId: string;
  profile: SignInProfile;
  tokens: ProviderTokens;
  /** The browser's zone: a new user's, and an existing one moves to it (ADR 0085). */
  timeZone: string | undefined;
  referral: string | undefined;
};

export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

async function findUserByEmail(ctx: AppContext, email: string) {
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return user;
}

/**
 * An account of this address exists, but this sign-in cannot prove the address is the person's: attaching
 * the identity would hand that account to whoever controls the issuer's account.
 */
export class EmailInUseError extends Error {
  constructor() {
    super('email_in_use');
  }
}

/**
 * An identity already seen (issuer and subject) signs in its own user, whatever its address says now. A new
 * identity joins the account of its address only when both the issuer vouches for the address now and the
 * account's own address was vouched for; otherwise a new user is created, unless the address is taken.
 */
function attachOrRefuse(existing: typeof users.$inferSelect, input: SignInInput) {
  if (input.profile.emailVerified && existing.emailVerified) return { user: existing, created: false };
  throw new EmailInUseError();
}

async function findOrProvisionUser(ctx: AppContext, input: SignInInput) {
  const [linked] = await ctx.db
    .select({ user: users })
    .from(identities)
    .innerJoin(users, eq(users.id, identities.userId))
    .where(
      sql`${identities.provider} = ${input.providerId} and ${identities.subject} = ${input.profile.subject}`,
    )
    .limit(1);
  if (linked) return { user: linked.user, created: false };
  const existing = await findUserByEmail(ctx, input.profile.email);
  if (existing) return attachOrRefuse(existing, input);
  const { profile } = input;
  try {
    const user = await provisionUser(
      ctx.db,
      {
        email: profile.email,
        firstName: profile.firstName,
        lastName: profile.lastName,
        profileImage: profile.profileImage,
        timeZone: input.timeZone,
        referredBy: input.referral,
        emailVerified: profile.emailVerified,
      },
      ctx.now(),
    );
    return { user, created: true };
  } catch (error) {
    // Two first sign-ins of one person at once (two tabs): the other one created the user.
    if (!isUniqueViolation(error)) throw error;
    const raced = await findUserByEmail(ctx, profile.email);
    if (!raced) throw error;
    return attachOrRefuse(raced, input);
  }
}

/**
 * Signs a person in from what their issuer vouched for: finds or creates the user and records the identity with
 * its tokens sealed (never stored in the clear). A missing refresh token keeps the one we already hold.
 */
export async function signInWithIdentity(ctx: AppContext, input: SignInInput) {
  const found = await findOrProvisionUser(ctx, input);
  const { created } = found;
  const user = created ? found.user : await followBrowserZone(ctx, found.user, input.timeZone);
  const now = ctx.now();
  const { tokens } = input;
  const refreshTokenEnc = tokens.refreshToken ? ctx.secrets.encrypt(tokens.refreshToken) : null;
  const accessTokenEnc = ctx.secrets.encrypt(tokens.accessToken);
  const accessTokenExpiresAt =
    tokens.expiresIn !== undefined ? new Date(now.getTime() + tokens.expiresIn * 1000) : null;
  const [identity] = await ctx.db
    .insert(identities)
    .values({
      userId: user.id,
      provider: input.providerId,
      subject: input.profile.subject,
      email: input.profile.email,
      refreshTokenEnc,
      accessTokenEnc,
      accessTokenExpiresAt,
      scopes: tokens.scopes,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [identities.provider, identities.subject],
      set: {
        email: input.profile.email,
        refreshTokenEnc: sql`coalesce(excluded.refresh_token_enc, ${identities.refreshTokenEnc})`,
        accessTokenEnc,
        accessTokenExpiresAt,
        scopes: tokens.scopes,
        updatedAt: now,
      },
    })
    .returning({ id: identities.id });
  // Signing in again is how a Google or Microsoft calendar that could not be read is reconnected.
  await readAgainAfterSignIn(ctx, identity!.id);
  return { user, identityId: identity!.id, created };
}
