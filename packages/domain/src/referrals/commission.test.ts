import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isPayingCustomer,
  isPayingSubscription,
  isReferralTokenShape,
  monthlyReferralCommission,
} from './commission';

describe('isPayingSubscription', () => {
  it.each([
    ['team-500', 'active', true],
    ['team-5000', 'active', true],
    ['trial', 'trialing', false],
    ['trial', 'active', false],
    ['team-500', 'trialing', false],
    ['team-500', 'past_due', false],
    ['team-5000', 'canceled', false],
    ['team-500', 'incomplete', false],
    ['gold', 'active', false],
  ])('%s %s → %s', (plan, status, paying) => {
    expect(isPayingSubscription({ plan, status })).toBe(paying);
  });

  it('counts a company with a trial left beside its active paid plan', () => {
    expect(
      isPayingCustomer([
        { plan: 'trial', status: 'trialing' },
        { plan: 'team-500', status: 'active' },
      ]),
    ).toBe(true);
    expect(isPayingCustomer([{ plan: 'team-500', status: 'canceled' }])).toBe(false);
    expect(isPayingCustomer([])).toBe(false);
  });
});

describe('monthlyReferralCommission', () => {
  it('is $2 per month per paying referral', () => {
    expect(monthlyReferralCommission(0)).toBe(0);
    expect(monthlyReferralCommission(1)).toBe(2);
    expect(monthlyReferralCommission(7)).toBe(14);
  });
  it('grows by 2 with each paying referral and is never negative', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: -10_000, max: -1 }),
        (n, negative) => {
          expect(monthlyReferralCommission(n + 1) - monthlyReferralCommission(n)).toBe(2);
          expect(monthlyReferralCommission(negative)).toBe(0);
        },
      ),
    );
  });
});

describe('isReferralTokenShape', () => {
  it('accepts URL-safe tokens and refuses anything else', () => {
    expect(isReferralTokenShape('aB3_-x')).toBe(true);
    expect(isReferralTokenShape('')).toBe(false);
    expect(isReferralTokenShape('a'.repeat(65))).toBe(false);
    expect(isReferralTokenShape('a b')).toBe(false);
    expect(isReferralTokenShape("x';drop")).toBe(false);
    expect(isReferralTokenShape(42)).toBe(false);
  });
});
