import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityProblems, launch, newPage, openAsDemo, screenshot, signInByLink } from './browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('Referrals and mail previews in the browser', () => {
  it('a link with ?wbLabel=Gym opens a new Wellness block named Gym, and closing it drops the parameter', async () => {
    const { page, context } = await newPage(browser, { viewport: { width: 1366, height: 900 } });
    page.setDefaultTimeout(15_000);
    await openAsDemo(page, '/my/balance/wellness-blocks/block/new?wbLabel=Gym');
    const drawer = page.getByRole('dialog', { name: 'New weekly Wellness block' });
    const name = drawer.getByRole('textbox', { name: 'Name' });
    await name.waitFor();
    await expect.poll(() => name.inputValue()).toBe('Gym');
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => url.pathname === '/my/balance/wellness-blocks');
    expect(new URL(page.url()).searchParams.has('wbLabel')).toBe(false);
    await context.close();
  });

  it('shows the example mails from the Auto-balance screen in a sandboxed frame, styled and script-free', async () => {
    const { page } = await newPage(browser, { viewport: { width: 1366, height: 900 } });
    page.setDefaultTimeout(20_000);
    const failures: string[] = [];
    page.on('pageerror', (error) => failures.push(error.message));
    await openAsDemo(page, '/my/balance/action');
    await page.getByRole('button', { name: 'Preview the emails organizers get' }).click();
    const dialog = page.getByRole('dialog', { name: 'What organizers receive' });
    await dialog.getByTitle('Example reminder email').waitFor();
    expect(await dialog.getByTitle('Example reminder email').getAttribute('sandbox')).toBe('');
    // The frame runs no script at all, so its document is read from what it was given (and seen on the
    // screenshot): the mail the server rendered.
    const reminder = await dialog.getByTitle('Example reminder email').getAttribute('srcdoc');
    expect(reminder).toContain('Weekly planning');
    expect(reminder).toContain('needs a few changes');
    expect(reminder).toContain('No agenda');
    expect(reminder).not.toContain('<script');
    expect(page.url()).toMatch(/previewReminder=true/);
    await screenshot(page, 'mail-preview-reminder');

    await dialog.getByText('Decline warning').click();
    const warning = dialog.getByTitle('Example decline warning email');
    await warning.waitFor();
    expect(await warning.getAttribute('srcdoc')).toContain('Prevent this decline');
    expect(
      await accessibilityProblems(page, 'mail preview', {
        include: '[role="dialog"]',
        exclude: 'iframe[sandbox]',
      }),
    ).toEqual([]);
    await screenshot(page, 'mail-preview-warning');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(page.url()).not.toMatch(/previewReminder/);
    expect(failures).toEqual([]);
  });

  it("counts a person who signs up through the demo admin's referral link on the admin's Account screen", async () => {
    const admin = await newPage(browser, { viewport: { width: 1366, height: 900 } });
    admin.page.setDefaultTimeout(20_000);
    await openAsDemo(admin.page, '/my/account');
    const figures = admin.page.getByRole('group', { name: 'Your referrals' });
    await figures.waitFor();
    const link = await admin.page.getByRole('textbox', { name: 'Your referral link' }).inputValue();
    expect(link).toMatch(/\/\?ref=[\w-]+$/);
    const before = Number(await figures.getByText(/^\d+$/).first().textContent());

    const visitor = await newPage(browser);
    visitor.page.setDefaultTimeout(20_000);
    await visitor.page.goto(link);
    await expect
      .poll(async () => (await visitor.context.cookies()).find((c) => c.name === 'MWReferralToken'))
      .toMatchObject({ path: '/', sameSite: 'Lax', value: link.split('?ref=')[1] });
    await signInByLink(visitor.page, `referred-${Date.now()}@newco-referrals.example`);

    await admin.page.reload();
    await figures.waitFor();
    await expect
      .poll(async () => Number(await figures.getByText(/^\d+$/).first().textContent()))
      .toBe(before + 1);
    expect(await figures.getByText(/\$\d+ \/ month/).textContent()).toBe('$0 / month');
    await screenshot(admin.page, 'account-referrals');
  });
});
