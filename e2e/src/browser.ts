import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { inject, onTestFailed } from 'vitest';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const artifacts = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../artifacts');

export async function launch(): Promise<Browser> {
  await fs.access(CHROMIUM).catch(() => {
    throw new Error(
      `Chromium is missing at ${CHROMIUM}: run \`apt-get install -y chromium\` (npm test does it as root).`,
    );
  });
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export const baseUrl = () => inject('baseUrl');

export async function newPage(
  browser: Browser,
  options: { mobile?: boolean; timeZone?: string; viewport?: { width: number; height: number } } = {},
) {
  const context: BrowserContext = await browser.newContext({
    baseURL: baseUrl(),
    viewport:
      options.viewport ?? (options.mobile ? { width: 390, height: 844 } : { width: 1280, height: 800 }),
    timezoneId: options.timeZone ?? 'America/New_York',
    locale: 'en-US',
  });
  const page = await context.newPage();
  const refused: string[] = [];
  cspRefusals.set(page, refused);
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
      refused.push(message.text());
  });
  keepScreenOnFailure(page);
  return { context, page };
}

/**
 * When the test that opened the page fails, what the page showed then is saved as `failed-<test>.png` beside
 * the other screenshots: a wait that timed out says what it waited for, not what was there instead. A page
 * opened for a whole file (in beforeAll) belongs to no single test and is not followed.
 */
function keepScreenOnFailure(page: Page) {
  try {
    onTestFailed(async ({ task }) => {
      const name = task.name.replace(/[^\w-]+/g, '-').slice(0, 80);
      await fs.mkdir(artifacts, { recursive: true });
      await page.screenshot({ path: path.join(artifacts, `failed-${name}.png`) }).catch(() => {});
    });
  } catch {
    // Outside a test (beforeAll): nothing to follow.
  }
}

/** What the server's Content-Security-Policy blocked on each page (Chromium reports it on the console). */
const cspRefusals = new WeakMap<Page, string[]>();

/** Saves what the page shows, after checking nothing on it was blocked by the security policy. */
export async function screenshot(page: Page, name: string) {
  const refused = cspRefusals.get(page) ?? [];
  if (refused.length)
    throw new Error(`The Content-Security-Policy blocked, on ${name}:\n${refused.join('\n')}`);
  await fs.mkdir(artifacts, { recursive: true });
  await page.screenshot({ path: path.join(artifacts, `${name}.png`), fullPage: false });
}

/**
 * Holds every script the page asks for until `release` is called: the page stays as the server pre-rendered
 * it, as a slow phone sees it before its script has arrived.
 */
export async function holdScripts(page: Page): Promise<{ release: () => void }> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\.js(\?|$)/, async (route) => {
    await held;
    await route.continue().catch(() => {});
  });
  return { release };
}

/**
 * Opens 'Log in / Sign up' from the home page with one click and waits for `ready` in it. The page arrives
 * pre-rendered; a click before its script has run follows the button's link to the page with the dialog open.
 */
export async function openLoginDialog(page: Page, ready: Locator) {
  await page.goto('/');
  await page
    .getByRole('button', { name: /Log in \/ Sign up|Sign up/ })
    .first()
    .click();
  await ready.waitFor({ timeout: 30_000 });
  return page.getByRole('dialog', { name: 'Log in / Sign up' });
}

/** Signs in with 'Try the demo' from the home page, as a visitor would. */
export async function signInToDemo(page: Page) {
  const tryTheDemo = page.getByRole('button', { name: 'Try the demo' });
  const dialog = await openLoginDialog(page, tryTheDemo);
  await tryTheDemo.click();
  await page.waitForURL('**/my/review/you', { timeout: 60_000 });
  await dialog.waitFor({ state: 'hidden' });
}

/**
 * Opens `path` signed in to a demo account of its own, without the home page and its dialog: for journeys about
 * a screen, not about signing in (that path is walked by signInToDemo in the foundation, review, export,
 * billing, phone and sign-in journeys). The request is the dialog's own (POST /auth/demo with the browser's zone), made from the
 * page's context so that its cookies are the page's.
 */
export async function openAsDemo(page: Page, path: string) {
  const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const answer = await page.request.post('/api/v1/auth/demo', {
    headers: { 'Content-Type': 'application/vnd.api+json' },
    data: { data: { type: 'sessions', attributes: { time_zone: timeZone } } },
  });
  if (answer.status() !== 201) throw new Error(`demo sign-in: ${answer.status()} ${await answer.text()}`);
  await page.goto(path);
}

/**
 * Signs in as `email` with a sign-in link, as whoever runs `npm start` without a mail server does: asked for in
 * 'Log in / Sign up', then read from the server's log.
 */
