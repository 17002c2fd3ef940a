import { ADMIN_ROLE } from '@meetwell/domain';
import { and, asc, eq, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { inValues } from '../../db/bulk';
import { companies, demoPool, memberships, userSettings, users } from '../../db/schema';
import { randomToken } from '../../lib/crypto';
import { disconnectUser } from '../../realtime/broadcast';
import { afterCompanyChange, moveUserToCompany } from '../teams/members';
import { createTrialCompany, ownTeamName } from '../users/provision';
import { seedDemoData } from './demo-data';
import { DEMO_LIFETIME_MS, DEMO_TEAM, demoEmail, demoTimeZone, newDemoDomain } from './demo-team';

export { DEMO_DOMAIN, DEMO_LIFETIME_MS, DEMO_TEAM, isDemoAddress } from './demo-team';

type UserRow = typeof users.$inferSelect;

/** Demo creations wait on each other only while the cap is checked, room made and the company created. */
const DEMO_CAP_LOCK = 727_002;

/**
 * A demo team of the visitor's own: a fresh company (its own domain, `<tag>.northwind.example`) with an admin
 * and three members, the seeded calendars, meetings, Wellness blocks and past nudges, in the visitor's time
 * zone. Returns the admin, whom the visitor is signed in as. Nobody else ever sees this team; it is removed
 * with all its data a day later (removeExpiredDemos), or earlier when the live demos reach the cap
 * (DEMO_MAX_TEAMS: unclaimed demos of the pool go first, then the oldest). 'Try the demo' seeds one on the
 * click only when the pool has none ready (pool.ts, startDemo).
 */
export async function createDemoTeam(
  ctx: AppContext,
  options: { timeZone?: string | undefined } = {},
): Promise<UserRow> {
  return (await buildDemoTeam(ctx, { timeZone: demoTimeZone(options.timeZone), pooled: false }))!;
}

/**
 * Seeds a demo team and records it in demo_pool once it is whole: claimed at once (`pooled: false`, the
 * visitor's own), or ready in the pool for a later visitor (`pooled: true`). A pooled one never makes room:
 * at the cap it is not built (null).
 */
export async function buildDemoTeam(
  ctx: AppContext,
  options: { timeZone: string; pooled: boolean },
): Promise<UserRow | null> {
  const now = ctx.now();
  const { timeZone, pooled } = options;
  const domain = newDemoDomain();
  const team = await withRoomForDemo(ctx, { evict: !pooled }, () =>
    ctx.db.transaction(async (tx) => {
      const companyId = await createTrialCompany(tx, { name: 'Northwind (demo)', domain, isDemo: true }, now);
      await tx
        .update(companies)
        // Its age is the context clock's (the expiry job reads it so).
        .set({ licenseBy: 'domain', averageAnnualSalary: 95000, createdAt: now })
        .where(eq(companies.id, companyId));
      const created = await tx
        .insert(users)
        .values(
          DEMO_TEAM.map((member) => ({
            email: demoEmail(member.person, domain),
            domain,
            firstName: member.firstName,
            lastName: member.lastName,
            timeZone,
            companyId,
            onboarded: true,
            goalIds: member.admin ? [1, 3] : [],
            affiliateToken: randomToken(9),
            isDemo: true,
            createdAt: now,
          })),
        )
        .returning();
      await tx.insert(memberships).values(
        created.map((user) => ({
          companyId,
          userId: user.id,
          role: DEMO_TEAM.find((m) => demoEmail(m.person, domain) === user.email)?.admin ? ADMIN_ROLE : null,
        })),
      );
      await tx.insert(userSettings).values(created.map((user) => ({ userId: user.id })));
      return created;
    }),
  );
  if (!team) return null;
  const admin = team.find((user) => user.email === demoEmail('alex', domain))!;
  try {
    await seedDemoData(ctx, team, domain);
    // Only a whole demo enters the pool: a visitor never claims one still being seeded.
    await ctx.db.insert(demoPool).values({
      companyId: admin.companyId!,
      adminId: admin.id,
      timeZone,
      builtAt: now,
      claimedAt: pooled ? null : now,
    });
  } catch (error) {
    // Never a half demo: what was made goes, and the visitor may try again.
    await removeDemoTeams(ctx, [admin.companyId!]);
    throw error;
  }
  return admin;
}

/**
 * Keeps the live demo teams under the cap: when a new one would pass it, demos waiting unclaimed in the pool
 * are removed first, then the oldest ones (their visitors are signed out; a day-old demo goes anyway), then
 * `create` makes the new company. Both under one lock, so visitors arriving together neither pass the cap nor
 * each remove a demo. Without `evict` (the pool's own builds), a full cap makes nothing: null.
 */
async function withRoomForDemo<T>(
  ctx: AppContext,
  options: { evict: boolean },
  create: () => Promise<T>,
): Promise<T | null> {
  const cap = ctx.config.demo.maxTeams;
  const client = await ctx.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [DEMO_CAP_LOCK]);
    const live = await ctx.db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.isDemo, true))
      .orderBy(asc(companies.createdAt), asc(companies.id));
    const surplus = live.length - (cap - 1);
    if (surplus > 0) {
      if (!options.evict) return null;
      const unclaimed = await takeOutOfPool(ctx, { limit: surplus });
      const taken = new Set(unclaimed);
      const waiting = await unclaimedDemoIds(ctx);
      const oldest = live
        .filter((c) => !taken.has(c.id) && !waiting.has(c.id))
        .slice(0, surplus - unclaimed.length)
        .map((c) => c.id);
      await removeDemoTeams(ctx, [...unclaimed, ...oldest]);
    }
    return await create();
  } finally {
    await client.query('select pg_advisory_unlock($1)', [DEMO_CAP_LOCK]).catch(() => {});
    client.release();
  }
}

