import type { AddressInfo } from 'node:net';
import { adapters, type ChannelMixin, type Consumer, createConsumer } from '@rails/actioncable';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { createSession, revokeSession } from '../auth/sessions';
import { notifications } from '../db/schema';
import type { App } from '../http/app';
import { createTestApp, createTestContext, type TestContext } from '../test/context';
import { createUser } from '../test/factories';
import { broadcastToUser, disconnectUser } from './broadcast';
import { CABLE_PROTOCOL, type CableOptions, cableRoutes, createCableRoutes } from './cable';
import { notifyUser } from './notifications';
import { createPubSub, type PubSub } from './pubsub';

type Frame = { type?: string; identifier?: string; message?: unknown; reason?: string; reconnect?: boolean };

const PROTOCOLS = [CABLE_PROTOCOL, 'actioncable-unsupported'];
const NOTIFICATIONS = JSON.stringify({ channel: 'NotificationChannel' });
const REFRESH = JSON.stringify({ channel: 'MeetingRefreshChannel' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A raw `ws` client that records every frame and how the socket closed. */
class RawClient {
  readonly frames: Frame[] = [];
  closedWith: { code: number; reason: string } | null = null;
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => this.frames.push(JSON.parse(data.toString()) as Frame));
    this.closed = new Promise((resolve) => {
      socket.on('close', (code, reason) => {
        this.closedWith = { code, reason: reason.toString() };
        resolve(this.closedWith);
      });
    });
  }

  static open(
    url: string,
    options: { protocols?: string[]; headers?: Record<string, string> } = {},
  ): Promise<RawClient> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, options.protocols ?? PROTOCOLS, { headers: options.headers ?? {} });
      const client = new RawClient(socket);
      socket.once('open', () => resolve(client));
      socket.once('unexpected-response', (_request, response) => {
        const error = Object.assign(new Error(`HTTP ${response.statusCode}`), {
          status: response.statusCode,
          retryAfter: response.headers['retry-after'],
        });
        socket.terminate();
        reject(error);
      });
      socket.once('error', reject);
    });
  }

  send(command: Record<string, unknown>) {
    this.socket.send(JSON.stringify(command));
  }

  subscribe(identifier: string) {
    this.send({ command: 'subscribe', identifier });
  }

  async next(predicate: (frame: Frame) => boolean, timeout = 3_000): Promise<Frame> {
    return vi.waitFor(
      () => {
        const frame = this.frames.find(predicate);
        if (!frame) throw new Error(`no such frame yet; got ${JSON.stringify(this.frames)}`);
        return frame;
      },
      { timeout, interval: 10 },
    );
  }

  /** Frames other than pings. */
  get messages(): Frame[] {
    return this.frames.filter((frame) => frame.type !== 'ping');
  }

  async subscribed(identifier: string) {
    this.subscribe(identifier);
    await this.next((f) => f.type === 'confirm_subscription' && f.identifier === identifier);
  }

  close() {
    this.socket.close();
    return this.closed;
  }
}

let ctx: TestContext;
let otherProcess: PubSub;
const apps: App[] = [];
const clients: RawClient[] = [];
let cableUrl: string;

async function startApp(routes = cableRoutes) {
  const app = await createTestApp(ctx, [routes]);
  await app.listen({ port: 0, host: '127.0.0.1' });
  apps.push(app);
  return { app, url: `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/cable` };
}

async function connect(url: string, options: Parameters<typeof RawClient.open>[1] = {}) {
  const client = await RawClient.open(url, options);
  clients.push(client);
  return client;
}

async function signedIn() {
  const user = await createUser(ctx);
  const { token, sessionId } = await createSession(ctx.db, user.id);
  return { user, token, sessionId };
}

async function connectAs(token: string, url = cableUrl) {
  const client = await connect(`${url}?token=${encodeURIComponent(token)}`);
  await client.next((f) => f.type === 'welcome');
  return client;
}

beforeAll(async () => {
  ctx = await createTestContext();
  otherProcess = await createPubSub(ctx.databaseUrl);
  ({ url: cableUrl } = await startApp());
});

