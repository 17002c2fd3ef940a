import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../db/schema';
import { userRoutes } from '../features/users/routes';
import type { App } from '../http/app';
import { createTestApp, createTestContext, type TestContext } from '../test/context';
import { createUser } from '../test/factories';
import { csrfTokenFor } from './cookies';
import { authRoutes } from './routes';
import { authenticateToken, createSession, revokeSession, SESSION_LIFETIME_DAYS } from './sessions';

let ctx: TestContext;
let app: App;

beforeAll(async () => {
  ctx = await createTestContext();
  app = await createTestApp(ctx, [authRoutes, userRoutes]);
});
afterAll(async () => {
  await app?.close();
  await ctx?.close();
});

const JSON_API = 'application/vnd.api+json';
const patchBody = JSON.stringify({ data: { type: 'users', attributes: { onboarded: true } } });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const me = (headers: Record<string, string>) => app.inject({ method: 'GET', url: '/api/v1/users', headers });

async function newSession(options: { now?: Date } = {}) {
  const user = await createUser(ctx);
  const session = await createSession(ctx.db, user.id, options);
  return { user, ...session };
}

describe('session tokens', () => {
  it('stores only the SHA-256 of the token', async () => {
    const { token, sessionId } = await newSession();
    const [row] = await ctx.db.select().from(sessions).where(eq(sessions.id, sessionId));
    expect(row!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(token.length).toBeGreaterThanOrEqual(43);
  });

  it('lasts 25 days', async () => {
    const now = new Date('2030-01-01T00:00:00Z');
    const { expiresAt } = await newSession({ now });
    expect(expiresAt.getTime() - now.getTime()).toBe(SESSION_LIFETIME_DAYS * 86_400_000);
    expect(SESSION_LIFETIME_DAYS).toBe(25);
  });

  it('accepts a bearer token and the session cookie', async () => {
    const { token, user } = await newSession();
    expect(await authenticateToken(ctx.db, token)).toMatchObject({ user: { id: user.id } });
    const viaBearer = await me(bearer(token));
    expect(viaBearer.statusCode).toBe(200);
    expect(viaBearer.json().data.id).toBe(user.id);
    expect((await me({ cookie: `MWToken=${token}` })).statusCode).toBe(200);
  });

  it('rejects an expired session', async () => {
    const { token } = await newSession({ now: new Date(Date.now() - 26 * 86_400_000) });
    expect(await authenticateToken(ctx.db, token)).toBeNull();
    const res = await me(bearer(token));
    expect(res.statusCode).toBe(401);
    expect(res.json().errors[0]).toMatchObject({ status: '401', code: 'unauthorized' });
  });

  it('rejects a revoked session', async () => {
    const { token, sessionId } = await newSession();
    await revokeSession(ctx.db, sessionId);
    expect(await authenticateToken(ctx.db, token)).toBeNull();
    expect((await me(bearer(token))).statusCode).toBe(401);
  });

  it('rejects unknown, empty and oversized tokens', async () => {
    expect(await authenticateToken(ctx.db, 'not-a-token')).toBeNull();
    expect(await authenticateToken(ctx.db, '')).toBeNull();
    expect(await authenticateToken(ctx.db, 'x'.repeat(500))).toBeNull();
  });
});

describe('asking whether someone is signed in', () => {
  it('answers a visitor with data null (no 401) when the session is optional, and a 401 otherwise', async () => {
    const visitor = await app.inject({ url: '/api/v1/users?session=optional' });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json()).toEqual({ data: null, meta: { signed_in: false } });
    expect((await me({})).statusCode).toBe(401);
    const { token, user } = await newSession();
    const signedIn = await app.inject({ url: '/api/v1/users?session=optional', headers: bearer(token) });
    expect(signedIn.json()).toMatchObject({
      data: { id: user.id, type: 'users' },
      meta: { signed_in: true },
    });
  });
});