/**
 * Takes unclaimed demos out of the pool, oldest first (all, or `limit`; only those `where` admits), and
 * returns their companies for removal. Deleting the pool row is the taking: a demo a visitor is claiming at
 * that moment is locked and skipped, and one taken can no longer be claimed.
 */
export async function takeOutOfPool(
  ctx: AppContext,
  options: { limit?: number; where?: SQL } = {},
): Promise<string[]> {
  const { rows } = await ctx.db.execute<{ company_id: string }>(sql`
    delete from demo_pool
     where company_id in (
       select company_id from demo_pool
        where claimed_at is null ${options.where ? sql`and (${options.where})` : sql``}
        order by built_at, company_id
        ${options.limit === undefined ? sql`` : sql`limit ${options.limit}`}
        for update skip locked)
    returning company_id`);
  return rows.map((r) => r.company_id);
}

/** The companies of the demos waiting unclaimed in the pool. */
async function unclaimedDemoIds(ctx: AppContext): Promise<Set<string>> {
  const rows = await ctx.db
    .select({ id: demoPool.companyId })
    .from(demoPool)
    .where(isNull(demoPool.claimedAt));
  return new Set(rows.map((r) => r.id));
}

/** Removes the demo teams older than a day, with all their data. Returns how many went. */
export async function removeExpiredDemos(ctx: AppContext): Promise<number> {
  const cutoff = new Date(ctx.now().getTime() - DEMO_LIFETIME_MS);
  const expired = await ctx.db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.isDemo, true), lt(companies.createdAt, cutoff)));
  if (expired.length)
    await removeDemoTeams(
      ctx,
      expired.map((c) => c.id),
    );
  return expired.length;
}

/**
 * Removes demo teams and everything of theirs: the demo people (found by the team's own domain too, so one
 * removed from the team into a company of their own goes with it), whose rows cascade to sessions,
 * identities, calendars, meetings, actions, settings, report roll-ups and the rest; their companies
 * (memberships, invites, subscription, the team's roll-ups); and what does not cascade: the mail written by or
 * to them (also to their outside organizers, and their invites' mail), what the notices recorded, their
 * sign-in links. Only demo companies and demo people are removed: someone real who joined a demo team by
 * invite keeps their account, moved to a company of their own on a fresh trial.
 */
export async function removeDemoTeams(ctx: AppContext, companyIds: string[]) {
  if (companyIds.length === 0) return;
  const now = ctx.now();
  const outcome = await ctx.db.transaction(async (tx) => {
    const doomed = await tx
      .select({ id: companies.id, domain: companies.domain })
      .from(companies)
      .where(and(eq(companies.isDemo, true), inValues(companies.id, companyIds, 'uuid')));
    if (doomed.length === 0) return { removed: [], moved: [] };
    const domains = doomed.flatMap((c) => (c.domain ? [c.domain] : []));
    const people = await tx
      .select({ id: users.id, email: users.email, companyId: users.companyId })
      .from(users)
      .where(
        and(
          eq(users.isDemo, true),
          or(
            inValues(
              users.companyId,
              doomed.map((c) => c.id),
              'uuid',
            ),
            domains.length ? inValues(users.domain, domains) : undefined,
          ),
        ),
      );
    const userIds = people.map((p) => p.id);
    const addresses = people.map((p) => p.email.toLowerCase());
    // The doomed teams, and the demo companies of their people who were taken out of them.
    const ids = [
      ...new Set([...doomed.map((c) => c.id), ...people.flatMap((p) => (p.companyId ? [p.companyId] : []))]),
    ];
    const outsiders = await tx
      .select()
      .from(users)
      .where(and(eq(users.isDemo, false), inValues(users.companyId, ids, 'uuid')));
    const moved: { userId: string; from: string; to: string }[] = [];
    for (const outsider of outsiders) {
      const to = await createTrialCompany(tx, { name: ownTeamName(outsider.firstName), domain: null }, now);
      await moveUserToCompany(tx, outsider.id, to, 'admin', now);
      moved.push({ userId: outsider.id, from: outsider.companyId!, to });
    }
    await tx.execute(sql`
      delete from mail_notices
       where (split_part(key, '/', 1) = 'team' and split_part(key, '/', 2) = any(${sql.param(ids)}::text[]))
          or (split_part(key, '/', 1) = 'user' and split_part(key, '/', 2) = any(${sql.param(userIds)}::text[]))`);
    await tx.execute(sql`
      delete from emails
       where user_id = any(${sql.param(userIds)}::uuid[])
          or lower("to") = any(${sql.param(addresses)}::text[])
          or idempotency_key in (select 'invite:' || i.id from invites i where i.company_id = any(${sql.param(ids)}::uuid[]))`);
    await tx.execute(
      sql`delete from sign_in_links where lower(email) = any(${sql.param(addresses)}::text[])`,
    );
    if (userIds.length) await tx.delete(users).where(inValues(users.id, userIds, 'uuid'));
    await tx.delete(companies).where(and(eq(companies.isDemo, true), inValues(companies.id, ids, 'uuid')));
    return { removed: userIds, moved };
  });
  for (const move of outcome.moved) await afterCompanyChange(ctx, { ...move, from: null });
  // Their open tabs are told at once (their sessions went with them).
  await Promise.all(outcome.removed.map((userId) => disconnectUser(ctx.pubsub, userId).catch(() => {})));
}
