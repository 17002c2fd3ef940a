import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes } from '../routes';
import { createTestContext, type TestContext } from '../test/context';
import { type App, buildApp } from './app';

let ctx: TestContext;
let app: App;
let webDist: string;

beforeAll(async () => {
  ctx = await createTestContext();
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'meetwell-web-'));
  await fs.mkdir(path.join(webDist, 'assets'));
  await fs.writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>MeetWell</title>');
  await fs.writeFile(path.join(webDist, 'assets', 'app-1.js'), 'console.log(1)');
  app = await buildApp(ctx, allRoutes, { webDist });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await ctx.close();
  await fs.rm(webDist, { recursive: true, force: true });
});

describe('serving the built web app', () => {
  it('serves index.html for the root and for every app route', async () => {
    for (const url of ['/', '/my/plan/meeting/123', '/faq']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<title>MeetWell</title>');
    }
  });

  it('serves fingerprinted assets for a year, including ones built after start', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/app-1.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
    await fs.writeFile(path.join(webDist, 'assets', 'app-2.js'), 'console.log(2)');
    const rebuilt = await app.inject({ method: 'GET', url: '/assets/app-2.js' });
    expect(rebuilt.body).toBe('console.log(2)');
  });

  it('sends the compressed copy the build wrote beside a script, with the script unchanged inside', async () => {
    const script = `console.log(${JSON.stringify('x'.repeat(4000))})`;
    await fs.writeFile(path.join(webDist, 'assets', 'big-1.js'), script);
    // Marked, so that a copy compressed again on the fly would not pass for the build's.
    const built = brotliCompressSync(`${script}//built`);
    await fs.writeFile(path.join(webDist, 'assets', 'big-1.js.br'), built);
    const res = await app.inject({
      method: 'GET',
      url: '/assets/big-1.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(`${script}//built`);
    const plain = await app.inject({
      method: 'GET',
      url: '/assets/big-1.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.body).toBe(script);
  });

  it('answers an address the app does not have with 404 and the app (which shows its not-found page)', async () => {
    for (const url of ['/no-such-page', '/my/plan/extra/segments/here']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<title>MeetWell</title>');
    }
  });

  it('keeps JSON:API 404s for unknown API paths', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/unknown' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/vnd.api+json');
  });
});