export async function signInByLink(page: Page, email: string) {
  const logFile = inject('serverLog');
  // Only a link logged after this request counts (an earlier one may be used already).
  const from = (await fs.readFile(logFile, 'utf8')).length;
  const workEmail = page
    .getByRole('dialog', { name: 'Log in / Sign up' })
    .getByRole('textbox', { name: 'Work email' });
  const dialog = await openLoginDialog(page, workEmail);
  await workEmail.fill(email);
  await dialog.getByRole('button', { name: 'Email me a sign-in link' }).click();
  const pattern = new RegExp(
    `Sign-in link for ${email.replace(/[.+]/g, '\\$&')}[^:]*: (${baseUrl()}/sign-in/[\\w%-]+)`,
  );
  const deadline = Date.now() + 20_000;
  let link: string | undefined;
  while (!link && Date.now() < deadline) {
    link = pattern.exec((await fs.readFile(logFile, 'utf8')).slice(from))?.[1];
    if (!link) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (!link) throw new Error(`No sign-in link for ${email} in the server's log`);
  await page.goto(link);
  await page.waitForURL('**/my/**', { timeout: 60_000 });
}

/**
 * Serious or critical WCAG 2 A/AA problems on the page as it is now, one line each, prefixed by `label`.
 * `include` narrows the check to one part (a dialog); `exclude` leaves one out (a sandboxed mail frame,
 * which axe cannot enter).
 */
export async function accessibilityProblems(
  page: Page,
  label: string,
  scope: { include?: string; exclude?: string } = {},
): Promise<string[]> {
  // A toast or dialog fading in is half transparent: its colours blend with what lies under it, and axe would
  // judge the blend. Scan once every finite animation (not a spinner) has ended.
  await page
    .waitForFunction(
      `document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity)`,
      undefined,
      { timeout: 5_000, polling: 100 },
    )
    .catch(() => {});
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']);
  if (scope.include) builder.include(scope.include);
  if (scope.exclude) builder.exclude(scope.exclude);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${label} ${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} (${n.any[0]?.message ?? n.failureSummary})`).join('; ')}`,
    );
}

/**
 * Adds an ICS file as the signed-in person would upload it (POST /calendars/ics/file with the page's session and
 * CSRF token). `events` gets the person's address, for their own attendee lines. Resolves once the file's
 * events are stored: each `summary` given in `expect` is found among the meetings around `around`.
 */
export async function uploadIcs(
  page: Page,
  events: (email: string) => string[],
  expected: { summaries: string[]; around: Date },
): Promise<{ id: string; summary: string; score: number | null }[]> {
  const csrf = decodeURIComponent(
    (await page.context().cookies()).find((c) => c.name === 'MWCsrf')?.value ?? '',
  );
  const email = await page.evaluate(
    async () =>
      ((await (await fetch('/api/v1/users')).json()) as { data: { attributes: { email: string } } }).data
        .attributes.email,
  );
  const content = ['BEGIN:VCALENDAR', 'VERSION:2.0', ...events(email), 'END:VCALENDAR'].join('\r\n');
  return page.evaluate(
    async ({ content, token, summaries, around }) => {
      const added = await fetch('/api/v1/calendars/ics/file', {
        method: 'POST',
        headers: { 'Content-Type': 'text/calendar', 'X-CSRF-Token': token },
        body: content,
      });
      if (added.status >= 300) throw new Error(`upload: ${added.status} ${await added.text()}`);
      const from = new Date(around - 3 * 86_400_000).toISOString();
      const to = new Date(around + 3 * 86_400_000).toISOString();
      for (let attempt = 0; attempt < 120; attempt++) {
        const response = await fetch(
          `/api/v1/meetings?by_period[starts_at]=${from}&by_period[ends_at]=${to}`,
        );
        if (response.status === 200) {
          const doc = (await response.json()) as {
            data: { id: string; attributes: { summary: string; score: number | null } }[];
          };
          const found = summaries.map((summary) => doc.data.find((m) => m.attributes.summary === summary));
          if (found.every((m) => m && m.attributes.score !== null))
            return found.map((m) => ({
              id: m!.id,
              summary: m!.attributes.summary,
              score: m!.attributes.score,
            }));
        }
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      throw new Error(`not stored and scored: ${summaries.join(', ')}`);
    },
    { content, token: csrf, summaries: expected.summaries, around: expected.around.getTime() },
  );
}

/** An ICS date-time in UTC (20261129T100000Z). */
export const icsUtc = (date: Date) => `${date.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;

/** The Sunday starting the week of `date` in the page's zone, as Plan's `?w=` has it. */
export async function weekParam(page: Page, date: Date): Promise<string> {
  return page.evaluate((at) => {
    const day = new Date(at);
    const sunday = new Date(day.getFullYear(), day.getMonth(), day.getDate() - day.getDay());
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${sunday.getFullYear()}-${pad(sunday.getMonth() + 1)}-${pad(sunday.getDate())}`;
  }, date.getTime());
}
