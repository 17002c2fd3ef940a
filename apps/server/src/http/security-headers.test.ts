import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes } from '../routes';
import { createTestContext, type TestContext } from '../test/context';
import { type App, buildApp } from './app';

/** A built web app in miniature: its page, a fingerprinted script and that script's source map. */
async function webDist() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'meetwell-web-'));
  await fs.mkdir(path.join(dir, 'assets'));
  await fs.writeFile(
    path.join(dir, 'index.html'),
    '<!doctype html><div id="root"></div><script type="module" src="/assets/app.js"></script>',
  );
  await fs.writeFile(path.join(dir, 'assets', 'app.js'), 'console.log(1)\n//# sourceMappingURL=app.js.map');
  await fs.writeFile(path.join(dir, 'assets', 'app.js.map'), '{"version":3}');
  return dir;
}

async function appWith(env: Record<string, string>) {
  const ctx = await createTestContext(env);
  const app = await buildApp(ctx, allRoutes, { webDist: await webDist() });
  await app.ready();
  return { ctx, app };
}

let development: { ctx: TestContext; app: App };
let production: { ctx: TestContext; app: App };

beforeAll(async () => {
  development = await appWith({});
  production = await appWith({
    NODE_ENV: 'production',
    APP_URL: 'https://meetwell.example',
    SECRET_KEY: 'production-secret-key-that-is-long-enough-0123456789',
  });
});
afterAll(async () => {
  for (const { app, ctx } of [development, production]) {
    await app?.close();
    await ctx?.close();
  }
});

const policy = (header: unknown) =>
  Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name, values]),
  );

describe('security headers', () => {
  it('serve the web app under a strict policy: no inline or foreign script, never framed, no sniffing', async () => {
    const page = await development.app.inject({ method: 'GET', url: '/my/plan' });
    expect(page.statusCode).toBe(200);
    const csp = policy(page.headers['content-security-policy']);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['script-src']).not.toContain("'unsafe-inline'");
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // Plain http (a laptop): no HSTS and no upgrade of requests to https.
    expect(page.headers['strict-transport-security']).toBeUndefined();
    expect(csp['upgrade-insecure-requests']).toBeUndefined();
  });

  it('cover API answers and errors too, with a policy that loads nothing and without document-only headers', async () => {
    for (const { app } of [development, production]) {
      const res = await app.inject({ method: 'GET', url: '/api/v1/nope' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(policy(res.headers['content-security-policy'])).toEqual({
        'default-src': ["'none'"],
        'frame-ancestors': ["'none'"],
      });
      expect(res.headers['x-xss-protection']).toBeUndefined();
      expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
    }
    const res = await production.app.inject({ method: 'GET', url: '/api/v1/nope' });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
  });

  it('add HSTS and upgrade-insecure-requests when APP_URL is https', async () => {
    const page = await production.app.inject({ method: 'GET', url: '/' });
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(policy(page.headers['content-security-policy'])['upgrade-insecure-requests']).toEqual([]);
  });

  it('keep the API docs and source maps private in production, and serve them in development', async () => {
    expect((await production.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(404);
    expect((await production.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(404);
    const map = await production.app.inject({ method: 'GET', url: '/assets/app.js.map' });
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain('"version"');
    expect((await production.app.inject({ method: 'GET', url: '/assets/app.js' })).statusCode).toBe(200);

    expect((await development.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
    expect((await development.app.inject({ method: 'GET', url: '/assets/app.js.map' })).statusCode).toBe(200);
    const docs = await development.app.inject({ method: 'GET', url: '/api/docs' });
    expect(docs.statusCode).toBe(200);
    // The explorer loads only its own files: the same strict policy holds.
    expect(policy(docs.headers['content-security-policy'])['script-src']).toEqual(["'self'"]);
  });
});
