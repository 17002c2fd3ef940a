import { isValidTimeZone } from '@meetwell/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { inValues } from '../../db/bulk';
import { companies, users } from '../../db/schema';
import { provisionUser } from '../users/provision';
import { refreshDemoData, seedDemoData } from './demo-data';
import { DEMO_EMAIL, DEMO_TEAM } from './demo-team';

export { DEMO_DOMAIN, DEMO_EMAIL, DEMO_TEAM } from './demo-team';

const DEMO_LOCK = 727_002;

/**
 * The demo team (an admin and three members) in a company that admits its domain. Idempotent and safe
 * when several requests race: the first one seeds under an advisory lock, the others find the rows.
 */
export async function ensureDemoAccount(ctx: AppContext, options: { timeZone?: string | undefined } = {}) {
  const client = await ctx.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [DEMO_LOCK]);
    let [admin] = await ctx.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${DEMO_EMAIL}`)
      .limit(1);
    if (!admin) {
      // A visitor may have deleted the demo account: what is left of its team and company goes, and the
      // whole demo is seeded again (never a half demo, never a duplicate member).
      await removeDemoLeftovers(ctx);
      const now = ctx.now();
      admin = await provisionUser(
        ctx.db,
        {
          email: DEMO_EMAIL,
          firstName: 'Alex',
          lastName: 'Morgan',
          timeZone: options.timeZone,
          isDemo: true,
        },
        now,
      );
      await ctx.db
        .update(companies)
        .set({ name: 'Northwind (demo)', licenseBy: 'domain', averageAnnualSalary: 95000 })
        .where(eq(companies.id, admin.companyId!));
      await ctx.db
        .update(users)
        .set({ onboarded: true, goalIds: [1, 3] })
        .where(eq(users.id, admin.id));
      const team = [admin];
      for (const member of DEMO_TEAM.filter((m) => !m.admin)) {
        const created = await provisionUser(
          ctx.db,
          {
            email: member.email,
            firstName: member.firstName,
            lastName: member.lastName,
            timeZone: options.timeZone,
            isDemo: true,
          },
          now,
        );
        await ctx.db.update(users).set({ onboarded: true }).where(eq(users.id, created.id));
        team.push(created);
      }
      await seedDemoData(ctx, team);
      [admin] = await ctx.db.select().from(users).where(eq(users.id, admin.id));
    } else {
      if (options.timeZone && isValidTimeZone(options.timeZone) && admin.timeZone !== options.timeZone) {
        // The demo follows the visitor's time zone; its calendar is rewritten in that zone below.
        [admin] = await ctx.db
          .update(users)
          .set({ timeZone: options.timeZone })
          .where(eq(users.id, admin.id))
          .returning();
      }
      const team = await ctx.db.select().from(users).where(eq(users.companyId, admin!.companyId!));
      await refreshDemoData(ctx, team);
    }
    return admin!;
  } finally {
    await client.query('select pg_advisory_unlock($1)', [DEMO_LOCK]).catch(() => {});
    client.release();
  }
}

async function removeDemoLeftovers(ctx: AppContext) {
  const emails = DEMO_TEAM.map((m) => m.email.toLowerCase());
  const leftovers = await ctx.db
    .select({ id: users.id, companyId: users.companyId })
    .from(users)
    .where(and(eq(users.isDemo, true), inValues(sql`lower(${users.email})`, emails)));
  if (leftovers.length === 0) return;
  await ctx.db.delete(users).where(
    inValues(
      users.id,
      leftovers.map((u) => u.id),
      'uuid',
    ),
  );
  const companyIds = [
    ...new Set(leftovers.map((u) => u.companyId).filter((id): id is string => Boolean(id))),
  ];
  if (companyIds.length)
    await ctx.db
      .delete(companies)
      .where(and(eq(companies.isDemo, true), inValues(companies.id, companyIds, 'uuid')));
}
