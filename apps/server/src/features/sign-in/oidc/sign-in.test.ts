import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAccessToken, NeedsPermissionError } from '../../../auth/oidc/access-token';
import { companies, identities, sessions, users } from '../../../db/schema';
import type { App } from '../../../http/app';
import { createTestApp, createTestContext, type TestContext } from '../../../test/context';
import { createUser } from '../../../test/factories';
import { userRoutes } from '../../users/routes';
import { authRoutes } from '../routes';
import { oidcRoutes } from './routes';
import { STATE_COOKIE } from './state-cookie';
import { authorizeAtIssuer, CookieJar, startTestIssuer, type TestIssuer } from './test-issuer';

const APP_URL = 'http://localhost:3000';
const CALLBACK = `${APP_URL}/api/v1/auth/oidc/callback`;

let issuer: TestIssuer;
let ctx: TestContext;
let app: App;

const accounts: Record<
  string,
  { email: string; given_name: string; family_name: string; email_verified?: boolean | undefined }
> = {
  pat: { email: 'pat@acme-corp.io', given_name: 'Pat', family_name: 'Lee' },
  sam: { email: 'sam@ray-studio.io', given_name: 'Sam', family_name: 'Ray' },
  unverified: { email: 'eve@evil.example', given_name: 'Eve', family_name: 'X', email_verified: false },
  // Another subject claiming Pat's address: without email_verified, and with it.
  'pat-unclaimed': {
    email: 'pat@acme-corp.io',
    given_name: 'Mallory',
    family_name: 'X',
    email_verified: undefined,
  },
  'pat-verified': { email: 'pat@acme-corp.io', given_name: 'Pat', family_name: 'Lee', email_verified: true },
  newcomer: { email: 'kim@newco.example', given_name: 'Kim', family_name: 'Wu', email_verified: undefined },
};

beforeAll(async () => {
  issuer = await startTestIssuer({
    redirectUris: ['google_oauth2', 'microsoft_graph', 'oidc'].map(
      (id) => `${APP_URL}/api/v1/auth/${id}/callback`,
    ),
    account: (login) =>
      accounts[login] ?? { email: `${login}@${login}-co.example`, given_name: login, family_name: 'Test' },
  });
  const credentials = { CLIENT_ID: issuer.clientId, CLIENT_SECRET: issuer.clientSecret };
  ctx = await createTestContext({
    APP_URL,
    OIDC_ISSUER: issuer.issuer,
    OIDC_CLIENT_ID: credentials.CLIENT_ID,
    OIDC_CLIENT_SECRET: credentials.CLIENT_SECRET,
    OIDC_NAME: 'Acme SSO',
    GOOGLE_ISSUER: issuer.issuer,
    GOOGLE_CLIENT_ID: credentials.CLIENT_ID,
    GOOGLE_CLIENT_SECRET: credentials.CLIENT_SECRET,
    MICROSOFT_ISSUER: issuer.issuer,
    MICROSOFT_CLIENT_ID: credentials.CLIENT_ID,
    MICROSOFT_CLIENT_SECRET: credentials.CLIENT_SECRET,
  });
  app = await createTestApp(ctx, [authRoutes, oidcRoutes, userRoutes]);
});

afterAll(async () => {
  await app?.close();
  await ctx?.close();
  await issuer?.close();
});

type Started = { authorizationUrl: string; stateCookie: string };

async function start(query = '', headers: Record<string, string> = {}, provider = 'oidc'): Promise<Started> {
  const res = await app.inject({ method: 'GET', url: `/api/v1/auth/${provider}${query}`, headers });
  expect(res.statusCode).toBe(302);
  const cookie = res.cookies.find((c) => c.name === STATE_COOKIE);
  expect(cookie).toBeDefined();
  return {
    authorizationUrl: res.headers.location as string,
    stateCookie: `${STATE_COOKIE}=${cookie!.value}`,
  };
}

function callback(url: URL, cookie?: string) {
  return app.inject({
    method: 'GET',
    url: `${url.pathname}${url.search}`,
    headers: cookie ? { cookie } : {},
  });
}

async function signIn(
  login: string,
  query = '',
  options: { jar?: CookieJar; headers?: Record<string, string>; provider?: string } = {},
) {
  const provider = options.provider ?? 'oidc';
  const started = await start(query, options.headers, provider);
  const returned = await authorizeAtIssuer(started.authorizationUrl, {
    login,
    returnTo: `${APP_URL}/api/v1/auth/${provider}/callback`,
    ...(options.jar ? { jar: options.jar } : {}),
  });
  return callback(returned, started.stateCookie);
}

