import { ADMIN_ROLE, isValidTimeZone } from '@meetwell/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { companies, invites, memberships, subscriptions, userSettings, users } from '../../db/schema';
import { randomToken } from '../../lib/crypto';

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
};

export function emailDomain(email: string): string {
  return email.split('@').pop()!.toLowerCase();
}

function companyNameFor(domain: string, firstName: string): string {
  if (PUBLIC_EMAIL_DOMAINS.has(domain)) return firstName ? `${firstName}'s team` : 'My team';
  const base = domain.split('.').slice(0, -1).join('.') || domain;
  return base.charAt(0).toUpperCase() + base.slice(1);
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
    const [invite] = !verified
      ? []
      : await tx
          .select()
          .from(invites)
          .where(
            and(
              sql`lower(${invites.email}) = ${email}`,
              isNull(invites.acceptedAt),
              isNull(invites.revokedAt),
            ),
          )
          .limit(1);
    let companyId: string;
    let role: string | null = null;
    if (invite) {
      companyId = invite.companyId;
      await tx.update(invites).set({ acceptedAt: now }).where(eq(invites.id, invite.id));
    } else {
      const [byDomain] =
        PUBLIC_EMAIL_DOMAINS.has(domain) || !verified
          ? []
          : await tx.select().from(companies).where(eq(companies.domain, domain)).limit(1);
      if (byDomain && byDomain.licenseBy === 'domain') {
        companyId = byDomain.id;
      } else {
        const [created] = await tx
          .insert(companies)
          .values({
            name: companyNameFor(domain, firstName),
            domain: PUBLIC_EMAIL_DOMAINS.has(domain) || byDomain || !verified ? null : domain,
            isDemo: input.isDemo ?? false,
          })
          .returning({ id: companies.id });
        companyId = created!.id;
        role = ADMIN_ROLE;
        await tx.insert(subscriptions).values({
          companyId,
          plan: 'trial',
          status: 'trialing',
          trialEndsAt: new Date(now.getTime() + TRIAL_DAYS * 86_400_000),
          currentPeriodEnd: new Date(now.getTime() + TRIAL_DAYS * 86_400_000),
        });
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
        referredBy: input.referredBy ?? null,
        isDemo: input.isDemo ?? false,
        createdAt: now,
      })
      .returning();
    await tx.insert(memberships).values({ companyId, userId: user!.id, role });
    await tx.insert(userSettings).values({ userId: user!.id });
    return user!;
  });
}
