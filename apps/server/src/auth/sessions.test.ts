import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../db/client';
import { sessions } from '../db/schema';
import { authRoutes } from '../features/sign-in/routes';
import { userRoutes } from '../features/users/routes';
import type { App } from '../http/app';
import { createPubSub, type PubSub } from '../realtime/pubsub';
import { createTestApp, createTestContext, type TestContext } from '../test/context';
import { createUser } from '../test/factories';
import { waitForValue } from '../test/wait';
import { csrfTokenFor } from './cookies';
import {
  authenticateToken,
  cacheSessions,
  createSession,
  revokeSession,
  SESSION_CACHE_TTL_MS,
  SESSION_LIFETIME_DAYS,
  SessionCache,
} from './sessions';

/** Resolves once every notification committed before the call has reached this process (they arrive in order). */
async function notificationsSettled(pubsub: PubSub) {
  const marker = Math.random().toString(36);
  const arrived = new Promise<void>((resolve) => {
    const stop = pubsub.subscribe('test.settled', (message) => {
      if (message === marker) {
        stop();
        resolve();
      }
    });
  });
  await pubsub.publish('test.settled', marker);
  await arrived;
}

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

describe('the session cache (one per process, main.ts turns it on)', () => {
  /** A second server process on the same database: its own pool, pub/sub and app. */
  let second: { app: App; stop: () => Promise<void> };
  let stopCaches: (() => void)[] = [];
  let raw: pg.Client;

  beforeAll(async () => {
    const database = connectDatabase(ctx.databaseUrl, { max: 3 });
    const pubsub = await createPubSub(ctx.databaseUrl);
    const secondApp = await createTestApp({ ...ctx, db: database.db, pool: database.pool, pubsub }, [
      authRoutes,
      userRoutes,
    ]);
    stopCaches = [cacheSessions(ctx.db, ctx.pubsub), cacheSessions(database.db, pubsub)];
    second = {
      app: secondApp,
      stop: async () => {
        await secondApp.close();
        await pubsub.close();
        await database.close();
      },
    };
    raw = new pg.Client({ connectionString: ctx.databaseUrl });
    await raw.connect();
  });
  afterAll(async () => {
    for (const stop of stopCaches) stop();
    await second?.stop();
    await raw?.end();
  });

  const meOn = (target: App, token: string) =>
    target.inject({ method: 'GET', url: '/api/v1/users', headers: bearer(token) });

  it('answers a known session without asking the database again', async () => {
    const { token, user } = await newSession();
    await notificationsSettled(ctx.pubsub);
    expect((await meOn(app, token)).statusCode).toBe(200);
    // Deleted behind the cache's back with its notification held: the cached session still answers.
    await raw.query('begin');
    await raw.query('alter table sessions disable trigger sessions_notify_delete');
    await raw.query('delete from sessions where user_id = $1', [user.id]);
    await raw.query('commit');
    try {
      expect(await authenticateToken(ctx.db, token)).not.toBeNull();
    } finally {
      await raw.query('alter table sessions enable trigger sessions_notify_delete');
    }
  });

  it('refuses a session revoked in this process at once', async () => {
    const { token } = await newSession();
    expect((await meOn(app, token)).statusCode).toBe(200);
    const signedOut = await app.inject({ method: 'DELETE', url: '/api/v1/logout', headers: bearer(token) });
    expect(signedOut.statusCode).toBe(204);
    expect((await meOn(app, token)).statusCode).toBe(401);
  });

  it(`honours a sign-out in another server process within the notification (at most ${SESSION_CACHE_TTL_MS / 1000} s)`, async () => {
    const { token } = await newSession();
    expect((await meOn(app, token)).statusCode).toBe(200);
    expect((await meOn(second.app, token)).statusCode).toBe(200);
    // The other process signs out without this process's own eviction: a revocation in plain SQL.
    const started = Date.now();
    await raw.query('update sessions set revoked_at = now() where token_hash = $1', [
      createHash('sha256').update(token).digest('hex'),
    ]);
    await waitForValue(async () => (await meOn(second.app, token)).statusCode === 401, 3_000);
    await waitForValue(async () => (await meOn(app, token)).statusCode === 401, 3_000);
    expect(Date.now() - started).toBeLessThan(SESSION_CACHE_TTL_MS);
  });

  it('sees a change of the user made by another process (a deactivation, a role, a name) once notified', async () => {
    const { token, user } = await newSession();
    expect((await meOn(second.app, token)).statusCode).toBe(200);
    await raw.query('update users set first_name = $2 where id = $1', [user.id, 'Renamed']);
    await waitForValue(async () => {
      const body = JSON.parse((await meOn(second.app, token)).body) as {
        data: { attributes: { first_name: string } };
      };
      return body.data.attributes.first_name === 'Renamed';
    }, 3_000);
  });
});

describe('SessionCache', () => {
  let clock = 0;
  const auth = (id: string) => ({ sessionId: id, user: { id: `user-${id}` } }) as never;
  const cache = () => new SessionCache({ ttlMs: 5_000, maxEntries: 2, now: () => clock }, true);

  it('keeps a session for its TTL, never past the session’s own expiry', () => {
    clock = 0;
    const sessions = cache();
    sessions.set('a', auth('a'), 60_000, sessions.generation);
    sessions.set('b', auth('b'), 1_000, sessions.generation);
    clock = 999;
    expect(sessions.get('b')).not.toBeNull();
    clock = 1_000;
    expect(sessions.get('b')).toBeNull();
    clock = 4_999;
    expect(sessions.get('a')).not.toBeNull();
    clock = 5_000;
    expect(sessions.get('a')).toBeNull();
  });

  it('drops the least recently used when full, and stores nothing a racing eviction or an outage may have changed', () => {
    clock = 0;
    const sessions = cache();
    sessions.set('a', auth('a'), 60_000, sessions.generation);
    sessions.set('b', auth('b'), 60_000, sessions.generation);
    sessions.get('a');
    sessions.set('c', auth('c'), 60_000, sessions.generation);
    expect([sessions.get('a'), sessions.get('b'), sessions.get('c')].map(Boolean)).toEqual([
      true,
      false,
      true,
    ]);

    const before = sessions.generation;
    sessions.evict((a) => a.sessionId === 'c');
    sessions.set('d', auth('d'), 60_000, before);
    expect(sessions.get('d')).toBeNull();

    sessions.setEnabled(false);
    expect(sessions.size).toBe(0);
    sessions.set('e', auth('e'), 60_000, sessions.generation);
    expect(sessions.get('e')).toBeNull();
  });
});
