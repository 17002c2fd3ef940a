import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { companies, identities, memberships, type users } from '../../db/schema';
import { resource } from '../../http/jsonapi';
import { currentSubscription, trialDaysLeftOf } from '../billing/subscriptions';

export type UserRow = typeof users.$inferSelect;

/**
 * The user as the web app reads it (type users), with the company and its current plan: the plan, its
 * status and the trial's days left are the company's, whoever of its members asks.
 */
export async function loadUserResource(db: Database, user: UserRow, now: Date) {
  const [company] = user.companyId
    ? await db.select().from(companies).where(eq(companies.id, user.companyId)).limit(1)
    : [];
  const [membership] = user.companyId
    ? await db
        .select({ role: memberships.role })
        .from(memberships)
        .where(eq(memberships.userId, user.id))
        .limit(1)
    : [];
  const subscription = await currentSubscription(db, { companyId: user.companyId, userId: user.id });
  const providers = await db
    .select({ provider: identities.provider })
    .from(identities)
    .where(eq(identities.userId, user.id))
    .orderBy(identities.createdAt);
  return resource('users', user.id, {
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    domain: user.domain,
    profile_image: user.profileImage,
    time_zone: user.timeZone,
    onboarded: user.onboarded,
    goal_ids: user.goalIds,
    identity_providers: providers.map((p) => p.provider).filter((p) => p !== 'slack'),
    wellness_block_color_preference: user.wellnessBlockColorPreference,
    daily_report_card_events: user.dailyReportCardEvents,
    dnd_slack: user.dndSlack,
    affiliate_token: user.affiliateToken,
    annual_salary: user.annualSalary,
    domains_allowlist: user.domainsAllowlist,
    organizer_denylist: user.organizerDenylist,
    deactivated_at: user.deactivatedAt?.toISOString() ?? null,
    deactivated_reason: user.deactivatedReason,
    subscription_plan: subscription?.plan ?? 'trial',
    subscription_status: subscription?.status ?? null,
    trial_ends_at: subscription?.trialEndsAt?.toISOString() ?? null,
    trial_days_left: trialDaysLeftOf(subscription, now),
    communication_prefs: user.communicationPrefs,
    is_demo: user.isDemo,
    created_at: user.createdAt.toISOString(),
    company: company
      ? {
          id: company.id,
          name: company.name,
          license_by: company.licenseBy,
          roles: membership?.role ? [membership.role] : [],
          domains_allowlist: company.domainsAllowlist,
          organizer_denylist: company.organizerDenylist,
        }
      : null,
  });
}
