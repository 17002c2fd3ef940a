import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerWithPayments, startServerWithPayments } from './billing-server';
import { accessibilityProblems, launch, newPage, screenshot, signInToDemo } from './browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function sidewaysScroll(page: Page): Promise<number> {
  return Number(await page.evaluate('document.documentElement.scrollWidth - window.innerWidth'));
}

/** 'Change plan' in the user menu, as an admin opens the plan chooser. */
async function openPlanChooser(page: Page) {
  await page
    .getByRole('button', { name: /^Account menu for/ })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Change plan' }).click();
  await page.waitForURL('**/my/balance/action/choose-plan');
  const dialog = page.getByRole('dialog', { name: 'Choose a plan' });
  await dialog.getByRole('heading', { name: 'Our plans' }).waitFor();
  return dialog;
}

describe('Plans on a server without billing (npm start as it comes)', () => {
  it('shows the demo admin the plans and that billing is not configured, on a desktop and a phone', async () => {
    const { page, context } = await newPage(browser, { viewport: { width: 1366, height: 900 } });
    page.setDefaultTimeout(15_000);
    const failures: string[] = [];
    page.on('pageerror', (error) => failures.push(error.message));
    await signInToDemo(page);
    const dialog = await openPlanChooser(page);
    await dialog.getByText('Billing is not configured on this server.').waitFor();
    await dialog.getByText('Select Solo').click();
    expect(await dialog.getByRole('button', { name: 'Choose Solo' }).isDisabled()).toBe(true);
    expect(await dialog.getByRole('link', { name: 'Contact us' }).getAttribute('href')).toMatch(/^mailto:/);
    await screenshot(page, 'plan-chooser-not-configured-desktop');
    expect(await accessibilityProblems(page, '1366px')).toEqual([]);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    const mobileDialog = page.getByRole('dialog', { name: 'Choose a plan' });
    await mobileDialog.getByText('Billing is not configured on this server.').waitFor();
    await screenshot(page, 'plan-chooser-not-configured-mobile');
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    expect(await accessibilityProblems(page, '390px')).toEqual([]);
    expect(failures).toEqual([]);
    await context.close();
  });
});

describe('Plans on a server with card payments', () => {
  let server: ServerWithPayments;

  beforeAll(async () => {
    server = await startServerWithPayments();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('takes the admin through checkout to Solo, then cancel and re-activate from the banner', async () => {
    const context = await browser.newContext({
      baseURL: server.baseUrl,
      viewport: { width: 1366, height: 900 },
      timezoneId: 'America/New_York',
      locale: 'en-US',
    });
    // The hosted checkout is the provider's page: here a stand-in that shows where the browser went.
    await context.route('https://checkout.stripe.com/**', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: '<!doctype html><html lang="en"><title>Checkout</title><h1>Hosted checkout</h1></html>',
      }),
    );
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await signInToDemo(page);

    const dialog = await openPlanChooser(page);
    expect(await dialog.getByText('Billing is not configured on this server.').count()).toBe(0);
    await dialog.getByText('Select Solo').click();
    await dialog.getByRole('button', { name: 'Choose Solo' }).click();
    await page.waitForURL('https://checkout.stripe.com/**');
    const sessionId = new URL(page.url()).pathname.split('/').pop() ?? '';
    const created = server.payments.sessions.get(sessionId);
    expect(created?.success_url).toBe(`${server.baseUrl}/my/balance/action/choose-plan?checkout=complete`);
    expect(created?.cancel_url).toBe(`${server.baseUrl}/my/balance/action/choose-plan`);

    // Paying on the hosted page: the provider completes the session and sends the customer back before its
    // webhook reaches the server; the app waits for it, reading the plan again, and says when it is in.
    const { session } = server.payments.completeCheckout(sessionId);
    await page.goto(String(created?.success_url));
    await page.getByText('Thank you! Your payment went through. Your plan is being updated…').waitFor();
    expect(new URL(page.url()).search).toBe('');
    expect((await server.sendPaymentEvent('checkout.session.completed', session)).status).toBe(200);
    await page.getByText('Your plan is updated.').waitFor();
    const after = page.getByRole('dialog', { name: 'Choose a plan' });
    await after.getByText('You are on the Solo plan.').waitFor();
    await after.getByRole('region', { name: 'Solo plan' }).getByText('Current plan').waitFor();
    await screenshot(page, 'plan-chooser-on-solo-desktop');
    expect(await accessibilityProblems(page, 'chooser 1366px')).toEqual([]);

    // The card is changed on the provider's hosted billing portal, which comes back to the account page.
    await context.route('https://billing.stripe.com/**', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: '<!doctype html><html lang="en"><title>Billing</title><h1>Billing portal</h1></html>',
      }),
    );
    await page.goto('/my/account');
    await page.getByRole('button', { name: 'Change payment method' }).click();
    await page.waitForURL('https://billing.stripe.com/**');
    const [portal] = server.payments.requestsFor('billingPortal.sessions.create');
    expect(portal?.params.return_url).toBe(`${server.baseUrl}/my/account`);

    await page.goto('/my/account');
    await page.getByRole('button', { name: 'Cancel plan' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel your plan?' });
    await confirm.getByRole('button', { name: 'Yes, cancel plan' }).click();
    const banner = page.getByRole('region', { name: 'Plan ending' });
    await banner.waitFor();
    expect(await banner.textContent()).toMatch(/Your plan ends in \d+ days?\./);
    await page.getByText(/^Plan: \d+ days? left$/).waitFor();
    await screenshot(page, 'plan-ending-banner-desktop');
    expect(await accessibilityProblems(page, 'banner 1366px')).toEqual([]);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await banner.waitFor();
    await screenshot(page, 'plan-ending-banner-mobile');
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    expect(await accessibilityProblems(page, 'banner 390px')).toEqual([]);

    await banner.getByRole('button', { name: 'Re-activate plan' }).click();
    await banner.waitFor({ state: 'detached' });
    const updates = server.payments
      .requestsFor('subscriptions.update')
      .map((r) => r.params.cancel_at_period_end);
    expect(updates).toEqual(['true', 'false']);
    await page.getByRole('button', { name: 'Cancel plan' }).waitFor();

    await page.goto('/my/balance/action/choose-plan');
    await page.getByRole('dialog', { name: 'Choose a plan' }).getByText('Current plan').waitFor();
    await screenshot(page, 'plan-chooser-on-solo-mobile');
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    expect(await accessibilityProblems(page, 'chooser 390px')).toEqual([]);
    await context.close();
  });
});