const sessionCount = async () => (await ctx.db.select({ id: sessions.id }).from(sessions)).length;

describe('sign-in with an OpenID Connect issuer (real oidc-provider)', () => {
  it('lists the configured providers with their start URLs', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/auth/providers' });
    const ids = res
      .json()
      .data.map((p: { id: string; attributes: { url: string } }) => [p.id, p.attributes.url]);
    expect(ids).toEqual(
      expect.arrayContaining([
        ['oidc', '/api/v1/auth/oidc'],
        ['google_oauth2', '/api/v1/auth/google_oauth2'],
      ]),
    );
  });

  it('asks each provider for its scopes, with PKCE, state and nonce', async () => {
    const google = new URL((await start('', {}, 'google_oauth2')).authorizationUrl);
    expect(google.origin).toBe(issuer.issuer);
    expect(Object.fromEntries(google.searchParams)).toMatchObject({
      client_id: issuer.clientId,
      response_type: 'code',
      redirect_uri: `${APP_URL}/api/v1/auth/google_oauth2/callback`,
      scope: 'openid email profile https://www.googleapis.com/auth/calendar',
      access_type: 'offline',
      prompt: 'consent',
      code_challenge_method: 'S256',
    });
    expect(google.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(google.searchParams.get('state')).toBeTruthy();
    expect(google.searchParams.get('nonce')).toBeTruthy();
    const microsoft = new URL((await start('', {}, 'microsoft_graph')).authorizationUrl);
    expect(microsoft.searchParams.get('scope')).toBe(
      'openid email profile offline_access Calendars.ReadWrite User.Read',
    );
    const generic = new URL((await start()).authorizationUrl);
    expect(generic.searchParams.get('scope')).toBe('openid email profile offline_access');
    expect(generic.searchParams.get('prompt')).toBeNull();
  });

  it('keeps the sign-in state in a short-lived HttpOnly cookie the browser cannot read', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/v1/auth/oidc?time_zone=Europe/Paris&origin=/my/plans',
    });
    const cookie = res.cookies.find((c) => c.name === STATE_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/v1/auth', maxAge: 600 });
    expect(cookie.value).not.toContain('Europe');
    expect(cookie.value).not.toContain('plans');
  });

  it('creates the user, company, identity and session on first sign-in', async () => {
    // The referral cookie names someone's affiliate token: kept as referred_by.
    const referrer = await createUser(ctx);
    await ctx.db.update(users).set({ affiliateToken: 'friend_42' }).where(eq(users.id, referrer.id));
    const res = await signIn('pat', '?time_zone=America/Chicago&origin=%2Fmy%2Freview%2Fyou', {
      headers: { cookie: 'MWReferralToken=friend_42' },
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/my/review/you');

    const session = res.cookies.find((c) => c.name === 'MWToken')!;
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 25 * 24 * 60 * 60 });
    const setCookie = ([] as string[])
      .concat(res.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith('MWToken='))!;
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; SameSite=Lax/);
    expect(setCookie).toMatch(/; Path=\/(;|$)/);
    expect(setCookie).toMatch(/; Max-Age=2160000/);
    // The state cookie is spent.
    expect(res.cookies.find((c) => c.name === STATE_COOKIE)?.value).toBe('');

    const [user] = await ctx.db.select().from(users).where(eq(users.email, 'pat@acme-corp.io'));
    expect(user).toMatchObject({
      firstName: 'Pat',
      lastName: 'Lee',
      timeZone: 'America/Chicago',
      referredBy: 'friend_42',
    });
    const [company] = await ctx.db.select().from(companies).where(eq(companies.id, user!.companyId!));
    expect(company).toMatchObject({ domain: 'acme-corp.io' });

    const [identity] = await ctx.db.select().from(identities).where(eq(identities.userId, user!.id));
    expect(identity).toMatchObject({ provider: 'oidc', subject: 'pat', email: 'pat@acme-corp.io' });
    expect(identity!.refreshTokenEnc).toBeTruthy();
    expect(identity!.accessTokenEnc).toBeTruthy();
    const refreshToken = ctx.secrets.decrypt(identity!.refreshTokenEnc!);
    expect(refreshToken.length).toBeGreaterThan(20);
    expect(identity!.refreshTokenEnc).not.toContain(refreshToken);
    expect(identity!.accessTokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);
    expect(identity!.scopes).toEqual(expect.arrayContaining(['openid', 'email', 'profile']));

    const me = await app.inject({
      method: 'GET',
      url: '/api/v1/users',
      headers: { cookie: `MWToken=${session.value}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.attributes).toMatchObject({
      email: 'pat@acme-corp.io',
      time_zone: 'America/Chicago',
      identity_providers: ['oidc'],
      company: { name: 'Acme-corp' },
    });
  });

  it('signs the same person in again to the same user, in a fresh browser or the same one, in the browser zone', async () => {
    const jar = new CookieJar();
    const first = await signIn('sam', '?time_zone=Asia/Tokyo', { jar });
    expect(first.headers.location).toBe('/session');
    const again = await signIn('sam', '?time_zone=Europe/London', { jar });
    expect(again.statusCode).toBe(302);
    expect(again.headers.location).toBe('/session');
    const fresh = await signIn('sam');
    expect(fresh.headers.location).toBe('/session');

    const rows = await ctx.db.select().from(users).where(eq(users.email, 'sam@ray-studio.io'));
    expect(rows).toHaveLength(1);
    // Signed in again from London: the person moved there; a sign-in that sends no zone keeps it.
    expect(rows[0]!.timeZone).toBe('Europe/London');
    const linked = await ctx.db
      .select()
      .from(identities)
      .where(and(eq(identities.provider, 'oidc'), eq(identities.subject, 'sam')));
    expect(linked).toHaveLength(1);
    const sessionsOfSam = await ctx.db.select().from(sessions).where(eq(sessions.userId, rows[0]!.id));
    expect(sessionsOfSam).toHaveLength(3);
  });

  it('ignores return paths to other sites and invalid time zones', async () => {
    for (const origin of [
      'https://evil.example/x',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
    ]) {
      const res = await signIn('pat', `?origin=${encodeURIComponent(origin)}&time_zone=Mars%2FOlympus`);
      expect(res.headers.location).toBe('/session');
    }
  });

  it('refuses a tampered state without creating a session', async () => {
    const before = await sessionCount();
    const started = await start();
    const returned = await authorizeAtIssuer(started.authorizationUrl, { login: 'pat', returnTo: CALLBACK });
    returned.searchParams.set('state', `${returned.searchParams.get('state')}x`);
    const res = await callback(returned, started.stateCookie);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/?login=true&error=state_mismatch');
    expect(res.cookies.find((c) => c.name === 'MWToken')).toBeUndefined();
    expect(await sessionCount()).toBe(before);
  });

  it('refuses a callback without, with an altered, or with an expired state cookie', async () => {
    const before = await sessionCount();
    const started = await start();
    const returned = await authorizeAtIssuer(started.authorizationUrl, { login: 'pat', returnTo: CALLBACK });
    const missing = await callback(returned);
    expect(missing.headers.location).toBe('/?login=true&error=state_missing');
    const altered = await callback(returned, `${started.stateCookie.slice(0, -3)}abc`);
    expect(altered.headers.location).toBe('/?login=true&error=state_missing');
    ctx.setNow(new Date(Date.now() + 11 * 60_000));
    try {
      const expired = await callback(returned, started.stateCookie);
      expect(expired.headers.location).toBe('/?login=true&error=state_missing');
    } finally {
      ctx.setNow(null);
    }
    expect(await sessionCount()).toBe(before);
  });

  it('refuses a state cookie from another provider', async () => {
    const started = await start('', {}, 'google_oauth2');
    const state = new URL(started.authorizationUrl).searchParams.get('state')!;
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1/auth/oidc/callback?code=abc&state=${state}`,
      headers: { cookie: started.stateCookie },
    });
    expect(res.headers.location).toBe('/?login=true&error=state_mismatch');
  });

  it('sends the user back with an error when they deny access at the provider', async () => {
    const before = await sessionCount();
    const started = await start();
    const returned = await authorizeAtIssuer(started.authorizationUrl, {
      login: 'pat',
      returnTo: CALLBACK,
      abort: true,
    });
    expect(returned.searchParams.get('error')).toBe('access_denied');
    const res = await callback(returned, started.stateCookie);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/?login=true&error=access_denied');
    expect(res.cookies.find((c) => c.name === 'MWToken')).toBeUndefined();
    expect(await sessionCount()).toBe(before);
  });

  it('refuses an email the issuer says is not verified', async () => {
    const res = await signIn('unverified');
    expect(res.headers.location).toBe('/?login=true&error=email_unverified');
    expect(await ctx.db.select().from(users).where(eq(users.email, 'eve@evil.example'))).toHaveLength(0);
  });

  it('never hands an account to another subject whose issuer did not verify the address', async () => {
    const [pat] = await ctx.db.select().from(users).where(eq(users.email, 'pat@acme-corp.io'));
    const before = await sessionCount();
    const res = await signIn('pat-unclaimed');
    expect(res.headers.location).toBe('/?login=true&error=email_in_use');
    expect(res.cookies.find((c) => c.name === 'MWToken')).toBeUndefined();
    expect(await sessionCount()).toBe(before);
    expect(
      await ctx.db.select().from(identities).where(eq(identities.subject, 'pat-unclaimed')),
    ).toHaveLength(0);

    // Microsoft vouches for an address only with xms_edov from the token's own tenant: never linked by e-mail.
    const viaMicrosoft = await signIn('pat-verified', '', { provider: 'microsoft_graph' });
    expect(viaMicrosoft.headers.location).toBe('/?login=true&error=email_in_use');

    // A subject whose issuer verified the address joins the account (same user, a second identity).
    const verified = await signIn('pat-verified');
    expect(verified.headers.location).toBe('/session');
    const linked = await ctx.db.select().from(identities).where(eq(identities.subject, 'pat-verified'));
    expect(linked.map((i) => i.userId)).toEqual([pat!.id]);
  });

  it('creates an account for an unverified address apart: no invite, no company of its domain, never linked to', async () => {
    const res = await signIn('newcomer');
    expect(res.headers.location).toBe('/session');
    const [kim] = await ctx.db.select().from(users).where(eq(users.email, 'kim@newco.example'));
    expect(kim).toMatchObject({ emailVerified: false });
    // Its company does not take the domain: a verified sign-up of newco.example later makes the real one.
    const [own] = await ctx.db.select().from(companies).where(eq(companies.id, kim!.companyId!));
    expect(own!.domain).toBeNull();
    // The same subject signs in again to it; a verified identity of that address is not attached to it.
    expect((await signIn('newcomer')).headers.location).toBe('/session');
    accounts['kim-verified'] = {
      email: 'kim@newco.example',
      given_name: 'Kim',
      family_name: 'Wu',
      email_verified: true,
    };
    expect((await signIn('kim-verified')).headers.location).toBe('/?login=true&error=email_in_use');
  });

  it('refuses an unverified sign-up, and a verified one, from a domain whose company uses MeetWell (no second trial)', async () => {
    accounts['io-first'] = { email: 'ida@inviteonly.example', given_name: 'Ida', family_name: 'O' };
    expect((await signIn('io-first')).headers.location).toBe('/session');
    const [company] = await ctx.db.select().from(companies).where(eq(companies.domain, 'inviteonly.example'));
    accounts['io-unverified'] = {
      email: 'ivy@inviteonly.example',
      given_name: 'Ivy',
      family_name: 'O',
      email_verified: undefined,
    };
    accounts['io-verified'] = {
      email: 'ike@inviteonly.example',
      given_name: 'Ike',
      family_name: 'O',
      email_verified: true,
    };
    const companiesBefore = await ctx.db.select().from(companies);
    for (const login of ['io-unverified', 'io-verified']) {
      const res = await signIn(login);
      expect(res.headers.location).toBe('/?login=true&error=company_exists');
      expect(res.cookies.find((c) => c.name === 'MWToken')).toBeUndefined();
    }
    expect(await ctx.db.select().from(companies)).toHaveLength(companiesBefore.length);
    const members = await ctx.db.select().from(users).where(eq(users.companyId, company!.id));
    expect(members.map((m) => m.email)).toEqual(['ida@inviteonly.example']);
  });

  it('refuses a replayed authorization code', async () => {
    const started = await start();
    const returned = await authorizeAtIssuer(started.authorizationUrl, { login: 'pat', returnTo: CALLBACK });
    expect((await callback(returned, started.stateCookie)).headers.location).toBe('/session');
    const replay = await callback(returned, started.stateCookie);
    expect(replay.headers.location).toBe('/?login=true&error=provider_error');
  });

  it('answers an unknown provider with a JSON:API 404', async () => {
    for (const url of ['/api/v1/auth/github', '/api/v1/auth/github/callback?code=x&state=y']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/vnd.api+json');
      expect(res.json().errors[0]).toMatchObject({ status: '404', code: 'not_found' });
    }
  });

  it('rate limits the sign-in routes', async () => {
    // The counters are shared through the database by every app (process): start from an empty budget.
    await ctx.pool.query('delete from rate_limits');
    const limited = await createTestApp(ctx, [oidcRoutes]);
    try {
      const codes: number[] = [];
      for (let i = 0; i < 31; i += 1) {
        codes.push(
          (await limited.inject({ method: 'GET', url: '/api/v1/auth/oidc/callback?error=access_denied' }))
            .statusCode,
        );
      }
      expect(codes.slice(0, 30).every((c) => c === 302)).toBe(true);
      expect(codes[30]).toBe(429);
    } finally {
      await ctx.pool.query('delete from rate_limits');
      await limited.close();
    }
  });
});

