import {
  COOKIE_DAYS,
  findPlan,
  PRICE_PER_MEMBER_PER_MONTH,
  REFERRAL_COMMISSION_PER_MONTH,
  ROI_DEFAULTS,
  roiCalculator,
} from '@meetwell/domain';
import { screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderPage } from '../../test/utils';
import { FaqPage } from '../faq/FaqPage';
import { HomePage } from '../home/HomePage';
import { ReferralsPage } from '../pages/ReferralsPage';
import { TermsPage } from '../pages/StaticPages';
import { PricingPage } from './PricingPage';

/** Every price a page states, as [dollars, what follows it]: "$5 per member per month" → [5, 'per member per month']. */
function statedPrices(text: string): [number, string][] {
  const found: [number, string][] = [];
  for (const match of text.matchAll(
    /\$([\d,]+)\s*(per member per month|\/member\/month|per month|\/month|a month for [\d,]+ teammates?)/g,
  )) {
    found.push([Number(match[1]!.replace(/,/g, '')), match[2]!]);
  }
  return found;
}

/** The price each kind of statement must have, from the plan constants. */
function expectedPrice(unit: string): number[] {
  const solo = findPlan('team-500')!;
  const team = findPlan('team-5000')!;
  if (unit === 'per member per month' || unit === '/member/month') return [PRICE_PER_MEMBER_PER_MONTH];
  const forTeammates = unit.match(/^a month for ([\d,]+) teammates?$/);
  if (forTeammates)
    return [roiCalculator({ teammates: Number(forTeammates[1]!.replace(/,/g, '')) }).monthlyPrice];
  // "per month" alone is a plan or the referral commission.
  return [solo.amount, team.amount, REFERRAL_COMMISSION_PER_MONTH];
}

async function pageText(element: ReactNode, path: string, ready: string | RegExp): Promise<string> {
  mockFetch({
    'GET /api/v1/users': () => jsonResponse(200, { data: null, meta: { signed_in: false } }),
    'GET /api/v1/subscription_plans': () => jsonResponse(200, { data: [] }),
  });
  renderPage(element, { path });
  await screen.findAllByText(ready);
  return document.body.textContent ?? '';
}

const PAGES: { name: string; element: ReactNode; path: string; ready: string | RegExp; least: number }[] = [
  { name: 'the home page', element: <HomePage />, path: '/', ready: /after the trial/, least: 1 },
  {
    name: '/pricing (plan chooser and ROI calculator)',
    element: <PricingPage />,
    path: '/pricing',
    ready: 'ROI calculator',
    least: 3,
  },
  { name: '/referrals', element: <ReferralsPage />, path: '/referrals', ready: 'Referrals', least: 2 },
  { name: '/faq', element: <FaqPage />, path: '/faq', ready: 'What do the plans cost?', least: 2 },
];

describe('stated prices come from the plan constants', () => {
  for (const page of PAGES) {
    it(`${page.name} states only the prices of the plan constants`, async () => {
      const text = await pageText(page.element, page.path, page.ready);
      const prices = statedPrices(text);
      expect(prices.length, text.slice(0, 400)).toBeGreaterThanOrEqual(page.least);
      for (const [dollars, unit] of prices)
        expect(expectedPrice(unit), `$${dollars} ${unit}`).toContain(dollars);
    });
  }

  it('the ROI calculator prices its default team at the price per member', async () => {
    const text = await pageText(<PricingPage />, '/pricing', 'ROI calculator');
    const teammates = ROI_DEFAULTS.teammates;
    expect(text).toContain(`$${PRICE_PER_MEMBER_PER_MONTH * teammates} a month for ${teammates} teammates`);
    expect(text).toContain(`$${findPlan('team-5000')!.amount}/month`);
  });

  it('/referrals and the terms state the price, the commission, the trial and the cookie from the constants', async () => {
    const referrals = await pageText(<ReferralsPage />, '/referrals', 'Referrals');
    expect(referrals).toContain(`$${PRICE_PER_MEMBER_PER_MONTH} per member per month`);
    expect(referrals).toContain(`$${REFERRAL_COMMISSION_PER_MONTH} per month`);
    expect(referrals).toContain(`within ${COOKIE_DAYS} days`);
    document.body.innerHTML = '';
    const terms = await pageText(<TermsPage />, '/terms', /free trial/);
    expect(terms).not.toMatch(/\$\d/);
    expect(terms).toContain('Prices are listed on the pricing page');
  });
});
