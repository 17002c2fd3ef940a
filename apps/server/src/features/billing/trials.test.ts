import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, subscriptions, users } from '../../db/schema';
import { crontabLine } from '../../jobs/crontab';
import { jobs } from '../../jobs/registry';
import { createTestContext, type TestContext } from '../../test/context';
import { createUser } from '../../test/factories';
import { loadUserResource } from '../users/profile';
import { ADMIN_USAGE, parseAdminCommand, runAdminCommand } from './admin-commands';
import { expireTrials, extendTrial, TrialExtensionError } from './trials';

const DAY = 86_400_000;
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

/** A company (admin and one member) whose trial ends at `trialEndsAt`. */
async function companyWithTrial(trialEndsAt: Date) {
  const admin = await createUser(ctx);
  const member = await createUser(ctx, { companyOf: admin });
  await ctx.db
    .update(subscriptions)
    .set({ trialEndsAt })
    .where(eq(subscriptions.companyId, admin.companyId!));
  return { admin, member, ids: [admin.id, member.id] };
}

const usersOf = (ids: string[]) => ctx.db.select().from(users).where(inArray(users.id, ids));

describe('expire_trials', () => {
  it('runs every hour from the job registry', () => {
    expect(crontabLine(jobs.expire_trials)).toMatch(/^23 \* \* \* \* expire_trials /);
  });

  it('deactivates every member of a company whose trial ended, and only those', async () => {
    const now = new Date();
    const expired = await companyWithTrial(new Date(now.getTime() - 1000));
    const running = await companyWithTrial(new Date(now.getTime() + DAY));
    const paying = await companyWithTrial(new Date(now.getTime() - DAY));
    await ctx.db.insert(subscriptions).values({
      companyId: paying.admin.companyId,
      plan: 'team-500',
      status: 'active',
      stripeSubscriptionId: `sub_${paying.admin.id}`,
    });
    const demo = await companyWithTrial(new Date(now.getTime() - DAY));
    await ctx.db.update(companies).set({ isDemo: true }).where(eq(companies.id, demo.admin.companyId!));

    const deactivated = await expireTrials(ctx.db, now);
    expect(deactivated.sort()).toEqual([...expired.ids].sort());
    for (const user of await usersOf(expired.ids)) {
      expect(user).toMatchObject({ deactivatedAt: now, deactivatedReason: 'trial_expired' });
    }
    for (const user of await usersOf([...running.ids, ...paying.ids, ...demo.ids])) {
      expect(user.deactivatedAt).toBeNull();
    }
  });

  it('is idempotent: a second run changes nothing and keeps the first date', async () => {
    const now = new Date();
    const expired = await companyWithTrial(new Date(now.getTime() - DAY));
    await expireTrials(ctx.db, now);
    const later = new Date(now.getTime() + 3_600_000);
    expect(await expireTrials(ctx.db, later)).toEqual([]);
    for (const user of await usersOf(expired.ids)) expect(user.deactivatedAt).toEqual(now);
  });

  it('keeps another reason of a member already deactivated', async () => {
    const now = new Date();
    const expired = await companyWithTrial(new Date(now.getTime() - DAY));
    await ctx.db
      .update(users)
      .set({ deactivatedAt: new Date(now.getTime() - DAY), deactivatedReason: 'other' })
      .where(eq(users.id, expired.member.id));
    await expireTrials(ctx.db, now);
    const [member] = await usersOf([expired.member.id]);
    expect(member!.deactivatedReason).toBe('other');
  });

  it("the user document tells the company's plan, status, days left and the deactivation", async () => {
    const now = new Date();
    const expired = await companyWithTrial(new Date(now.getTime() - DAY));
    await expireTrials(ctx.db, now);
    const [member] = await usersOf([expired.member.id]);
    const document = await loadUserResource(ctx.db, member!, now);
    expect(document.attributes).toMatchObject({
      subscription_plan: 'trial',
      subscription_status: 'trialing',
      trial_days_left: 0,
      deactivated_at: now.toISOString(),
      deactivated_reason: 'trial_expired',
    });
    const running = await companyWithTrial(new Date(now.getTime() + 3 * DAY + 1000));
    const [joined] = await usersOf([running.member.id]);
    expect((await loadUserResource(ctx.db, joined!, now)).attributes.trial_days_left).toBe(4);
  });
});

describe('extending a trial (the admin command)', () => {
  it('gives the company more days from now when it ended, and lets its members back in', async () => {
    const now = new Date();
    const expired = await companyWithTrial(new Date(now.getTime() - DAY));
    await expireTrials(ctx.db, now);
    const result = await extendTrial(ctx.db, { email: expired.member.email.toUpperCase(), days: 7, now });
    expect(result).toMatchObject({ reactivated: 2, trialEndsAt: new Date(now.getTime() + 7 * DAY) });
    for (const user of await usersOf(expired.ids)) expect(user.deactivatedAt).toBeNull();
    const [admin] = await usersOf([expired.admin.id]);
    expect((await loadUserResource(ctx.db, admin!, now)).attributes.trial_days_left).toBe(7);
    // The job leaves the extended trial alone (other tests' companies may expire by then).
    const sixDaysOn = await expireTrials(ctx.db, new Date(now.getTime() + 6 * DAY));
    expect(sixDaysOn).not.toContain(expired.admin.id);
    expect(sixDaysOn).not.toContain(expired.member.id);
  });

  it('adds the days to a trial still running', async () => {
    const now = new Date();
    const end = new Date(now.getTime() + 2 * DAY);
    const running = await companyWithTrial(end);
    const result = await extendTrial(ctx.db, { email: running.admin.email, days: 5, now });
    expect(result.trialEndsAt).toEqual(new Date(end.getTime() + 5 * DAY));
  });

  it('refuses an unknown address and a wrong number of days', async () => {
    const now = new Date();
    await expect(extendTrial(ctx.db, { email: 'nobody@nowhere.test', days: 3, now })).rejects.toThrow(
      TrialExtensionError,
    );
    const running = await companyWithTrial(new Date(now.getTime() + DAY));
    await expect(extendTrial(ctx.db, { email: running.admin.email, days: 0, now })).rejects.toThrow(
      /whole number/,
    );
  });

  it('parses the command line and reports what it did', async () => {
    expect(parseAdminCommand(['extend-trial', 'a@b.test'])).toBeNull();
    expect(parseAdminCommand(['extend-trial', 'a@b.test', 'seven'])).toBeNull();
    expect(parseAdminCommand(['extend-trial', 'a@b.test', '7'])).toEqual({
      name: 'extend-trial',
      email: 'a@b.test',
      days: 7,
    });
    expect(ADMIN_USAGE).toContain('extend-trial <email> <days>');
    const running = await companyWithTrial(new Date(Date.now() + DAY));
    const lines: string[] = [];
    const errors: string[] = [];
    const io = {
      db: ctx.db,
      now: new Date(),
      out: (l: string) => lines.push(l),
      fail: (l: string) => errors.push(l),
    };
    expect(await runAdminCommand({ name: 'extend-trial', email: running.admin.email, days: 3 }, io)).toBe(0);
    expect(lines[0]).toMatch(/now ends .*0 member\(s\) re-activated/);
    expect(await runAdminCommand({ name: 'extend-trial', email: 'ghost@nowhere.test', days: 3 }, io)).toBe(1);
    expect(errors).toEqual(['No account uses ghost@nowhere.test.']);
  });
});
