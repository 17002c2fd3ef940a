import { ADMIN_ROLE, isValidTimeZone } from '@meetwell/domain';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import freeEmailDomains from 'free-email-domains';
import type { Database } from '../../db/client';
import { companies, invites, memberships, subscriptions, userSettings, users } from '../../db/schema';
import { randomToken } from '../../lib/crypto';
import { acceptedReferral } from '../referrals/referrals';

/**
 * Free and disposable mail domains (gmail.com, outlook.com, ... some 14,000) never stand for a company: people
 * there are each their own. The list is a maintained package's, not ours.
 */
const PUBLIC_EMAIL_DOMAINS: ReadonlySet<string> = new Set(freeEmailDomains);

export const TRIAL_DAYS = 14;
/** How long an invite's link works. */
export const INVITE_VALID_DAYS = 14;
export const INVITE_VALID_MS = INVITE_VALID_DAYS * 86_400_000;

async function membersOf(db: Pick<Database, 'select'>, companyId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(memberships).where(eq(memberships.companyId, companyId));
  return row?.n ?? 0;
}

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

/**
 * The address's domain already has a company on MeetWell that does not let its domain join: no account, no
 * second company and no second trial are made. The person asks one of its admins for an invite.
 */
export class CompanyExistsError extends Error {
  constructor(readonly companyName: string) {
    super('company_exists');
  }
}

/** What a sign-up refused by CompanyExistsError is told: that the company uses MeetWell, and how to join it. */
export function companyExistsMessage(companyName: string) {
  return `${companyName} already uses MeetWell. Ask one of its admins to invite you: the link in the invite adds you to the team. An admin can also let anyone with your email domain join at once (Team management, How members are added).`;
}

/**
 * Whether provisionUser would refuse this address now (CompanyExistsError), read without writing: a caller
 * that spends something first (a sign-in link) asks before, so a refused sign-up leaves it as it was.
 */
export async function signUpRefusal(
  db: Pick<Database, 'select'>,
  input: { email: string; emailVerified?: boolean; isDemo?: boolean },
  now: Date,
): Promise<CompanyExistsError | null> {
  const email = input.email.trim().toLowerCase();
  const domain = emailDomain(email);
  const verified = input.emailVerified !== false;
  if (isPublicEmailDomain(domain)) return null;
  if (verified) {
    const [invite] = await db
      .select({ id: invites.id })
      .from(invites)
      .where(
        and(
          sql`lower(${invites.email}) = ${email}`,
          isNull(invites.acceptedAt),
          isNull(invites.revokedAt),
          gt(invites.createdAt, new Date(now.getTime() - INVITE_VALID_MS)),
        ),
      )
      .limit(1);
    if (invite) return null;
  }
  const [byDomain] = await db.select().from(companies).where(eq(companies.domain, domain)).limit(1);
  if (!byDomain) return null;
  return (await joinsByDomain(db, byDomain, { verified, isDemo: input.isDemo }))
    ? null
    : new CompanyExistsError(byDomain.name);
}

/** A company of the address's domain is joined when it admits its domain, or when nobody is left in it. */
async function joinsByDomain(
  db: Pick<Database, 'select'>,
  company: typeof companies.$inferSelect,
  person: { verified: boolean; isDemo?: boolean | undefined },
) {
  if (!person.verified || company.isDemo !== Boolean(person.isDemo)) return false;
  return company.licenseBy === 'domain' || (await membersOf(db, company.id)) === 0;
}

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
  if (isPublicEmailDomain(domain)) return ownTeamName(firstName);
  const base = domain.split('.').slice(0, -1).join('.') || domain;
  return base.charAt(0).toUpperCase() + base.slice(1);
}

/**
 * A new company on a fresh 14-day trial: where every company starts (a first sign-in that joins none, a member
 * removed from a team). Its founder is made its admin by the caller.
 */
export async function createTrialCompany(
  db: Pick<Database, 'insert'>,
  company: {
    name: string;
    domain: string | null;
    isDemo?: boolean | undefined;
    /** A trial that goes on rather than a fresh one (a member removed from a team keeps what was left). */
    trialEndsAt?: Date;
  },
  now: Date,
): Promise<string> {
  const [created] = await db
    .insert(companies)
    .values({ name: company.name, domain: company.domain, isDemo: company.isDemo ?? false })
    .returning({ id: companies.id });
  const trialEnd = company.trialEndsAt ?? new Date(now.getTime() + TRIAL_DAYS * 86_400_000);
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
 * Creates a user on first sign-in. The company comes from the email domain: an invite wins, then the company
 * of that domain when it admits its domain (or has nobody left in it), else a new company with the user as
 * its admin, on a 14-day trial. A company domain gets one company and one trial: a sign-up from a domain whose
 * company admits by invite only is refused (CompanyExistsError), whatever that company's trial or plan, and
 * so is one whose address no issuer vouched for. Free mail domains never form a company.
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
                        ${input.inviteId ? sql`` : sql`and ${invites.createdAt} > ${new Date(now.getTime() - INVITE_VALID_MS)}`}
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
      const companyDomain = isPublicEmailDomain(domain) ? null : domain;
      // Locked, so two first sign-ins of one new domain at once make one company (the unique index would
      // refuse the second anyway) and a company emptied meanwhile is seen as it is.
      const [byDomain] = companyDomain
        ? await tx.select().from(companies).where(eq(companies.domain, companyDomain)).limit(1).for('update')
        : [];
      if (byDomain) {
        if (!(await joinsByDomain(tx, byDomain, { verified, isDemo: input.isDemo }))) {
          throw new CompanyExistsError(byDomain.name);
        }
        companyId = byDomain.id;
        // Nobody is left in it: whoever comes back runs it (its trial and billing as they were, no new trial).
        if ((await membersOf(tx, byDomain.id)) === 0) role = ADMIN_ROLE;
      } else {
        companyId = await createTrialCompany(
          tx,
          {
            name: companyNameFor(domain, firstName),
            domain: verified ? companyDomain : null,
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
