import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityProblems, launch, newPage, screenshot, signInByLink } from './browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const ics = (email: string, title: string) => {
  const stamp = (date: Date) => `${date.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;
  // A meeting of this week (in the browser's New York, weeks from Sunday) for the tour's agenda step: an hour
  // from now, or, late on a Saturday evening there, an earlier one today.
  const weekday = (date: Date) =>
    new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', weekday: 'short' }).format(date);
  const soon = new Date(Math.ceil((Date.now() + 60 * 60_000) / 900_000) * 900_000);
  const start =
    weekday(soon) === 'Sun' && weekday(new Date()) === 'Sat'
      ? new Date(Math.floor((Date.now() - 90 * 60_000) / 900_000) * 900_000)
      : soon;
  const end = new Date(start.getTime() + 30 * 60_000);
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//MeetWell e2e//EN',
    'X-WR-CALNAME:Onboarding calendar',
    'BEGIN:VEVENT',
    `UID:onboarding-${Date.now()}@e2e.example`,
    `DTSTAMP:${stamp(new Date())}`,
    `DTSTART:${stamp(start)}`,
    `DTEND:${stamp(end)}`,
    `SUMMARY:${title}`,
    'DESCRIPTION:Agenda:\\n1. Goals\\n2. Next steps',
    'ORGANIZER;CN=Jordan Lee:mailto:jordan@elsewhere.example',
    'ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;CN=Jordan Lee:mailto:jordan@elsewhere.example',
    `ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION:mailto:${email}`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
};

const TOUR = [
  {
    title: 'Your meeting health at a glance',
    counter: '4 of 9',
    next: 'What about my meetings?',
    url: /\/my\/review\/you\?onboarding=true$/,
  },
  {
    title: 'Plan your week',
    counter: '5 of 9',
    next: 'How are meetings scored?',
    url: /\/my\/plan\?onboarding=true$/,
  },
  {
    title: 'Agendas win meetings',
    counter: '6 of 9',
    next: 'How do I take action?',
    url: /\/my\/plan\/meeting\/[^/?]+\?onboarding=true$/,
  },
  {
    title: 'Protect your time',
    counter: '7 of 9',
    next: 'What does MeetWell do automatically?',
    url: /\/my\/balance\/wellness-blocks\?onboarding=true$/,
  },
  {
    title: 'Auto-Balance',
    counter: '8 of 9',
    next: 'Who gets enforced?',
    url: /\/my\/balance\/action\?onboarding=true$/,
  },
  {
    title: 'Who gets enforced?',
    counter: '9 of 9',
    next: 'All done!',
    url: /\/my\/balance\/action\?onboarding=true$/,
  },
];

async function tourStep(page: Page, title: string): Promise<Locator> {
  const step = page.getByRole('dialog', { name: title });
  await step.waitFor();
  return step;
}

/** Welcome → calendars (already watched) → goals → finish, as after 'Take a tour'. */
async function passModal(page: Page) {
  const welcome = page.getByRole('dialog', { name: 'Welcome to MeetWell!' });
  await welcome.getByRole('button', { name: "Let's get started" }).click();
  const calendars = page.getByRole('dialog', { name: 'Choose your calendars' });
  await expect.poll(() => calendars.getByRole('button', { name: 'Next' }).isEnabled()).toBe(true);
  await calendars.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('dialog', { name: 'Set your goals' }).getByRole('button', { name: 'Finish' }).click();
}

describe('First run', () => {
  it('welcomes a new person, has a calendar imported and watched, saves goals and tours the app to All done!', async () => {
    const { page, context } = await newPage(browser, { viewport: { width: 1366, height: 900 } });
    page.setDefaultTimeout(20_000);
    const email = `first-run-${Date.now()}@onboarding.example`;
    await signInByLink(page, email);

    const welcome = page.getByRole('dialog', { name: 'Welcome to MeetWell!' });
    await welcome.getByText('Step 1 of 9').waitFor();
    await screenshot(page, 'onboarding-welcome-desktop');
    // Not dismissible.
    await page.keyboard.press('Escape');
    await page.mouse.click(10, 450);
    expect(await welcome.isVisible()).toBe(true);
    await welcome.getByRole('button', { name: "Let's get started" }).click();

    const calendars = page.getByRole('dialog', { name: 'Choose your calendars' });
    await calendars.getByText('No calendar added.').waitFor();
    const next = calendars.getByRole('button', { name: 'Next' });
    expect(await next.isDisabled()).toBe(true);
    await screenshot(page, 'onboarding-calendars-empty-desktop');
    expect(await accessibilityProblems(page, '1366px calendars')).toEqual([]);

    await calendars.getByRole('button', { name: 'Add an ICS calendar' }).click();
    const add = page.getByRole('dialog', { name: 'Add an ICS calendar' });
    await add.getByText('Upload a file').click();
    await add.locator('input[type="file"]').setInputFiles({
      name: 'work.ics',
      mimeType: 'text/calendar',
      buffer: Buffer.from(ics(email, 'Kick-off with Jordan')),
    });
    await add.getByRole('button', { name: 'Add calendar' }).click();
    await add.waitFor({ state: 'hidden' });
    const watch = calendars.getByRole('switch', { name: 'Balance Onboarding calendar' });
    await expect.poll(() => watch.isChecked()).toBe(true);
    await expect.poll(() => next.isEnabled()).toBe(true);
    await screenshot(page, 'onboarding-calendars-watched-desktop');
    await next.click();

    const goals = page.getByRole('dialog', { name: 'Set your goals' });
    await goals.getByText('Step 3 of 9').waitFor();
    await goals.getByText('Deep work').click();
    await goals.getByText('Walk outside').click();
    expect(await goals.getByRole('checkbox', { name: 'Walk outside' }).isChecked()).toBe(true);
    await screenshot(page, 'onboarding-goals-desktop');
    expect(await accessibilityProblems(page, '1366px goals')).toEqual([]);
    await goals.getByRole('button', { name: 'Finish' }).click();
    await page.getByRole('dialog', { name: "You're all set!" }).waitFor();
    const me = (await page.evaluate(async () => (await fetch('/api/v1/users')).json())) as {
      data: { attributes: { onboarded: boolean; goal_ids: number[] } };
    };
    expect(me.data.attributes.onboarded).toBe(true);
    expect([...me.data.attributes.goal_ids].sort()).toEqual([1, 8]);

    for (const [index, step] of TOUR.entries()) {
      const dialog = await tourStep(page, step.title);
      await expect.poll(() => page.url()).toMatch(step.url);
      await dialog.getByText(step.counter).waitFor();
      // Focus is in the step, for the keyboard.
      await expect
        .poll(() => dialog.evaluate((element) => element.contains(element.ownerDocument.activeElement)), {
          message: `focus in '${step.title}'`,
        })
        .toBe(true);
      if (index === 0) {
        await screenshot(page, 'tour-review-desktop');
        expect(await accessibilityProblems(page, '1366px tour')).toEqual([]);
      }
      if (step.title === 'Plan your week') {
        // The agenda step opens this meeting, once the import's sync has it.
        await page.getByText('Kick-off with Jordan').first().waitFor({ timeout: 60_000 });
      }
      if (step.title === 'Agendas win meetings') {
        await page.getByRole('dialog', { name: /Kick-off with Jordan/ }).waitFor();
        await screenshot(page, 'tour-agenda-desktop');
      }
      if (step.title === 'Who gets enforced?') await screenshot(page, 'tour-enforce-desktop');
      await dialog.getByRole('button', { name: step.next }).click();
    }
    await page.getByRole('dialog', { name: 'Who gets enforced?' }).waitFor({ state: 'hidden' });
    await expect.poll(() => new URL(page.url()).search).toBe('');
    expect(new URL(page.url()).pathname).toBe('/my/balance/action');

    const tips = (await page.evaluate(async () => (await fetch('/api/v1/tips')).json())) as {
      data: { attributes: { seen_at: string | null } }[];
    };
    expect(tips.data.every((tip) => tip.attributes.seen_at !== null)).toBe(true);

    // 'Take a tour' starts again from the welcome, then the tour; Escape ends it.
    await page
      .getByRole('button', { name: /^Account menu for/ })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Take a tour' }).click();
    await page.getByRole('dialog', { name: 'Welcome to MeetWell!' }).waitFor();
    await passModal(page);
    const again = await tourStep(page, TOUR[0]!.title);
    await again.getByText('4 of 9').waitFor();
    await page.keyboard.press('Escape');
    await again.waitFor({ state: 'hidden' });
    await expect.poll(() => new URL(page.url()).search).toBe('');

    // The hint of who sees Review, on a desktop.
    await page.getByRole('button', { name: 'Who can see this?' }).click();
    await page.getByText('Only you can see this.').waitFor();
    await screenshot(page, 'who-can-see-desktop');

    const state = await context.storageState();
    await context.close();

    // On a phone: the tour restarted from the menu, each step fits the screen.
    const phone = await browser.newContext({
      baseURL: new URL(page.url()).origin,
      viewport: { width: 390, height: 844 },
      timezoneId: 'America/New_York',
      locale: 'en-US',
      storageState: state,
    });
    const mobile = await phone.newPage();
    mobile.setDefaultTimeout(20_000);
    await mobile.goto('/my/review/you');
    expect(await mobile.getByRole('button', { name: 'Who can see this?' }).count()).toBe(0);
    await mobile
      .getByRole('button', { name: /^Account menu for/ })
      .first()
      .click();
    await mobile.getByRole('menuitem', { name: 'Take a tour' }).click();
    await mobile.getByRole('dialog', { name: 'Welcome to MeetWell!' }).waitFor();
    await screenshot(mobile, 'onboarding-welcome-mobile');
    await mobile.getByRole('button', { name: "Let's get started" }).click();
    await mobile
      .getByRole('dialog', { name: 'Choose your calendars' })
      .getByText('Onboarding calendar')
      .waitFor();
    await screenshot(mobile, 'onboarding-calendars-mobile');
    // The dialogs only: Review's own tables behind them are not this journey's (their scroll areas take no focus).
    expect(await accessibilityProblems(mobile, '390px calendars', { include: '[role="dialog"]' })).toEqual(
      [],
    );
    await mobile.getByRole('button', { name: 'Next' }).click();
    await mobile
      .getByRole('dialog', { name: 'Set your goals' })
      .getByRole('button', { name: 'Finish' })
      .click();
    for (const step of TOUR) {
      const dialog = await tourStep(mobile, step.title);
      await dialog.getByText(step.counter).waitFor();
      // The step settles beside its target (it moves there): measured once it has stopped moving.
      await expect
        .poll(
          async () => {
            const box = await dialog.boundingBox();
            return box ? box.x >= 0 && box.x + box.width <= 390 : false;
          },
          { message: `step "${step.title}" fits 390 px`, timeout: 5_000 },
        )
        .toBe(true);
      if (step.title === 'Your meeting health at a glance') {
        await screenshot(mobile, 'tour-review-mobile');
        expect(await accessibilityProblems(mobile, '390px tour', { include: '[role="dialog"]' })).toEqual([]);
      }
      if (step.title === 'Agendas win meetings') await screenshot(mobile, 'tour-agenda-mobile');
      if (step.title === 'Auto-Balance') await screenshot(mobile, 'tour-action-mobile');
      await dialog.getByRole('button', { name: step.next }).click();
    }
    await expect.poll(() => new URL(mobile.url()).search).toBe('');
    expect(await mobile.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await phone.close();
  });
});