afterEach(() => {
  for (const client of clients.splice(0)) client.socket.terminate();
});

afterAll(async () => {
  for (const app of apps) await app.close();
  await otherProcess.close();
  await ctx.close();
});

describe('/cable handshake and authentication', () => {
  it('welcomes a client authenticated by ?token= on the actioncable-v1-json subprotocol', async () => {
    const { token } = await signedIn();
    const client = await connectAs(token);
    expect(client.socket.protocol).toBe(CABLE_PROTOCOL);
    expect(client.messages[0]).toEqual({ type: 'welcome' });
  });

  it('accepts a bearer token and a session cookie from our own origin', async () => {
    const { token } = await signedIn();
    const bearer = await connect(cableUrl, { headers: { authorization: `Bearer ${token}` } });
    await bearer.next((f) => f.type === 'welcome');

    const port = new URL(cableUrl).port;
    const cookie = await connect(cableUrl, {
      headers: { cookie: `MWToken=${token}`, origin: `http://127.0.0.1:${port}` },
    });
    await cookie.next((f) => f.type === 'welcome');
  });

  it.each([
    ['no credentials', () => ({ path: '', headers: {} })],
    ['an unknown token', () => ({ path: '?token=not-a-session', headers: {} })],
    ['a garbage bearer', () => ({ path: '', headers: { authorization: 'Bearer nope' } })],
  ])('disconnects %s as unauthorized, without reconnect', async (_name, setup) => {
    const { path, headers } = setup();
    const client = await connect(`${cableUrl}${path}`, { headers });
    const closed = await client.closed;
    expect(client.frames).toEqual([{ type: 'disconnect', reason: 'unauthorized', reconnect: false }]);
    expect(closed.code).toBe(1000);
  });

  it('refuses a session cookie sent by a page of another site', async () => {
    const { token } = await signedIn();
    const client = await connect(cableUrl, {
      headers: { cookie: `MWToken=${token}`, origin: 'https://evil.example' },
    });
    await client.closed;
    expect(client.frames).toEqual([{ type: 'disconnect', reason: 'unauthorized', reconnect: false }]);
  });

  it('refuses a revoked session', async () => {
    const { token, sessionId } = await signedIn();
    await revokeSession(ctx.db, sessionId);
    const client = await connect(`${cableUrl}?token=${token}`);
    await client.closed;
    expect(client.frames).toEqual([{ type: 'disconnect', reason: 'unauthorized', reconnect: false }]);
  });

  it('closes a socket that speaks none of our subprotocols', async () => {
    const { token } = await signedIn();
    const client = await connect(`${cableUrl}?token=${token}`, { protocols: ['chat'] });
    const closed = await client.closed;
    expect(closed.code).toBe(1002);
    expect(client.frames).toEqual([]);
  });

  it('answers a plain GET without upgrade with 404', async () => {
    const port = new URL(cableUrl).port;
    const response = await fetch(`http://127.0.0.1:${port}/cable`);
    expect(response.status).toBe(404);
  });
});

