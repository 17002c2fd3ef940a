import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../auth/sessions';
import { signInLinks } from '../../db/schema';
import { type App, buildApp } from '../../http/app';
import { hashToken, randomToken } from '../../lib/crypto';
import { createTestContext, type TestContext } from '../../test/context';
import { linkPageRoutes } from './link-pages';

const APP_URL = 'https://app.meetwell.test';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const OUR_PAGE = { ...FORM, origin: APP_URL, 'sec-fetch-site': 'same-origin' };

let ctx: TestContext;
let app: App;
let dist: string;

beforeAll(async () => {
  ctx = await createTestContext({ APP_URL });
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'meetwell-web-'));
  await fs.writeFile(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="en"><head></head><body><div id="root"></div><p>the app</p><noscript>MeetWell needs JavaScript to run.</noscript></body></html>',
  );
  await fs.writeFile(
    path.join(dist, 'public.html'),
    '<!doctype html><html lang="en" data-scheme="light"><head><link rel="stylesheet" href="/assets/public.css"></head><div id="root"></div>',
  );
  await fs.writeFile(
    path.join(dist, 'public-pages.json'),
    JSON.stringify({
      pages: [],
      bodies: {
        '/sign-in/:token': '<form method="post"><button>Log in</button></form>',
        '/sign-in/:token?status=invalid': '<h1>This sign-in link has expired or was already used.</h1>',
        '/invite/:token': '<form method="post"><button>Join the team</button></form>',
        '/invite/:token?status=invalid': '<h1>This invite is no longer valid.</h1>',
      },
    }),
  );
  app = await buildApp(ctx, [linkPageRoutes], { webDist: dist });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await ctx?.close();
  await fs.rm(dist, { recursive: true, force: true });
});

async function signInLink(email: string) {
  const token = randomToken(32);
  await ctx.db.insert(signInLinks).values({
    email,
    tokenHash: hashToken(token),
    createdAt: ctx.now(),
    expiresAt: new Date(ctx.now().getTime() + 15 * 60_000),
  });
  return token;
}

const usedAt = async (token: string) =>
  (
    await ctx.db
      .select()
      .from(signInLinks)
      .where(eq(signInLinks.tokenHash, hashToken(token)))
  )[0]?.usedAt ?? null;

describe('a sign-in link opened without JavaScript', () => {
  it('shows one button, and opening the link (or a mail scanner fetching it) spends nothing', async () => {
    const token = await signInLink('kim@newco-links.example');
    const page = await app.inject({ url: `/sign-in/${token}` });
    expect(page.statusCode).toBe(200);
    // The app's own document (with JavaScript the app spends the link and goes on without a second page
    // load), the pre-rendered button as its <noscript>.
    expect(page.body).toContain('<p>the app</p>');
    expect(page.body).toContain(
      '<div id="root"><noscript><form method="post"><button>Log in</button></form></noscript></div>',
    );
    expect(page.body).not.toContain('needs JavaScript');
    // Styled as the light entry styles it, where no script runs.
    expect(page.body).toContain(
      '<html lang="en" data-scheme="light"><head><noscript><link rel="stylesheet" href="/assets/public.css"></noscript></head>',
    );
    expect(await usedAt(token)).toBeNull();
  });

  it('signs in from the button and goes to the app; the used link then says so', async () => {
    const token = await signInLink('lee@newco-links.example');
    const posted = await app.inject({
      method: 'POST',
      url: `/sign-in/${token}`,
      headers: OUR_PAGE,
      payload: '',
    });
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe('/my/review/you');
    expect(posted.cookies.map((c) => c.name)).toContain(SESSION_COOKIE);
    expect(await usedAt(token)).not.toBeNull();

    const again = await app.inject({
      method: 'POST',
      url: `/sign-in/${token}`,
      headers: OUR_PAGE,
      payload: '',
    });
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe(`/sign-in/${token}?status=invalid`);
    const page = await app.inject({ url: again.headers.location as string });
    expect(page.body).toContain('This sign-in link has expired or was already used.');
  });

  it("refuses another site's form (it would sign the visitor into someone else's account)", async () => {
    const token = await signInLink('max@newco-links.example');
    for (const headers of [
      { ...FORM, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      { ...FORM, origin: 'https://evil.example' },
    ]) {
      const posted = await app.inject({ method: 'POST', url: `/sign-in/${token}`, headers, payload: '' });
      expect(posted.statusCode).toBe(303);
      expect(posted.headers.location).toBe(`/sign-in/${token}`);
      expect(posted.cookies.map((c) => c.name)).not.toContain(SESSION_COOKIE);
    }
    expect(await usedAt(token)).toBeNull();
  });

  it('says an unknown invite is no longer valid', async () => {
    expect((await app.inject({ url: '/invite/some-invite-token' })).body).toContain('Join the team');
    const posted = await app.inject({
      method: 'POST',
      url: '/invite/no-such-invite-token',
      headers: OUR_PAGE,
      payload: '',
    });
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe('/invite/no-such-invite-token?status=invalid');
  });
});
