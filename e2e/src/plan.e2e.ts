import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  icsUtc,
  launch,
  newPage,
  openAsDemo,
  screenshot,
  signInToDemo,
  uploadIcs,
  weekParam,
} from './browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

interface DemoMeeting {
  id: string;
  summary: string;
  score: number | null;
  agendaCount: number;
  agendaFails: boolean;
}

/** The meetings of this week (Sunday to Sunday in the browser's zone), as the Plan screen asks for them. */
async function weekMeetings(page: Page): Promise<DemoMeeting[]> {
  return page.evaluate(async () => {
    const now = new Date();
    const start = new Date(now.getFullYear(), now.getMonth(), now.getDate() - now.getDay());
    const end = new Date(start.getFullYear(), start.getMonth(), start.getDate() + 7);
    const query = `by_period[starts_at]=${start.toISOString()}&by_period[ends_at]=${end.toISOString()}`;
    const response = await fetch(`/api/v1/meetings?${query}`);
    if (response.status !== 200) return [];
    const doc = (await response.json()) as {
      data: {
        id: string;
        attributes: {
          summary: string;
          score: number | null;
          agenda_items: unknown[];
          results: Record<string, { score: number }> | null;
        };
      }[];
    };
    return doc.data.map((m) => ({
      id: m.id,
      summary: m.attributes.summary,
      score: m.attributes.score,
      agendaCount: m.attributes.agenda_items.length,
      agendaFails: m.attributes.results?.required_agenda?.score === 0,
    }));
  });
}