describe('/cable subscriptions and broadcasts', () => {
  it('pings every 3 seconds with the unix time in seconds', async () => {
    const { token } = await signedIn();
    const client = await connectAs(token);
    const ping = await client.next((f) => f.type === 'ping', 4_000);
    expect(Number.isInteger(ping.message)).toBe(true);
    expect(Math.abs((ping.message as number) - Date.now() / 1000)).toBeLessThan(5);
  });

  it('confirms NotificationChannel and MeetingRefreshChannel and rejects anything else', async () => {
    const { token } = await signedIn();
    const client = await connectAs(token);
    client.subscribe(NOTIFICATIONS);
    client.subscribe(REFRESH);
    const unknown = JSON.stringify({ channel: 'AdminChannel' });
    client.subscribe(unknown);
    client.subscribe('not json');
    await client.next((f) => f.type === 'reject_subscription' && f.identifier === 'not json');
    expect(client.messages).toEqual([
      { type: 'welcome' },
      { identifier: NOTIFICATIONS, type: 'confirm_subscription' },
      { identifier: REFRESH, type: 'confirm_subscription' },
      { identifier: unknown, type: 'reject_subscription' },
      { identifier: 'not json', type: 'reject_subscription' },
    ]);
  });

  it('confirms a repeated subscribe only once, like Rails', async () => {
    const { token } = await signedIn();
    const client = await connectAs(token);
    client.subscribe(NOTIFICATIONS);
    client.subscribe(NOTIFICATIONS);
    await client.next((f) => f.type === 'confirm_subscription');
    await sleep(150);
    expect(client.messages.filter((f) => f.type === 'confirm_subscription')).toHaveLength(1);
  });

  it("delivers a broadcast to user A's subscribed sockets only, from any process", async () => {
    const a = await signedIn();
    const b = await signedIn();
    const aNotifications = await connectAs(a.token);
    const aSecondTab = await connectAs(a.token);
    const aRefreshOnly = await connectAs(a.token);
    const bNotifications = await connectAs(b.token);
    await aNotifications.subscribed(NOTIFICATIONS);
    await aSecondTab.subscribed(NOTIFICATIONS);
    await aRefreshOnly.subscribed(REFRESH);
    await bNotifications.subscribed(NOTIFICATIONS);

    await broadcastToUser(ctx.pubsub, 'NotificationChannel', a.user.id, { message: 'Hello A' });
    await broadcastToUser(otherProcess, 'NotificationChannel', a.user.id, {
      message: 'From another process',
    });
    await broadcastToUser(otherProcess, 'MeetingRefreshChannel', a.user.id, { refresh: true });

    for (const client of [aNotifications, aSecondTab]) {
      await client.next((f) => (f.message as { message?: string })?.message === 'From another process');
      expect(client.messages.slice(2)).toEqual([
        { identifier: NOTIFICATIONS, message: { message: 'Hello A' } },
        { identifier: NOTIFICATIONS, message: { message: 'From another process' } },
      ]);
    }
    await aRefreshOnly.next((f) => f.identifier === REFRESH && f.type === undefined);
    expect(aRefreshOnly.messages.slice(2)).toEqual([{ identifier: REFRESH, message: { refresh: true } }]);
    await sleep(150);
    expect(bNotifications.messages).toEqual([
      { type: 'welcome' },
      { identifier: NOTIFICATIONS, type: 'confirm_subscription' },
    ]);
  });

  it('stops delivering after unsubscribe, and ignores message commands without closing', async () => {
    const { user, token } = await signedIn();
    const client = await connectAs(token);
    await client.subscribed(NOTIFICATIONS);
    client.send({ command: 'message', identifier: NOTIFICATIONS, data: JSON.stringify({ action: 'speak' }) });
    client.send({ command: 'unsubscribe', identifier: NOTIFICATIONS });
    client.send({ command: 'dance', identifier: NOTIFICATIONS });
    client.socket.send('not json at all');
    // Still alive and in order: a new subscription is confirmed after all of the above.
    await client.subscribed(REFRESH);
    await broadcastToUser(ctx.pubsub, 'NotificationChannel', user.id, { message: 'gone' });
    await broadcastToUser(ctx.pubsub, 'MeetingRefreshChannel', user.id, { refresh: 1 });
    await client.next((f) => f.identifier === REFRESH && f.message !== undefined);
    expect(client.messages).toEqual([
      { type: 'welcome' },
      { identifier: NOTIFICATIONS, type: 'confirm_subscription' },
      { identifier: REFRESH, type: 'confirm_subscription' },
      { identifier: REFRESH, message: { refresh: 1 } },
    ]);
    expect(client.closedWith).toBeNull();
  });

  it('notifyUser stores the notification and pushes it on NotificationChannel', async () => {
    const { user, token } = await signedIn();
    const client = await connectAs(token);
    await client.subscribed(NOTIFICATIONS);
    const push = await notifyUser(ctx, user.id, {
      title: 'Calendar',
      message: 'Synced 12 meetings',
      level: 'success',
    });

    const frame = await client.next((f) => f.identifier === NOTIFICATIONS && f.message !== undefined);
    expect(frame.message).toEqual(push);
    expect(push).toMatchObject({
      title: 'Calendar',
      message: 'Synced 12 meetings',
      level: 'success',
      kind: 'general',
    });
    const [row] = await ctx.db.select().from(notifications).where(eq(notifications.id, push.id));
    expect(row).toMatchObject({
      userId: user.id,
      message: 'Synced 12 meetings',
      level: 'success',
      readAt: null,
    });
  });

  it('disconnectUser closes the sockets of one session, or all of the user', async () => {
    const user = await createUser(ctx);
    const first = await createSession(ctx.db, user.id);
    const second = await createSession(ctx.db, user.id);
    const onFirst = await connectAs(first.token);
    const onSecond = await connectAs(second.token);

    await disconnectUser(otherProcess, user.id, { sessionId: first.sessionId });
    await onFirst.closed;
    expect(onFirst.messages.at(-1)).toEqual({ type: 'disconnect', reason: 'remote', reconnect: false });
    await sleep(100);
    expect(onSecond.closedWith).toBeNull();

    await disconnectUser(ctx.pubsub, user.id, { reconnect: true });
    await onSecond.closed;
    expect(onSecond.messages.at(-1)).toEqual({ type: 'disconnect', reason: 'remote', reconnect: true });
  });
});

