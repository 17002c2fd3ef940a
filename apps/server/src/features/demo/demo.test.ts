import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../http/app';
import { allRoutes } from '../../routes';
import { createTestApp, createTestContext, type TestContext } from '../../test/context';

let ctx: TestContext;
let app: App;

beforeAll(async () => {
  ctx = await createTestContext({ DEMO_MODE: 'true' });
  app = await createTestApp(ctx, allRoutes);
});
afterAll(async () => {
  await app.close();
  await ctx.close();
});

const tryDemo = () =>
  app.inject({
    method: 'POST',
    url: '/api/v1/auth/demo',
    headers: { 'content-type': 'application/vnd.api+json' },
    payload: JSON.stringify({ data: { type: 'sessions', attributes: { time_zone: 'Europe/Berlin' } } }),
  });

describe('the demo', () => {
  it('works again, for every visitor, after a visitor deleted the demo account', async () => {
    const first = await tryDemo();
    expect(first.statusCode).toBe(201);
    const token = first.json().meta.token as string;
    const deleted = await app.inject({
      method: 'DELETE',
      url: '/api/v1/users?confirm=true',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(deleted.statusCode).toBe(204);

    // Two visitors at once, then once more: each gets a working demo with its team and meetings.
    const [a, b] = await Promise.all([tryDemo(), tryDemo()]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    const again = await tryDemo();
    expect(again.statusCode).toBe(201);
    const headers = { authorization: `Bearer ${again.json().meta.token as string}` };
    const me = await app.inject({ url: '/api/v1/users', headers });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.attributes.email).toBe('alex@northwind.example');
    const { rows } = await ctx.pool.query<{ n: string }>(
      `select count(*) as n from users where company_id = (select company_id from users where email = 'alex@northwind.example')`,
    );
    expect(Number(rows[0]!.n)).toBe(4);
    const from = new Date(Date.now() - 7 * 86_400_000).toISOString();
    const to = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const meetings = await app.inject({
      url: `/api/v1/meetings?by_period[starts_at]=${from}&by_period[ends_at]=${to}`,
      headers,
    });
    expect(meetings.json().data.length).toBeGreaterThan(5);
  });
});