describe('getAccessToken', () => {
  async function identityOf(email: string) {
    const [row] = await ctx.db
      .select({ identity: identities })
      .from(identities)
      .innerJoin(users, eq(users.id, identities.userId))
      .where(eq(users.email, email));
    return row!.identity;
  }

  it('returns the stored token while it is valid, and refreshes it at the issuer once expired', async () => {
    await signIn('robin');
    const identity = await identityOf('robin@robin-co.example');
    const original = ctx.secrets.decrypt(identity.accessTokenEnc!);
    expect(await getAccessToken(ctx, identity.id)).toBe(original);

    ctx.setNow(new Date(Date.now() + 2 * 60 * 60_000));
    try {
      const refreshed = await getAccessToken(ctx, identity.id);
      expect(refreshed).not.toBe(original);
      const after = await identityOf('robin@robin-co.example');
      expect(after.accessTokenEnc).not.toContain(refreshed);
      expect(ctx.secrets.decrypt(after.accessTokenEnc!)).toBe(refreshed);
      expect(after.accessTokenExpiresAt!.getTime()).toBeGreaterThan(ctx.now().getTime() + 50 * 60_000);
      // The issuer honours the new token.
      const userinfo = await fetch(`${issuer.issuer}/me`, {
        headers: { authorization: `Bearer ${refreshed}` },
      });
      expect(userinfo.status).toBe(200);
      expect(await userinfo.json()).toMatchObject({ sub: 'robin', email: 'robin@robin-co.example' });
      // And it is reused until it expires.
      expect(await getAccessToken(ctx, identity.id)).toBe(refreshed);
    } finally {
      ctx.setNow(null);
    }
  });

  it('shares one refresh between parallel callers', async () => {
    await signIn('alex');
    const identity = await identityOf('alex@alex-co.example');
    await ctx.db
      .update(identities)
      .set({ accessTokenExpiresAt: new Date(0) })
      .where(eq(identities.id, identity.id));
    const tokens = await Promise.all([getAccessToken(ctx, identity.id), getAccessToken(ctx, identity.id)]);
    expect(tokens[0]).toBe(tokens[1]);
  });

  it('throws NeedsPermissionError when the issuer refuses the refresh token (invalid_grant)', async () => {
    await signIn('kim');
    const identity = await identityOf('kim@kim-co.example');
    await ctx.db
      .update(identities)
      .set({
        accessTokenExpiresAt: new Date(0),
        refreshTokenEnc: ctx.secrets.encrypt('revoked-or-unknown-token'),
      })
      .where(eq(identities.id, identity.id));
    const error = await getAccessToken(ctx, identity.id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NeedsPermissionError);
    expect(error).toMatchObject({
      code: 'needs_permission',
      status: 422,
      identityId: identity.id,
      provider: 'oidc',
    });
  });

  it('throws NeedsPermissionError when there is no refresh token to use', async () => {
    await signIn('lou');
    const identity = await identityOf('lou@lou-co.example');
    await ctx.db
      .update(identities)
      .set({ accessTokenExpiresAt: new Date(0), refreshTokenEnc: null })
      .where(eq(identities.id, identity.id));
    await expect(getAccessToken(ctx, identity.id)).rejects.toBeInstanceOf(NeedsPermissionError);
  });
});