describe('/cable limits and shutdown', () => {
  async function refusal(url: string) {
    const error = await RawClient.open(url).then(
      (client) => {
        client.socket.terminate();
        return null;
      },
      (e: { status?: number; retryAfter?: string }) => e,
    );
    return error;
  }

  it('limits open sockets and handshakes per IP with 429', async () => {
    const options: CableOptions = { maxConnectionsPerIp: 2, handshakesPerMinute: 4 };
    const { url } = await startApp(createCableRoutes(options));
    const { token } = await signedIn();
    const tokenUrl = `${url}?token=${token}`;

    const first = await connectAs(token, url);
    await connectAs(token, url);
    expect(await refusal(tokenUrl)).toMatchObject({ status: 429, retryAfter: '5' });

    await first.close();
    await sleep(100);
    const third = await connectAs(token, url);
    await third.close();
    // Now only one socket is open, but this is the fifth handshake this minute.
    const error = await refusal(tokenUrl);
    expect(error).toMatchObject({ status: 429 });
    expect(Number(error?.retryAfter)).toBeGreaterThan(0);
  });

  it('limits open sockets per session, from any number of addresses, and in all', async () => {
    const { url } = await startApp(
      createCableRoutes({ maxConnectionsPerIp: 50, maxConnectionsPerSession: 3, maxConnections: 5 }),
    );
    const one = await signedIn();
    const held = [];
    for (let i = 0; i < 3; i++) held.push(await connectAs(one.token, url));
    expect(await refusal(`${url}?token=${one.token}`)).toMatchObject({ status: 429, retryAfter: '5' });
    // Another session has a budget of its own, up to the process total.
    const other = await signedIn();
    held.push(await connectAs(other.token, url), await connectAs(other.token, url));
    expect(await refusal(`${url}?token=${other.token}`)).toMatchObject({ status: 503, retryAfter: '30' });
    // A socket closed gives its place back.
    await held.shift()!.close();
    await sleep(100);
    held.push(await connectAs(one.token, url));
    for (const client of held) await client.close();
  });

  it('closes its sockets when the server closes', async () => {
    const { app, url } = await startApp(createCableRoutes());
    const { token } = await signedIn();
    const client = await connectAs(token, url);
    await client.subscribed(NOTIFICATIONS);
    const started = Date.now();
    await app.close();
    await client.closed;
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

describe('/cable with the @rails/actioncable client', () => {
  const consumers: Consumer[] = [];

  beforeAll(() => {
    adapters.WebSocket = WebSocket;
    Object.assign(globalThis, {
      addEventListener: () => {},
      removeEventListener: () => {},
      document: { visibilityState: 'visible' },
    });
  });

  afterEach(() => {
    for (const consumer of consumers.splice(0)) consumer.disconnect();
  });

  afterAll(() => {
    const globals = globalThis as Record<string, unknown>;
    delete globals.addEventListener;
    delete globals.removeEventListener;
    delete globals.document;
  });

  function consumerFor(token: string) {
    const consumer = createConsumer(`${cableUrl}?token=${encodeURIComponent(token)}`);
    consumers.push(consumer);
    return consumer;
  }

  function track(consumer: Consumer, channel: string) {
    const events: { connected: number; rejected: number; disconnected: unknown[]; received: unknown[] } = {
      connected: 0,
      rejected: 0,
      disconnected: [],
      received: [],
    };
    const mixin: ChannelMixin = {
      connected: () => {
        events.connected += 1;
      },
      rejected: () => {
        events.rejected += 1;
      },
      disconnected: (details) => {
        events.disconnected.push(details);
      },
      received: (data) => {
        events.received.push(data);
      },
    };
    const subscription = consumer.subscriptions.create({ channel }, mixin);
    return { events, subscription };
  }

  it('connects, subscribes to both channels and receives only its own user’s pushes', async () => {
    const a = await signedIn();
    const b = await signedIn();
    const consumerA = consumerFor(a.token);
    const consumerB = consumerFor(b.token);
    const aNotifications = track(consumerA, 'NotificationChannel');
    const aRefresh = track(consumerA, 'MeetingRefreshChannel');
    const bNotifications = track(consumerB, 'NotificationChannel');
    await vi.waitFor(() => {
      expect(aNotifications.events.connected).toBe(1);
      expect(aRefresh.events.connected).toBe(1);
      expect(bNotifications.events.connected).toBe(1);
    });

    await notifyUser(ctx, a.user.id, {
      title: 'Heads up',
      message: 'Your meeting needs changes',
      level: 'warning',
    });
    await broadcastToUser(otherProcess, 'MeetingRefreshChannel', a.user.id, { meeting_id: 'm1' });
    await vi.waitFor(() => {
      expect(aNotifications.events.received).toEqual([
        expect.objectContaining({
          title: 'Heads up',
          message: 'Your meeting needs changes',
          level: 'warning',
        }),
      ]);
      expect(aRefresh.events.received).toEqual([{ meeting_id: 'm1' }]);
    });
    await sleep(150);
    expect(bNotifications.events.received).toEqual([]);

    // The unsubscribed channel no longer receives.
    aRefresh.subscription.unsubscribe();
    await sleep(100);
    await broadcastToUser(ctx.pubsub, 'MeetingRefreshChannel', a.user.id, { meeting_id: 'm2' });
    await broadcastToUser(ctx.pubsub, 'NotificationChannel', a.user.id, { message: 'still here' });
    await vi.waitFor(() => expect(aNotifications.events.received).toHaveLength(2));
    expect(aRefresh.events.received).toEqual([{ meeting_id: 'm1' }]);
  });

  it('keeps a connection fresh with pings past the client’s 6 s stale threshold', async () => {
    const { user, token } = await signedIn();
    const consumer = consumerFor(token);
    const notificationsOf = track(consumer, 'NotificationChannel');
    await vi.waitFor(() => expect(notificationsOf.events.connected).toBe(1));
    await sleep(7_000);
    expect(notificationsOf.events.disconnected).toEqual([]);
    await broadcastToUser(ctx.pubsub, 'NotificationChannel', user.id, { message: 'still connected' });
    await vi.waitFor(() => expect(notificationsOf.events.received).toEqual([{ message: 'still connected' }]));
    expect(notificationsOf.events.connected).toBe(1);
  }, 15_000);

  it('is told when a channel does not exist', async () => {
    const { token } = await signedIn();
    const consumer = consumerFor(token);
    const unknown = track(consumer, 'AdminChannel');
    await vi.waitFor(() => expect(unknown.events.rejected).toBe(1));
    expect(unknown.events.connected).toBe(0);
  });

  it('stops reconnecting when unauthorized', async () => {
    const consumer = consumerFor('not-a-session');
    const subscription = track(consumer, 'NotificationChannel');
    await vi.waitFor(() =>
      expect(subscription.events.disconnected).toEqual([{ willAttemptReconnect: false }]),
    );
    expect(subscription.events.connected).toBe(0);
  });
});
