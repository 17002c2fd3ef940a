import { ADMIN_ROLE, isValidTimeZone } from '@meetwell/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { companies, invites, memberships, subscriptions, userSettings, users } from '../../db/schema';
import { randomToken } from '../../lib/crypto';
import { acceptedReferral } from '../referrals/referrals';

/** Webmail domains never form a team: people there each get a company of their own. */
const PUBLIC_EMAIL_DOMAINS = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'yahoo.com',
  'icloud.com',
  'me.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'gmx.com',
  'fastmail.com',
]);

export const TRIAL_DAYS = 14;

export type NewUser = {
  email: string;
  firstName?: string | undefined;
  lastName?: string | undefined;
  profileImage?: string | undefined;
  timeZone?: string | undefined;
  isDemo?: boolean;
  referredBy?: string | undefined;
  /** False when the issuer did not vouch for the address: no invite or company of its domain is joined. */
  emailVerified?: boolean;
  /**
   * The invite being accepted: that one is joined (not another pending invite of the address), and when it is no
   * longer pending nothing is created (InviteNotPendingError).
   */
  inviteId?: string;
};

/** The invite named by `inviteId` was accepted or revoked meanwhile: the account was not created. */
export class InviteNotPendingError extends Error {
  constructor() {
    super('invite_not_pending');
  }
}

export function emailDomain(email: string): string {
  return email.split('@').pop()!.toLowerCase();
}

/** Webmail (gmail.com, outlook.com, ...): such a domain never stands for a company. */
export function isPublicEmailDomain(domain: string): boolean {
  return PUBLIC_EMAIL_DOMAINS.has(domain.toLowerCase());
}

/** The name of a company of one person (a webmail sign-up, a member removed from a team). */
export function ownTeamName(firstName: string): string {
  return firstName ? `${firstName}'s team` : 'My team';
}

function companyNameFor(domain: string, firstName: string): string {
  if (PUBLIC_EMAIL_DOMAINS.has(domain)) return ownTeamName(firstName);
  const base = domain.split('.').slice(0, -1).join('.') || domain;
  return base.charAt(0).toUpperCase() + base.slice(1);
}

/**
 * A new company on a fresh 14-day trial: where every company starts (a first sign-in that joins none, a member
 * removed from a team). Its founder is made its admin by the caller.
 */
export async function createTrialCompany(
  db: Pick<Database, 'insert'>,
  company: { name: string; domain: string | null; isDemo?: boolean | undefined },
  now: Date,
): Promise<string> {
  const [created] = await db
    .insert(companies)
    .values({ name: company.name, domain: company.domain, isDemo: company.isDemo ?? false })
    .returning({ id: companies.id });
  const trialEnd = new Date(now.getTime() + TRIAL_DAYS * 86_400_000);
  await db.insert(subscriptions).values({
    companyId: created!.id,
    plan: 'trial',
    status: 'trialing',
    trialEndsAt: trialEnd,
    currentPeriodEnd: trialEnd,
  });
  return created!.id;
}

/**
 * Creates a user on first sign-in. The company comes from the email domain: an invite wins, then a company
 * of that domain that admits its domain, else a new company with the user as its admin, on a 14-day trial.
 */
export async function provisionUser(db: Database, input: NewUser, now: Date) {
  const email = input.email.trim().toLowerCase();
  const domain = emailDomain(email);
  const firstName = input.firstName?.trim() ?? '';
  return db.transaction(async (tx) => {
    const verified = input.emailVerified !== false;
    // The invite is claimed (accepted_at set) in one statement, so two sign-ins of one address never both use it.
    const claimed = !verified
      ? []
      : await tx
          .update(invites)
          .set({ acceptedAt: now })
          .where(
            and(
              eq(
                invites.id,
                sql`(select ${invites.id} from ${invites}
                      where lower(${invites.email}) = ${email} and ${invites.acceptedAt} is null
                        and ${invites.revokedAt} is null ${input.inviteId ? sql`and ${invites.id} = ${input.inviteId}` : sql``}
                      order by ${invites.createdAt} limit 1)`,
              ),
              isNull(invites.acceptedAt),
              isNull(invites.revokedAt),
            ),
          )
          .returning({ companyId: invites.companyId });
    const invite = claimed[0];
    if (input.inviteId && !invite) throw new InviteNotPendingError();
    let companyId: string;
    let role: string | null = null;
    if (invite) {
      companyId = invite.companyId;
    } else {
      const [byDomain] =
        PUBLIC_EMAIL_DOMAINS.has(domain) || !verified
          ? []
          : await tx.select().from(companies).where(eq(companies.domain, domain)).limit(1);
      if (byDomain && byDomain.licenseBy === 'domain') {
        companyId = byDomain.id;
      } else {
        companyId = await createTrialCompany(
          tx,
          {
            name: companyNameFor(domain, firstName),
            domain: PUBLIC_EMAIL_DOMAINS.has(domain) || byDomain || !verified ? null : domain,
            isDemo: input.isDemo,
          },
          now,
        );
        role = ADMIN_ROLE;
      }
    }
    const [user] = await tx
      .insert(users)
      .values({
        email,
        domain,
        firstName,
        lastName: input.lastName?.trim() ?? '',
        profileImage: input.profileImage ?? null,
        emailVerified: verified,
        timeZone: input.timeZone && isValidTimeZone(input.timeZone) ? input.timeZone : 'UTC',
        companyId,
        affiliateToken: randomToken(9),
        // The demo is nobody's referral; a token that is no one's affiliate token is dropped.
        referredBy: input.isDemo ? null : await acceptedReferral(tx, input.referredBy, email),
        isDemo: input.isDemo ?? false,
        createdAt: now,
      })
      .returning();
    await tx.insert(memberships).values({ companyId, userId: user!.id, role });
    await tx.insert(userSettings).values({ userId: user!.id });
    return user!;
  });
}
