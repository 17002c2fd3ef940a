import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, screenshot, signInToDemo } from './browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('Balance journeys', () => {
  it('creates a Wellness block through the drawer and sees it in the list', async () => {
    const { page, context } = await newPage(browser);
    // A step that cannot happen fails with its locator instead of the test timing out.
    page.setDefaultTimeout(15_000);
    await signInToDemo(page);
    await page.getByRole('link', { name: 'Balance' }).first().click();
    await page.waitForURL('**/my/balance/action');
    await page.getByRole('tab', { name: 'Wellness blocks' }).click();
    await page.waitForURL('**/my/balance/wellness-blocks');
    await expect
      .poll(() => page.getByText('Chunks of untouchable time for you to do with as you please.').isVisible())
      .toBe(true);

    await page.getByRole('link', { name: 'Add a Wellness block' }).first().click();
    await page.waitForURL('**/my/balance/wellness-blocks/block/new');
    const drawer = page.getByRole('dialog', { name: 'New weekly Wellness block' });
    await drawer.getByRole('textbox', { name: 'Name' }).waitFor({ timeout: 15_000 });

    // Save without a label: the domain's message.
    await drawer.getByRole('button', { name: 'Save' }).click();
    await drawer.getByRole('alert').waitFor({ timeout: 10_000 });
    expect(await drawer.getByRole('alert').textContent()).toBe('Please add a label.');

    await drawer.getByRole('textbox', { name: 'Name' }).fill('E2E reading hour');
    await drawer.getByText('Life', { exact: true }).click();
    await drawer.getByRole('button', { name: 'Saturday' }).click();
    await drawer.getByRole('combobox', { name: 'From' }).click();
    await page.getByRole('option', { name: '7:00 am', exact: true }).click();
    await expect.poll(() => drawer.getByRole('combobox', { name: 'To' }).inputValue()).toBe('8:00 am');
    await expect.poll(() => drawer.getByRole('radio', { name: 'Life' }).isChecked()).toBe(true);
    await screenshot(page, 'balance-drawer-desktop');
    await drawer.getByRole('button', { name: 'Save' }).click();

    await page.waitForURL((url) => url.pathname === '/my/balance/wellness-blocks');
    const row = page.getByRole('listitem').filter({ hasText: 'E2E reading hour' });
    await row.getByText('Every Saturday · 7:00 am – 8:00 am').waitFor({ timeout: 15_000 });
    await screenshot(page, 'balance-blocks-desktop');

    const blocks = (await page.evaluate(async () => (await fetch('/api/v1/wellness_blocks')).json())) as {
      data: { attributes: { label: string } }[];
    };
    const saved = blocks.data.find((b) => b.attributes.label === 'E2E reading hour');
    expect(saved?.attributes).toMatchObject({ category: 'life', rrule: 'RRULE:FREQ=WEEKLY;BYDAY=SA' });
    await context.close();
  });

  it('opens the Auto-balance view on a phone', async () => {
    const { page, context } = await newPage(browser, { mobile: true });
    await signInToDemo(page);
    await page.goto('/my/balance/action');
    await expect.poll(() => page.getByRole('heading', { name: 'Action taken' }).isVisible()).toBe(true);
    for (const group of ['Time and duration', 'Content', 'Attendees', 'Future actions', 'Past actions']) {
      await expect.poll(() => page.getByRole('heading', { name: group }).count()).toBe(1);
    }
    await expect
      .poll(() => page.getByText('Hours ahead of a meeting when MeetWell will take action').isVisible())
      .toBe(true);
    await expect.poll(() => page.getByRole('tab', { name: 'Evaluations' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('tab', { name: 'Blocks' }).isVisible()).toBe(true);
    await screenshot(page, 'balance-action-mobile');
    await context.close();
  });
});