/** A meeting of this week whose title is unique in the week (so clicking the title opens that one). */
async function pickMeeting(page: Page, match: (m: DemoMeeting) => boolean): Promise<DemoMeeting> {
  let meetings: DemoMeeting[] = [];
  await expect
    .poll(
      async () => {
        meetings = await weekMeetings(page);
        return meetings.length;
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThan(0);
  const unique = meetings.filter((m) => meetings.filter((other) => other.summary === m.summary).length === 1);
  const found = unique.find(match);
  if (!found) throw new Error(`No demo meeting matches among ${meetings.map((m) => m.summary).join(', ')}`);
  return found;
}

async function openFromCalendar(page: Page, summary: string) {
  await page.locator('.rbc-event', { hasText: summary }).first().click();
  await page.getByRole('dialog', { name: summary }).waitFor();
}

async function scoreShown(page: Page): Promise<number> {
  const text = (await page.getByTestId('score-value').textContent()) ?? '';
  return Number(text.split('/')[0]);
}

describe('plan journeys', () => {
  it('opens a low-scoring meeting, adds an agenda item and sees the score rise without a reload', async () => {
    const { page, context } = await newPage(browser);
    await openAsDemo(page, '/my/plan');
    await page.getByTestId('week-calendar').waitFor();
    const meeting = await pickMeeting(
      page,
      (m) => typeof m.score === 'number' && m.score < 80 && m.agendaFails,
    );
    await page.evaluate('window.__sameDocument = true');
    await screenshot(page, 'plan-desktop');

    await openFromCalendar(page, meeting.summary);
    expect(await scoreShown(page)).toBe(meeting.score);
    const agenda = page.getByRole('region', { name: 'Agenda' });
    await agenda.getByRole('textbox', { name: 'New agenda item' }).fill('Agree on the three themes');
    await agenda.getByRole('textbox', { name: 'Minutes' }).fill('15');
    await agenda.getByRole('button', { name: 'Add' }).click();
    await expect.poll(() => scoreShown(page), { timeout: 15_000 }).toBeGreaterThan(meeting.score as number);
    const raised = await scoreShown(page);
    await agenda.getByText('Agree on the three themes').waitFor();
    await screenshot(page, 'plan-meeting-modal');
    // The page was never reloaded.
    expect(await page.evaluate('window.__sameDocument')).toBe(true);

    // The week behind the modal shows the new score too.
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => url.pathname === '/my/plan');
    await expect
      .poll(() => page.locator('.rbc-event', { hasText: meeting.summary }).first().textContent())
      .toContain(String(raised));
    await context.close();
  });

  it('skips a meeting evaluation and re-evaluates it, with the toasts', async () => {
    const { page, context } = await newPage(browser);
    await openAsDemo(page, '/my/plan');
    await page.getByTestId('week-calendar').waitFor();
    const meeting = await pickMeeting(page, (m) => typeof m.score === 'number');
    await openFromCalendar(page, meeting.summary);

    await page.getByRole('button', { name: 'Skip evaluation' }).click();
    await page.getByText('This meetings evaluation was skipped.').waitFor();
    await page.getByText('Not scored').waitFor();
    await page.getByRole('button', { name: 'Re-evaluate' }).click();
    await page.getByText('This meeting was re-evaluated.').waitFor();
    await expect.poll(() => scoreShown(page)).toBe(meeting.score);
    await context.close();
  });

  it('presents a meeting end to end with the keyboard', async () => {
    const { page, context } = await newPage(browser);
    await openAsDemo(page, '/my/plan');
    await page.getByTestId('week-calendar').waitFor();
    const meeting = await pickMeeting(page, (m) => m.agendaCount >= 2);
    await openFromCalendar(page, meeting.summary);

    await page.getByRole('button', { name: 'Present' }).click();
    const start = page.getByRole('button', { name: 'Start meeting' });
    await start.focus();
    await page.keyboard.press('Enter');
    await page.getByText(`Item 1 of ${meeting.agendaCount}`).waitFor();
    const first = await page.getByTestId('present-item').textContent();
    // The timer counts: a busy machine may draw 00:02 before a poll sees 00:01.
    await expect
      .poll(() => page.getByTestId('present-timer').textContent(), { timeout: 15_000 })
      .toMatch(/^00:(0[1-9]|[1-5]\d)$/);

    await page.keyboard.press('ArrowRight');
    await page.getByText(`Item 2 of ${meeting.agendaCount}`).waitFor();
    expect(await page.getByTestId('present-timer').textContent()).toBe('00:00');
    await page.keyboard.press('ArrowLeft');
    await page.getByText(`Item 1 of ${meeting.agendaCount}`).waitFor();
    expect(await page.getByTestId('present-item').textContent()).toBe(first);
    for (let i = 1; i < meeting.agendaCount; i++) await page.keyboard.press('ArrowRight');
    await page.getByText(`Item ${meeting.agendaCount} of ${meeting.agendaCount}`).waitFor();
    await screenshot(page, 'present-in-progress');

    await page.getByRole('button', { name: 'End meeting' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Meeting complete' }).waitFor();
    await screenshot(page, 'present-completed');
    await page.getByRole('button', { name: 'Close presentation' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: meeting.summary }).waitFor();

    // The time spent on the first item was saved on it.
    await expect
      .poll(async () =>
        page.evaluate(async (id) => {
          const doc = (await (await fetch(`/api/v1/meetings/${id}`)).json()) as {
            data: { attributes: { agenda_items: { position: number; time_spent_in_secs: number | null }[] } };
          };
          const items = doc.data.attributes.agenda_items;
          return items.sort((a, b) => a.position - b.position)[0]?.time_spent_in_secs ?? 0;
        }, meeting.id),
      )
      .toBeGreaterThanOrEqual(1);
    await context.close();
  });

  it('lists the week by weekday name on a 390 px phone', async () => {
    const { page, context } = await newPage(browser, { mobile: true });
    await openAsDemo(page, '/my/plan');
    const list = page.getByTestId('week-list');
    await list.waitFor();
    const days = await list
      .getByRole('region')
      .evaluateAll((sections) => sections.map((s) => s.getAttribute('aria-label')));
    const weekdays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
    expect(days.length).toBeGreaterThan(0);
    expect(days.every((day) => weekdays.includes(String(day)))).toBe(true);
    // In week order, each day once.
    expect(days.map((day) => weekdays.indexOf(String(day)))).toEqual(
      [...days.map((day) => weekdays.indexOf(String(day)))].sort((a, b) => a - b),
    );
    expect(await page.locator('.rbc-calendar').count()).toBe(0);
    // Nothing overflows the phone's width.
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await screenshot(page, 'plan-mobile');

    await page.getByTestId('week-list-event').first().click();
    await page.getByRole('dialog').waitFor();
    await screenshot(page, 'plan-mobile-meeting');
    await context.close();
  });
});

describe('plan week: every event and block is visible, readable and opens', () => {
  // The demo's blocks: Deep work Monday and Wednesday 1–3 pm (under Wednesday's 1:30 design review) and
  // Gym Tuesday and Thursday 5:30–6:30 pm (after the default 5 pm end of the day).
  it('shows a late block and a block under a meeting side by side, AA contrast, opened by click and Enter', async () => {
    const { page, context } = await newPage(browser);
    page.setDefaultTimeout(15_000);
    await openAsDemo(page, '/my/plan');
    await page.getByTestId('week-calendar').waitFor();

    // The late block is drawn, and the visible hours widened to include it.
    const gym = page.locator('.rbc-event.mw-event-block', { hasText: 'Gym' });
    await expect.poll(() => gym.count(), { timeout: 30_000 }).toBe(2);
    // Two hours a row: 7 am to 5 pm by default shows '3 pm' last; widened to 7 pm, '5 pm'.
    expect(await page.locator('.rbc-time-gutter').textContent()).toContain('5 pm');
    expect((await gym.first().boundingBox())?.height).toBeGreaterThan(20);

    // The block under the meeting sits beside it: neither covers the other.
    const review = page.locator('.rbc-event:not(.mw-event-block)', { hasText: 'Design review' }).first();
    const reviewBox = (await review.boundingBox())!;
    const deepWork = page.locator('.rbc-event.mw-event-block', { hasText: 'Deep work' });
    await expect.poll(() => deepWork.count()).toBe(2);
    const under = [];
    for (const box of await Promise.all((await deepWork.all()).map((b) => b.boundingBox()))) {
      const sameTime = box && box.y < reviewBox.y + reviewBox.height && reviewBox.y < box.y + box.height;
      const sameDay = box && Math.abs(box.x - reviewBox.x) < 200;
      if (sameTime && sameDay) under.push(box);
    }
    expect(under).toHaveLength(1);
    const block = under[0]!;
    expect(block.x + block.width <= reviewBox.x + 1 || reviewBox.x + reviewBox.width <= block.x + 1).toBe(
      true,
    );
    await screenshot(page, 'plan-week-blocks');

    // Every event reads at WCAG AA.
    const contrast = await new AxeBuilder({ page })
      .include('[data-testid="week-calendar"]')
      .withRules(['color-contrast'])
      .analyze();
    expect(contrast.violations.flatMap((v) => v.nodes.map((n) => n.target.join(' ')))).toEqual([]);

    // A block opens its drawer by click and by Enter; a meeting its modal by Enter.
    const focusInDialog = async () => (await page.locator('[role="dialog"] :focus').count()) > 0;
    await gym.first().click({ timeout: 10_000 });
    await page.waitForURL((url) => url.pathname.startsWith('/my/plan/block/'), { timeout: 10_000 });
    await page.getByRole('dialog', { name: 'Editing Wellness block' }).waitFor({ timeout: 10_000 });
    await expect.poll(() => page.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('Gym');
    await expect.poll(focusInDialog).toBe(true);
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => url.pathname === '/my/plan', { timeout: 10_000 });
    await deepWork.first().focus({ timeout: 10_000 });
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Editing Wellness block' }).waitFor({ timeout: 10_000 });
    // The drawer takes the focus once it has opened; Escape is the drawer's from then on.
    await expect.poll(focusInDialog).toBe(true);
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => url.pathname === '/my/plan', { timeout: 10_000 });
    await review.focus({ timeout: 10_000 });
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: /Design review/ }).waitFor({ timeout: 10_000 });
    await context.close();
  });

  it('gathers twelve parallel sessions into three and "+9 more", whose list opens each', async () => {
    const { page, context } = await newPage(browser);
    page.setDefaultTimeout(15_000);
    await signInToDemo(page);
    // Tomorrow at 10:00 in the browser's zone: a conference's parallel track, each session with the person.
    const start = await page.evaluate(() => {
      const now = new Date();
      return new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 10, 0).getTime();
    });
    const titles = Array.from({ length: 12 }, (_, i) => `Track ${String.fromCharCode(65 + i)} session`);
    await uploadIcs(
      page,
      (email) =>
        titles.flatMap((title, i) => [
          'BEGIN:VEVENT',
          `UID:crowded-${i}@e2e`,
          `DTSTART:${icsUtc(new Date(start))}`,
          `DTEND:${icsUtc(new Date(start + 45 * 60_000))}`,
          `SUMMARY:${title}`,
          'ORGANIZER:mailto:program@conference.example',
          'ATTENDEE;PARTSTAT=ACCEPTED:mailto:program@conference.example',
          `ATTENDEE;PARTSTAT=ACCEPTED:mailto:${email}`,
          'END:VEVENT',
        ]),
      { summaries: titles, around: new Date(start) },
    );
    await page.goto(`/my/plan?w=${await weekParam(page, new Date(start))}`);
    const more = page.locator('.rbc-event.mw-event-more', { hasText: '+9 more' });
    await more.waitFor({ timeout: 30_000 });
    const drawn = page.locator('.rbc-event', { hasText: /Track [A-C] session/ });
    expect(await drawn.count()).toBe(3);
    // Each as wide as a quarter of the day, not a twelfth.
    const day = (await page.locator('.rbc-time-content .rbc-day-slot').first().boundingBox())!;
    for (const box of await Promise.all([...(await drawn.all()), more].map((e) => e.boundingBox())))
      expect(box!.width).toBeGreaterThan(day.width / 4 - 8);
    const contrast = await new AxeBuilder({ page })
      .include('.mw-event-more')
      .withRules(['color-contrast'])
      .analyze();
    expect(contrast.violations).toEqual([]);
    await screenshot(page, 'plan-week-crowded');

    await more.click();
    const list = page.getByRole('dialog', { name: '9 more' });
    await list.waitFor();
    expect(await list.getByTestId('week-list-event').count()).toBe(9);
    await screenshot(page, 'plan-week-crowded-list');
    expect(await list.getByTestId('week-list-event').first().textContent()).toContain('Track D session');
    await list.getByRole('button', { name: 'Track L session' }).click();
    await page.getByRole('dialog', { name: 'Track L session' }).waitFor();
    await context.close();
  });
});
