import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { roiCalculator } from '../cost/cost';
import {
  displayedPlans,
  formatPrice,
  PLANS,
  PRICE_PER_MEMBER_TEXT,
  planPriceText,
  planPriceUnit,
  TEAM_PLAN_PER_MONTH,
} from './plans';
import { PRICE_PER_MEMBER_PER_MONTH } from './product';

describe('one price model', () => {
  it('prices Solo at the price per member (one member) and Team at its listed price', () => {
    const paid = PLANS.filter((plan) => plan.paid);
    expect(paid.map((plan) => [plan.name, plan.amount])).toEqual([
      ['Solo', PRICE_PER_MEMBER_PER_MONTH],
      ['Team', TEAM_PLAN_PER_MONTH],
    ]);
    expect(PLANS.find((plan) => plan.id === 'trial')?.amount).toBe(0);
  });

  it('states the prices in words and on the chooser from the plan constants', () => {
    const [solo, team] = displayedPlans();
    expect(PRICE_PER_MEMBER_TEXT).toBe(`$${PRICE_PER_MEMBER_PER_MONTH} per member per month`);
    expect(planPriceText(solo!)).toBe(`$${PRICE_PER_MEMBER_PER_MONTH} per month`);
    expect(planPriceText(team!)).toBe(`$${TEAM_PLAN_PER_MONTH} per month`);
    expect([planPriceUnit(solo!), planPriceUnit(team!)]).toEqual(['/month', '/month']);
    expect(planPriceText(PLANS[0]!)).toBe('Free');
  });

  it('makes the ROI price of n teammates n times the price per member (Solo is one member)', () => {
    const solo = PLANS.find((plan) => plan.id === 'team-500')!;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), (teammates) => {
        const roi = roiCalculator({ teammates });
        expect(roi.monthlyPrice).toBe(solo.amount * teammates);
        expect(roi.annualPrice).toBe(solo.amount * teammates * 12);
      }),
    );
  });

  it('writes whole dollars with thousands separators', () => {
    expect(formatPrice(5)).toBe('$5');
    expect(formatPrice(12_000)).toBe('$12,000');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999 }), (dollars) => {
        expect(formatPrice(dollars)).toBe(`$${dollars}`);
      }),
    );
  });
});
