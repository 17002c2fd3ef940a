import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, screenshot, signInToDemo } from './browser';

/**
 * What would raise a score, on the demo: the meeting modal's "How to improve" names changes with the score
 * each gives, and making one (an agenda item) gives exactly that score; Review lists the changes that would
 * lift the period's average, with the figures the API computed.
 */
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

type Suggestion = { kind: string; label: string; score: number; letter_grade: string; gain: number };

/** This week's scored meetings without an agenda (the agenda rule fails), as the Plan screen reads them. */
async function meetingsWithoutAgenda(page: Page): Promise<{ id: string; summary: string; score: number }[]> {
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
          results: Record<string, { score: number }> | null;
        };
      }[];
    };
    return doc.data
      .filter(
        (m) => typeof m.attributes.score === 'number' && m.attributes.results?.required_agenda?.score === 0,
      )
      .map((m) => ({ id: m.id, summary: m.attributes.summary, score: m.attributes.score as number }));
  });
}

async function scoreShown(page: Page): Promise<number> {
  const text = (await page.getByTestId('score-value').textContent()) ?? '';
  return Number(text.split('/')[0]);
}

describe('suggestions journeys', () => {
  it('the modal says how to improve a meeting, and making the change gives the score it said', async () => {
    const { page, context } = await newPage(browser);
    await signInToDemo(page);
    let candidates: Awaited<ReturnType<typeof meetingsWithoutAgenda>> = [];
    await expect
      .poll(
        async () => {
          candidates = await meetingsWithoutAgenda(page);
          return candidates.length;
        },
        { timeout: 30_000 },
      )
      .toBeGreaterThan(0);
    const meeting = candidates[0]!;

    const answer = page.waitForResponse((r) =>
      r.url().includes(`/api/v1/meetings/${meeting.id}/suggestions`),
    );
    await page.goto(`/my/plan/meeting/${meeting.id}`);
    const dialog = page.getByRole('dialog', { name: meeting.summary });
    await dialog.waitFor();
    const api = (await (await answer).json()) as { data: { attributes: Suggestion }[] };
    const suggestions = api.data.map((r) => r.attributes);
    expect(suggestions.length).toBeGreaterThan(0);
    const section = dialog.getByTestId('how-to-improve');
    await section.getByText('How to improve').waitFor();
    const rows = section.getByTestId('suggestion');
    expect(await rows.count()).toBe(suggestions.length);
    for (const [i, s] of suggestions.entries()) {
      const row = rows.nth(i);
      expect(await row.getAttribute('data-kind')).toBe(s.kind);
      expect(await row.textContent()).toContain(s.label);
      expect(await row.getByTestId('suggestion-score').textContent()).toBe(`${s.score}, ${s.letter_grade}`);
      expect(s.score).toBe(meeting.score + s.gain);
    }
    // Best first.
    expect(suggestions.map((s) => s.gain)).toEqual([...suggestions.map((s) => s.gain)].sort((a, b) => b - a));
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'suggestions-meeting-modal');
    // On a phone the rows wrap inside the modal.
    await page.setViewportSize({ width: 390, height: 844 });
    await section.scrollIntoViewIfNeeded();
    const box = await section.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await screenshot(page, 'suggestions-meeting-modal-phone');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Make the agenda change: the score becomes the one the suggestion named.
    const agendaSuggestion = suggestions.find((s) => s.kind === 'add_agenda');
    expect(agendaSuggestion).toBeDefined();
    expect(await scoreShown(page)).toBe(meeting.score);
    const agenda = dialog.getByRole('region', { name: 'Agenda' });
    await agenda.getByRole('textbox', { name: 'New agenda item' }).fill('Agree on the next step');
    await agenda.getByRole('button', { name: 'Add' }).click();
    await expect.poll(() => scoreShown(page), { timeout: 15_000 }).toBe(agendaSuggestion!.score);
    // The section no longer suggests an agenda.
    await expect.poll(() => section.locator('[data-kind="add_agenda"]').count(), { timeout: 15_000 }).toBe(0);
    await context.close();
  });

  it("Review lists the changes that would lift the period's average, with the API's figures", async () => {
    const { page, context } = await newPage(browser);
    const answer = page.waitForResponse((r) => r.url().includes('/api/v1/suggestions/period'), {
      timeout: 60_000,
    });
    const averages = page.waitForResponse(
      (r) => r.url().includes('/api/v1/reports/averages') && r.url().includes('who=user'),
      { timeout: 60_000 },
    );
    await signInToDemo(page);
    const api = (await (await answer).json()) as {
      data: {
        attributes: {
          kind: string;
          label: string;
          meetings: number;
          average_now: number;
          average_after: number;
          lift: number;
        };
      }[];
      meta: { meetings: number };
    };
    expect(api.data.length).toBeGreaterThan(0);
    const block = page.getByTestId('improve-average');
    await block.getByText('The changes that would lift your average most this period').waitFor();
    await block.getByText(`Counted over the period's ${api.meta.meetings} scored meetings.`).waitFor();
    const rows = block.getByTestId('average-improvement');
    expect(await rows.count()).toBe(api.data.length);
    const one = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));
    for (const [i, { attributes: a }] of api.data.entries()) {
      const row = rows.nth(i);
      expect(await row.getAttribute('data-kind')).toBe(a.kind);
      expect(await row.textContent()).toContain(a.label);
      expect(await row.getByTestId('average-change').textContent()).toBe(
        `${one(a.average_now)} → ${one(a.average_after)}`,
      );
      expect(await row.textContent()).toContain(`+${one(a.lift)}`);
      expect(a.average_after).toBeGreaterThan(a.average_now);
    }
    // The same meetings and average as the report card.
    const card = (await (await averages).json()) as {
      data: { attributes: { rows: { total: number; average_exact: number | null } } };
    };
    expect(api.meta.meetings).toBe(card.data.attributes.rows.total);
    // One decimal here, two there.
    const exact = card.data.attributes.rows.average_exact ?? Number.NaN;
    expect(Math.abs(api.data[0]!.attributes.average_now - exact)).toBeLessThanOrEqual(0.051);
    await page.getByRole('region', { name: 'Report card' }).getByText('Average score').waitFor();
    await block.scrollIntoViewIfNeeded();
    await screenshot(page, 'suggestions-review');
    await context.close();
  }, 120_000);
});
