import { PLAN_FEATURE_MESSAGES } from '@meetwell/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actions, meetings, subscriptions, users } from '../../db/schema';
import { AppError } from '../../http/errors';
import { createTestContext, type TestContext } from '../../test/context';
import { reconcileUser } from '../autobalance/engine';
import { chooseManualAction } from '../autobalance/manual';
import { googleUser, insertMeeting, setPlan } from '../autobalance/testing';
import { createDemoTeam } from '../demo/seed';
import { expireTrials } from './trials';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const inTwoDays = () => new Date(Math.floor((Date.now() + 48 * 3_600_000) / 60_000) * 60_000);

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
    return null;
  } catch (error) {
    return error instanceof AppError ? { status: error.status, detail: error.message } : error;
  }
}

describe('manual remind and decline need a plan that allows them', () => {
  it('are refused on the trial with the plan message (403), and do nothing stays allowed', async () => {
    const owner = await googleUser(ctx);
    const meeting = await insertMeeting(ctx, owner, { startsAt: inTwoDays() });
    for (const choice of ['remind', 'decline'] as const) {
      expect(await refusal(chooseManualAction(ctx, owner.user, meeting, choice))).toEqual({
        status: 403,
        detail: PLAN_FEATURE_MESSAGES.manual_actions,
      });
    }
    const [unchanged] = await ctx.db.select().from(meetings).where(eq(meetings.id, meeting.id));
    expect(unchanged!.nonComplianceAction).toBe(meeting.nonComplianceAction);
    expect(await refusal(chooseManualAction(ctx, owner.user, meeting, 'do_nothing'))).toBeNull();
  });

  it('pass the plan gate on a paid plan (what follows decides on the meeting itself)', async () => {
    const owner = await googleUser(ctx);
    await setPlan(ctx, owner.user, 'team-500');
    const meeting = await insertMeeting(ctx, owner, { startsAt: inTwoDays() });
    const outcome = await refusal(chooseManualAction(ctx, owner.user, meeting, 'remind'));
    expect(outcome).not.toEqual(expect.objectContaining({ status: 403 }));
  });

  it('the demo company stays on its trial, which never expires', async () => {
    const admin = await createDemoTeam(ctx);
    expect(admin.isDemo).toBe(true);
    const [row] = await ctx.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.companyId, admin.companyId!));
    expect(row).toMatchObject({ plan: 'trial', status: 'trialing' });
    await ctx.db
      .update(subscriptions)
      .set({ trialEndsAt: new Date(Date.now() - 86_400_000) })
      .where(eq(subscriptions.id, row!.id));
    await expireTrials(ctx.db, new Date());
    const [still] = await ctx.db.select().from(users).where(eq(users.id, admin.id));
    expect(still!.deactivatedAt).toBeNull();
  });
});

describe('a deactivated account', () => {
  it('has nothing reminded or declined until it is back', async () => {
    const owner = await googleUser(ctx);
    // Three hours ahead: past the 12-hour deadline, so an active account would be acted on at once.
    await insertMeeting(ctx, owner, { startsAt: new Date(Date.now() + 3 * 3_600_000) });
    await ctx.db
      .update(users)
      .set({ deactivatedAt: new Date(), deactivatedReason: 'trial_expired' })
      .where(eq(users.id, owner.user.id));
    expect(await reconcileUser(ctx, owner.user.id)).toMatchObject({ scheduled: 0 });
    expect(await ctx.db.select().from(actions).where(eq(actions.userId, owner.user.id))).toEqual([]);

    await ctx.db
      .update(users)
      .set({ deactivatedAt: null, deactivatedReason: null })
      .where(eq(users.id, owner.user.id));
    expect(await reconcileUser(ctx, owner.user.id)).toMatchObject({ scheduled: 1 });
  });
});
