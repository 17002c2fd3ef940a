import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendars, webhookChannels } from '../../../db/schema';
import type { App } from '../../../http/app';
import { hashToken } from '../../../lib/crypto';
import { allRoutes } from '../../../routes';
import { createTestApp, createTestContext, type TestContext } from '../../../test/context';
import { createUser } from '../../../test/factories';

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

async function calendarWithChannel(provider: 'google' | 'microsoft', secret: string) {
  const user = await createUser(ctx);
  const [calendar] = await ctx.db
    .insert(calendars)
    .values({ userId: user.id, provider, externalId: `cal-${user.id}`, name: 'Work', watching: true })
    .returning();
  const channelId = `channel-${user.id}`;
  await ctx.db.insert(webhookChannels).values({
    calendarId: calendar!.id,
    provider,
    channelId,
    resourceId: 'resource-1',
    secretHash: hashToken(secret),
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  return { calendarId: calendar!.id, channelId };
}

async function queuedSyncs(calendarId: string) {
  const { rows } = await ctx.pool.query('select payload from graphile_worker._private_jobs where key = $1', [
    `sync_calendar:${calendarId}`,
  ]);
  return rows.map((r) => r.payload);
}

describe('Google push notifications', () => {
  const headers = (channelId: string, token: string, state: string) => ({
    'x-goog-channel-id': channelId,
    'x-goog-channel-token': token,
    'x-goog-resource-id': 'resource-1',
    'x-goog-resource-state': state,
    'x-goog-message-number': '2',
    'x-goog-resource-uri': 'https://www.googleapis.com/calendar/v3/calendars/x/events',
  });

  it('answers at once and queues one incremental sync, verified by the channel token', async () => {
    const { calendarId, channelId } = await calendarWithChannel('google', 'secret-g');
    const res = await app.inject({
      method: 'POST',
      url: '/webhooks/google',
      headers: headers(channelId, 'secret-g', 'exists'),
    });
    expect(res.statusCode).toBe(204);
    await app.inject({
      method: 'POST',
      url: '/webhooks/google',
      headers: headers(channelId, 'secret-g', 'exists'),
    });
    expect(await queuedSyncs(calendarId)).toEqual([{ calendarId, mode: 'incremental', deferrals: 0 }]);
  });

  it("takes the channel's first 'sync' message as a greeting, not a change", async () => {
    const { calendarId, channelId } = await calendarWithChannel('google', 'secret-s');
    const res = await app.inject({
      method: 'POST',
      url: '/webhooks/google',
      headers: headers(channelId, 'secret-s', 'sync'),
    });
    expect(res.statusCode).toBe(204);
    expect(await queuedSyncs(calendarId)).toEqual([]);
  });

  it('refuses a wrong token or an unknown channel', async () => {
    const { calendarId, channelId } = await calendarWithChannel('google', 'secret-w');
    const wrong = await app.inject({
      method: 'POST',
      url: '/webhooks/google',
      headers: headers(channelId, 'guess', 'exists'),
    });
    expect(wrong.statusCode).toBe(403);
    const unknown = await app.inject({
      method: 'POST',
      url: '/webhooks/google',
      headers: headers('nope', 'secret-w', 'exists'),
    });
    expect(unknown.statusCode).toBe(403);
    expect(await queuedSyncs(calendarId)).toEqual([]);
  });
});

describe('Microsoft Graph notifications', () => {
  it('echoes the validation token as text within the handshake', async () => {
    const res = await app.inject({ method: 'POST', url: '/webhooks/microsoft?validationToken=abc%20123' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toBe('abc 123');
  });

  it('stores the change as a job and answers 202, verified by clientState', async () => {
    const { calendarId, channelId } = await calendarWithChannel('microsoft', 'state-m');
    const notification = (clientState: string) => ({
      value: [
        {
          subscriptionId: channelId,
          clientState,
          changeType: 'updated',
          resource: 'Users/u/Events/e1',
          resourceData: { id: 'e1' },
        },
      ],
    });
    const res = await app.inject({
      method: 'POST',
      url: '/webhooks/microsoft',
      payload: notification('state-m'),
    });
    expect(res.statusCode).toBe(202);
    expect(await queuedSyncs(calendarId)).toEqual([{ calendarId, mode: 'incremental', deferrals: 0 }]);
    const forged = await app.inject({
      method: 'POST',
      url: '/webhooks/microsoft',
      payload: notification('forged'),
    });
    expect(forged.statusCode).toBe(403);
  });

  it('reads the whole calendar again after a missed lifecycle event', async () => {
    const { calendarId, channelId } = await calendarWithChannel('microsoft', 'state-l');
    const res = await app.inject({
      method: 'POST',
      url: '/webhooks/microsoft/lifecycle',
      payload: { value: [{ subscriptionId: channelId, clientState: 'state-l', lifecycleEvent: 'missed' }] },
    });
    expect(res.statusCode).toBe(202);
    expect(await queuedSyncs(calendarId)).toEqual([{ calendarId, mode: 'full', deferrals: 0 }]);
  });

  it('answers a malformed body with a 400', async () => {
    const res = await app.inject({ method: 'POST', url: '/webhooks/microsoft', payload: { hello: 'world' } });
    expect(res.statusCode).toBe(400);
  });
});
