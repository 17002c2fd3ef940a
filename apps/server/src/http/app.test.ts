import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes } from '../routes';
import { createTestApp, createTestContext, type TestContext } from '../test/context';
import { bearerFor, browserFor, createUser } from '../test/factories';
import type { App } from './app';

let ctx: TestContext;
let app: App;

beforeAll(async () => {
  ctx = await createTestContext();
  app = await createTestApp(ctx, allRoutes);
});
afterAll(async () => {
  await app.close();
  await ctx.close();
});

const body = (attributes: Record<string, unknown>) => JSON.stringify({ data: { type: 'users', attributes } });

describe('JSON:API errors', () => {
  it('answers unknown API routes with a 404 error document', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/vnd.api+json');
    expect(res.json().errors[0]).toMatchObject({
      status: '404',
      title: 'Not found',
      detail: 'No route for GET /api/v1/nope.',
    });
  });

  it('answers a missing session with 401', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/users' });
    expect(res.statusCode).toBe(401);
    expect(res.json().errors[0]).toMatchObject({ status: '401', detail: 'Sign in to continue.' });
  });

  it('answers an unknown or garbage token with 401', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/v1/users',
      headers: { authorization: 'Bearer nope' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('answers malformed JSON with 400', async () => {
    const user = await createUser(ctx);
    const res = await app.inject({
      method: 'PATCH',
      url: '/api/v1/users',
      headers: await bearerFor(ctx, user.id),
      payload: '{"data": {',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ status: '400', title: 'Malformed JSON' });
  });

  it('answers a wrong content type with 415', async () => {
    const user = await createUser(ctx);
    const headers = { ...(await bearerFor(ctx, user.id)), 'content-type': 'text/plain' };
    const res = await app.inject({
      method: 'PATCH',
      url: '/api/v1/users',
      headers,
      payload: body({ onboarded: true }),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().errors[0].detail).toContain('application/vnd.api+json');
  });

  it('points at the invalid attribute', async () => {
    const user = await createUser(ctx);
    const res = await app.inject({
      method: 'PATCH',
      url: '/api/v1/users',
      headers: await bearerFor(ctx, user.id),
      payload: body({ time_zone: 'Mars/Olympus', annual_salary: -5 }),
    });
    expect(res.statusCode).toBe(400);
    const pointers = res.json().errors.map((e: { source?: { pointer: string } }) => e.source?.pointer);
    expect(pointers).toEqual(
      expect.arrayContaining(['/data/attributes/time_zone', '/data/attributes/annual_salary']),
    );
  });

  it('rejects a body of the wrong resource type', async () => {
    const user = await createUser(ctx);
    const res = await app.inject({
      method: 'PATCH',
      url: '/api/v1/users',
      headers: await bearerFor(ctx, user.id),
      payload: JSON.stringify({ data: { type: 'meetings', attributes: {} } }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].source.pointer).toBe('/data/type');
  });

  it('refuses cookie-authenticated changes without the CSRF header', async () => {
    const user = await createUser(ctx);
    const { 'x-csrf-token': _omit, ...headers } = await browserFor(ctx, user.id);
    const res = await app.inject({
      method: 'PATCH',
      url: '/api/v1/users',
      headers,
      payload: body({ onboarded: true }),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0].title).toBe('Cross-site request refused');
    const ok = await app.inject({
      method: 'PATCH',
      url: '/api/v1/users',
      headers: await browserFor(ctx, user.id),
      payload: body({ onboarded: true }),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.attributes.onboarded).toBe(true);
  });

  it('serves the health check and the OpenAPI document', async () => {
    const health = await app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json().data.attributes).toMatchObject({ status: 'ok', database: 'ok' });
    const openapi = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(openapi.statusCode).toBe(200);
    expect(Object.keys(openapi.json().paths)).toEqual(
      expect.arrayContaining(['/api/v1/users', '/api/v1/health']),
    );
  });
});

describe('users', () => {
  it('returns the signed-in user with company and plan', async () => {
    const user = await createUser(ctx, { email: 'pat@acme.io', firstName: 'Pat' });
    const res = await app.inject({
      method: 'GET',
      url: '/api/v1/users',
      headers: await bearerFor(ctx, user.id),
    });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ type: 'users', id: user.id });
    expect(data.attributes).toMatchObject({
      email: 'pat@acme.io',
      domain: 'acme.io',
      first_name: 'Pat',
      subscription_plan: 'trial',
      company: { name: 'Acme', roles: ['billing_admin'], license_by: 'invite' },
    });
  });

  it('updates preferences and keeps the other communication prefs', async () => {
    const user = await createUser(ctx);
    const res = await app.inject({
      method: 'PATCH',
      url: '/api/v1/users',
      headers: await bearerFor(ctx, user.id),
      payload: body({
        time_zone: 'Europe/Paris',
        communication_prefs: { email_tips: false },
        annual_salary: 120000,
      }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.attributes).toMatchObject({
      time_zone: 'Europe/Paris',
      annual_salary: 120000,
      communication_prefs: { email_tips: false, email_reminders: true },
    });
  });

  it('rejects unknown attributes instead of ignoring them', async () => {
    const user = await createUser(ctx);
    const res = await app.inject({
      method: 'PATCH',
      url: '/api/v1/users',
      headers: await bearerFor(ctx, user.id),
      payload: body({ email: 'someone@else.com' }),
    });
    expect(res.statusCode).toBe(400);
  });

  it('deletes the account only with confirm=true', async () => {
    const user = await createUser(ctx);
    const headers = await bearerFor(ctx, user.id);
    const refused = await app.inject({ method: 'DELETE', url: '/api/v1/users', headers });
    expect(refused.statusCode).toBe(400);
    const deleted = await app.inject({ method: 'DELETE', url: '/api/v1/users?confirm=true', headers });
    expect(deleted.statusCode).toBe(204);
    const after = await app.inject({ method: 'GET', url: '/api/v1/users', headers });
    expect(after.statusCode).toBe(401);
  });
});
