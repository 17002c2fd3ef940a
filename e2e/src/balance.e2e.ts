import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, openAsDemo, screenshot, signInToDemo } from './browser';

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

  it('ignores a future action: the meeting is accepted, a toast says so, and the modal shows Accepted', async () => {
    const { page, context } = await newPage(browser);
    page.setDefaultTimeout(15_000);
    await openAsDemo(page, '/my/balance/action');
    // The demo's unanswered, non-compliant meetings are queued a moment after sign-in (live over /cable).
    const future = page.getByRole('region', { name: 'Future actions' });
    const ignore = future.getByRole('button', { name: /^Ignore / }).first();
    await ignore.waitFor({ timeout: 30_000 });
    const summary = ((await ignore.getAttribute('aria-label')) ?? '').replace(/^Ignore /, '');
    const link = future.getByRole('link', { name: summary }).first();
    const meetingId = ((await link.getAttribute('href')) ?? '').split('/').pop();
    expect(meetingId).toBeTruthy();

    await ignore.click();
    await page.getByText(`You accepted “${summary}”.`).waitFor();
    // That meeting leaves the list (other occurrences of a series with the same title may stay).
    await expect.poll(() => future.locator(`a[href$="/${meetingId}"]`).count(), { timeout: 15_000 }).toBe(0);
    await screenshot(page, 'balance-ignored');

    await page.goto(`/my/plan/meeting/${meetingId}`);
    const dialog = page.getByRole('dialog', { name: summary });
    await dialog.waitFor();
    const me = dialog.getByTestId('attendees-list').locator(':scope > div').filter({ hasText: '(you)' });
    await expect.poll(() => me.textContent()).toContain('Accepted');
    await context.close();
  });

  it('an editor chooses a meeting intention in the modal and the score follows', async () => {
    const { page, context } = await newPage(browser);
    page.setDefaultTimeout(15_000);
    await signInToDemo(page);
    // A meeting of this week the demo user may edit.
    const meeting = await page.evaluate(async () => {
      const now = new Date();
      const start = new Date(now.getFullYear(), now.getMonth(), now.getDate() - now.getDay());
      const end = new Date(start.getFullYear(), start.getMonth(), start.getDate() + 7);
      const query = `by_period[starts_at]=${start.toISOString()}&by_period[ends_at]=${end.toISOString()}`;
      const doc = (await (await fetch(`/api/v1/meetings?${query}`)).json()) as {
        data: {
          id: string;
          attributes: { summary: string; organizer_email: { email: string } | null; score: number | null };
        }[];
      };
      // The demo calendar is an import: Alex chooses the intention of the meetings Alex organizes.
      const found = doc.data.find(
        (m) =>
          /^alex@[a-z0-9]+\.northwind\.example$/.test(m.attributes.organizer_email?.email ?? '') &&
          typeof m.attributes.score === 'number',
      );
      return found ? { id: found.id, summary: found.attributes.summary } : null;
    });
    expect(meeting).not.toBeNull();
    await page.goto(`/my/plan/meeting/${meeting!.id}`);
    const dialog = page.getByRole('dialog', { name: meeting!.summary });
    const picker = dialog.getByTestId('intention-picker');
    await picker.waitFor();
    await picker.click();
    await page.getByRole('option', { name: 'Retrospective' }).click();
    await expect.poll(() => picker.inputValue()).toBe('Retrospective');
    const saved = await page.evaluate(async (id) => {
      const doc = (await (await fetch(`/api/v1/meetings/${id}`)).json()) as {
        data: { attributes: { intention: string | null; score: number | null } };
      };
      return doc.data.attributes;
    }, meeting!.id);
    expect(saved.intention).toBe('retrospective');
    await expect
      .poll(async () => (await dialog.getByTestId('score-value').textContent())?.split('/')[0])
      .toBe(String(saved.score));
    await screenshot(page, 'meeting-intention');
    await context.close();
  });

  it('opens the Auto-balance view on a phone', async () => {
    const { page, context } = await newPage(browser, { mobile: true });
    await openAsDemo(page, '/my/balance/action');
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
