import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestContext, type TestContext } from '../test/context';
import { publicTestEndpoint } from '../test/endpoints';
import type { FeatureRoutes } from './app';
import { route } from './endpoint';

const rows = Array.from({ length: 200 }, (_, i) => ({
  type: 'meetings',
  id: String(i),
  attributes: { n: i },
}));
const routes: FeatureRoutes = (app) => {
  route(app, publicTestEndpoint('/api/v1/test/big'), async () => ({ data: rows }));
  route(app, publicTestEndpoint('/api/v1/test/small'), async () => ({ data: [] }));
};

let ctx: TestContext;
let app: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestContext();
  app = await createTestApp(ctx, [routes]);
});
afterAll(async () => {
  await app?.close();
  await ctx?.close();
});

describe('responses', () => {
  it('are compressed when the client accepts it, and stay JSON:API', async () => {
    const response = await app.inject({ url: '/api/v1/test/big', headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-type']).toContain('application/vnd.api+json');
    const body = JSON.parse(gunzipSync(response.rawPayload).toString('utf8'));
    expect(body.data).toHaveLength(200);
    expect(response.rawPayload.length).toBeLessThan(JSON.stringify({ data: rows }).length / 3);
  });

  it('prefer brotli, and are left alone for clients that ask for nothing or for tiny bodies', async () => {
    const brotli = await app.inject({ url: '/api/v1/test/big', headers: { 'accept-encoding': 'br, gzip' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    const plain = await app.inject({ url: '/api/v1/test/big', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().data).toHaveLength(200);
    const small = await app.inject({ url: '/api/v1/test/small', headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