describe('DELETE /api/v1/logout', () => {
  it('revokes a bearer session: the same token then gets 401', async () => {
    const { token, sessionId } = await newSession();
    const res = await app.inject({ method: 'DELETE', url: '/api/v1/logout', headers: bearer(token) });
    expect(res.statusCode).toBe(204);
    const [row] = await ctx.db.select().from(sessions).where(eq(sessions.id, sessionId));
    expect(row!.revokedAt).not.toBeNull();
    expect((await me(bearer(token))).statusCode).toBe(401);
  });

  it('revokes a cookie session (with the CSRF header) and clears the cookies', async () => {
    const { token } = await newSession();
    const res = await app.inject({
      method: 'DELETE',
      url: '/api/v1/logout',
      headers: {
        cookie: `MWToken=${token}; MWCsrf=${csrfTokenFor(ctx.secrets, token)}`,
        'x-csrf-token': csrfTokenFor(ctx.secrets, token),
      },
    });
    expect(res.statusCode).toBe(204);
    const cleared = res.cookies.find((c) => c.name === 'MWToken');
    expect(cleared?.value).toBe('');
    expect((await me({ cookie: `MWToken=${token}` })).statusCode).toBe(401);
  });

  it('answers 401 without a session', async () => {
    const res = await app.inject({ method: 'DELETE', url: '/api/v1/logout' });
    expect(res.statusCode).toBe(401);
  });
});

describe('CSRF protection', () => {
  it('refuses a cookie-authenticated change without X-CSRF-Token with a JSON:API 403', async () => {
    const { token } = await newSession();
    const res = await app.inject({
      method: 'PATCH',
      url: '/api/v1/users',
      headers: { cookie: `MWToken=${token}; MWCsrf=c2`, 'content-type': JSON_API },
      payload: patchBody,
    });
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toContain(JSON_API);
    expect(res.json().errors[0]).toMatchObject({
      status: '403',
      code: 'csrf_failed',
      title: 'Cross-site request refused',
    });
  });

  it('refuses a header that does not match the CSRF cookie', async () => {
    const { token } = await newSession();
    const res = await app.inject({
      method: 'PATCH',
      url: '/api/v1/users',
      headers: { cookie: `MWToken=${token}; MWCsrf=c3`, 'x-csrf-token': 'other', 'content-type': JSON_API },
      payload: patchBody,
    });
    expect(res.statusCode).toBe(403);
  });

  it("accepts a cookie-authenticated change with the session's own token in the header", async () => {
    const { token } = await newSession();
    const csrf = csrfTokenFor(ctx.secrets, token);
    const res = await app.inject({
      method: 'PATCH',
      url: '/api/v1/users',
      headers: { cookie: `MWToken=${token}; MWCsrf=${csrf}`, 'x-csrf-token': csrf, 'content-type': JSON_API },
      payload: patchBody,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.attributes.onboarded).toBe(true);
  });

  it('refuses a cookie and header that match each other but are not bound to the session (a planted cookie)', async () => {
    const { token } = await newSession();
    const res = await app.inject({
      method: 'PATCH',
      url: '/api/v1/users',
      headers: {
        cookie: `MWToken=${token}; MWCsrf=planted`,
        'x-csrf-token': 'planted',
        'content-type': JSON_API,
      },
      payload: patchBody,
    });
    expect(res.statusCode).toBe(403);
  });

  it("gives a session whose CSRF cookie is not its own the session's token again", async () => {
    const { token } = await newSession();
    const res = await app.inject({
      url: '/api/v1/users',
      headers: { cookie: `MWToken=${token}; MWCsrf=old` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'MWCsrf')?.value).toBe(csrfTokenFor(ctx.secrets, token));
  });

  it('does not ask bearer-authenticated clients for a CSRF header', async () => {
    const { token } = await newSession();
    const res = await app.inject({
      method: 'PATCH',
      url: '/api/v1/users',
      headers: { ...bearer(token), 'content-type': JSON_API },
      payload: patchBody,
    });
    expect(res.statusCode).toBe(200);
  });
});
