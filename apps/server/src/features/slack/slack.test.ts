import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identities, notifications, users, wellnessBlocks } from '../../db/schema';
import { createTestApp, createTestContext, type TestContext } from '../../test/context';
import { bearerFor, createUser } from '../../test/factories';
import { userRoutes } from '../users/routes';
import { slackRoutes } from './routes';
import { refreshSlackSnooze, runSlackSnooze } from './snooze';

type SlackCall = { method: string; params: Record<string, string>; authorization: string | undefined };

/** A stand-in for Slack's Web API answering in its shapes ({ ok, … } / { ok: false, error }). */
async function startFakeSlack() {
  const calls: SlackCall[] = [];
  const errors = new Map<string, string>();
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      const method = (req.url ?? '').replace(/^\/api\//, '').split('?')[0]!;
      const params = Object.fromEntries(new URLSearchParams(raw));
      calls.push({ method, params, authorization: req.headers.authorization });
      const error = errors.get(method);
      let body: object;
      if (error) body = { ok: false, error };
      else if (method === 'oauth.v2.access') {
        body =
          params.code === 'good-code'
            ? {
                ok: true,
                app_id: 'A1',
                authed_user: {
                  id: 'U123',
                  scope: 'dnd:write',
                  access_token: 'xoxp-user-token',
                  token_type: 'user',
                },
                team: { id: 'T9', name: 'Acme' },
                is_enterprise_install: false,
              }
            : { ok: false, error: 'invalid_code' };
      } else if (method === 'dnd.setSnooze') {
        const minutes = Number(params.num_minutes);
        body = {
          ok: true,
          snooze_enabled: true,
          snooze_endtime: Math.floor(Date.now() / 1000) + minutes * 60,
          snooze_remaining: minutes * 60,
        };
      } else if (method === 'dnd.endSnooze') {
        body = { ok: true, dnd_enabled: true, snooze_enabled: false };
      } else body = { ok: false, error: 'unknown_method' };
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/`,
    calls,
    failWith: (method: string, error: string) => errors.set(method, error),
    clear: () => errors.clear(),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let slack: Awaited<ReturnType<typeof startFakeSlack>>;
let ctx: TestContext;
let app: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  slack = await startFakeSlack();
  ctx = await createTestContext({
    SLACK_CLIENT_ID: 'client-1',
    SLACK_CLIENT_SECRET: 'secret-1',
    SLACK_API_URL: slack.url,
    APP_URL: 'https://app.meetwell.test',
  });
  app = await createTestApp(ctx, [slackRoutes, userRoutes]);
});
afterAll(async () => {
  await app.close();
  await ctx.close();
  await slack.close();
});

async function connect() {
  const user = await createUser(ctx, { timeZone: 'Europe/Paris' });
  const headers = await bearerFor(ctx, user.id);
  const start = await app.inject({ method: 'GET', url: '/api/v1/auth/slack?origin=/my/account', headers });
  const state = new URL(start.headers.location as string).searchParams.get('state')!;
  const callback = await app.inject({
    method: 'GET',
    url: `/api/v1/auth/slack/callback?code=good-code&state=${encodeURIComponent(state)}`,
    headers,
  });
  return { user, headers, start, callback, state };
}

describe('Slack OAuth', () => {
  it('redirects to Slack for a user token with dnd:write, then stores it encrypted and sets dnd_slack to false', async () => {
    const { user, headers, start, callback } = await connect();
    expect(start.statusCode).toBe(302);
    const authorize = new URL(start.headers.location as string);
    expect(authorize.origin + authorize.pathname).toBe('https://slack.com/oauth/v2/authorize');
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      client_id: 'client-1',
      user_scope: 'dnd:write',
      redirect_uri: 'https://app.meetwell.test/api/v1/auth/slack/callback',
    });
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('https://app.meetwell.test/my/account?slack=connected');
    const exchange = slack.calls.find((c) => c.method === 'oauth.v2.access');
    expect(exchange?.params).toMatchObject({
      code: 'good-code',
      client_id: 'client-1',
      client_secret: 'secret-1',
      redirect_uri: 'https://app.meetwell.test/api/v1/auth/slack/callback',
    });
    const [identity] = await ctx.db
      .select()
      .from(identities)
      .where(and(eq(identities.userId, user.id), eq(identities.provider, 'slack')));
    expect(identity).toMatchObject({ subject: 'T9:U123', scopes: ['dnd:write'] });
    expect(identity!.accessTokenEnc).not.toContain('xoxp');
    expect(ctx.secrets.decrypt(identity!.accessTokenEnc!)).toBe('xoxp-user-token');
    const [stored] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(stored!.dndSlack).toBe(false);

    // The Account screen's toggle now works.
    const on = await app.inject({
      method: 'PATCH',
      url: '/api/v1/users',
      headers,
      payload: { data: { type: 'users', attributes: { dnd_slack: true } } },
    });
    expect(on.statusCode).toBe(200);
    expect(on.json().data.attributes.dnd_slack).toBe(true);
  });

  it('refuses a callback whose state belongs to someone else, or a refused grant', async () => {
    const { state } = await connect();
    const stranger = await createUser(ctx);
    const hijack = await app.inject({
      method: 'GET',
      url: `/api/v1/auth/slack/callback?code=good-code&state=${encodeURIComponent(state)}`,
      headers: await bearerFor(ctx, stranger.id),
    });
    expect(hijack.headers.location).toBe('https://app.meetwell.test/my/account?slack=error');
    expect(await ctx.db.select().from(identities).where(eq(identities.userId, stranger.id))).toEqual([]);
    const owner = await createUser(ctx);
    const headers = await bearerFor(ctx, owner.id);
    const start = await app.inject({ method: 'GET', url: '/api/v1/auth/slack', headers });
    const ownState = new URL(start.headers.location as string).searchParams.get('state')!;
    const denied = await app.inject({
      method: 'GET',
      url: `/api/v1/auth/slack/callback?error=access_denied&state=${encodeURIComponent(ownState)}`,
      headers,
    });
    expect(denied.headers.location).toBe('https://app.meetwell.test/my/account?slack=denied');
    const badCode = await app.inject({
      method: 'GET',
      url: `/api/v1/auth/slack/callback?code=bad&state=${encodeURIComponent(ownState)}`,
      headers,
    });
    expect(badCode.headers.location).toBe('https://app.meetwell.test/my/account?slack=error');
  });
});

describe('do-not-disturb during Wellness blocks', () => {
  async function withBlock() {
    const { user } = await connect();
    await ctx.db.update(users).set({ dndSlack: true }).where(eq(users.id, user.id));
    // Mondays and Wednesdays, 13:00–15:00 in Paris.
    await ctx.db.insert(wellnessBlocks).values({
      userId: user.id,
      label: 'Deep work',
      category: 'focus',
      rrule: 'RRULE:FREQ=WEEKLY;BYDAY=MO,WE',
      startsAt: new Date('2030-01-07T12:00:00Z'),
      endsAt: new Date('2030-01-07T14:00:00Z'),
      timeZone: 'Europe/Paris',
    });
    return user;
  }

  it('snoozes until the occurrence ends, with the user token, and plans the next occurrence', async () => {
    const user = await withBlock();
    ctx.setNow(new Date('2030-01-09T12:20:00Z'));
    const before = slack.calls.length;
    const outcome = await runSlackSnooze(ctx, user.id);
    expect(outcome).toEqual({ snoozedMinutes: 100, nextAt: new Date('2030-01-14T12:00:00Z') });
    const [call] = slack.calls.slice(before);
    expect(call).toMatchObject({
      method: 'dnd.setSnooze',
      params: { num_minutes: '100' },
      authorization: 'Bearer xoxp-user-token',
    });
    const { rows } = await ctx.pool.query('select run_at from graphile_worker.jobs where key = $1', [
      `slack_dnd:${user.id}`,
    ]);
    expect(rows[0].run_at).toEqual(new Date('2030-01-14T12:00:00Z'));

    ctx.setNow(new Date('2030-01-10T08:00:00Z'));
    const idle = await runSlackSnooze(ctx, user.id);
    expect(idle).toEqual({ snoozedMinutes: null, nextAt: new Date('2030-01-14T12:00:00Z') });
    expect(slack.calls.length).toBe(before + 1);
    ctx.setNow(null);
  });

  it('ends a running snooze and drops the plan when do-not-disturb is switched off', async () => {
    const user = await withBlock();
    ctx.setNow(new Date('2030-01-09T12:20:00Z'));
    await runSlackSnooze(ctx, user.id);
    const before = slack.calls.length;
    await refreshSlackSnooze(ctx, { id: user.id, dndSlack: false });
    expect(slack.calls.slice(before)).toEqual([expect.objectContaining({ method: 'dnd.endSnooze' })]);
    const { rows } = await ctx.pool.query('select 1 from graphile_worker.jobs where key = $1', [
      `slack_dnd:${user.id}`,
    ]);
    expect(rows).toHaveLength(0);
    ctx.setNow(null);
  });

  it('does nothing with do-not-disturb off, and disconnects a revoked token', async () => {
    const user = await withBlock();
    ctx.setNow(new Date('2030-01-07T13:00:00Z'));
    await ctx.db.update(users).set({ dndSlack: false }).where(eq(users.id, user.id));
    expect((await runSlackSnooze(ctx, user.id)).skipped).toBe('off');

    await ctx.db.update(users).set({ dndSlack: true }).where(eq(users.id, user.id));
    slack.failWith('dnd.setSnooze', 'token_revoked');
    expect((await runSlackSnooze(ctx, user.id)).skipped).toBe('revoked');
    slack.clear();
    const [stored] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(stored!.dndSlack).toBeNull();
    expect(
      await ctx.db
        .select()
        .from(identities)
        .where(and(eq(identities.userId, user.id), eq(identities.provider, 'slack'))),
    ).toEqual([]);
    const told = await ctx.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(told.map((n) => n.title)).toContain('Slack disconnected');
    ctx.setNow(null);
  });
});
