import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthRoutes } from '../features/health/routes';
import { emailLinkRoutes } from '../features/sign-in/email-link/routes';
import { createTestContext, type TestContext } from '../test/context';
import { type App, buildApp } from './app';

/**
 * Connections held open for free, as an attacker holds them: headers sent a byte at a time, a body that never
 * ends, a socket that says nothing, and more of them from one address than a browser would open. The server
 * closes each after its time, refuses the surplus at once, and keeps answering everyone else.
 */

let ctx: TestContext;
let app: App;
let port = 0;

const LIMITS = {
  HTTP_HEADERS_TIMEOUT_SECONDS: '2',
  HTTP_REQUEST_TIMEOUT_SECONDS: '3',
  HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: '1',
  HTTP_IDLE_TIMEOUT_SECONDS: '4',
  HTTP_MAX_CONNECTIONS_PER_IP: '150',
};

beforeAll(async () => {
  ctx = await createTestContext({ ...LIMITS, EMAIL_SIGN_IN: 'on' });
  app = await buildApp(ctx, [healthRoutes, emailLinkRoutes]);
  await app.listen({ port: 0, host: '0.0.0.0' });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await app?.close();
  await ctx?.close();
});

type Held = { socket: net.Socket; closedAt: Promise<number>; timer?: NodeJS.Timeout };

/** A connection from `from` (another loopback address than the one the health checks use). */
function open(from: string, drip: ((socket: net.Socket, tick: number) => void) | null): Promise<Held> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress: from });
    const held: Held = {
      socket,
      closedAt: new Promise((done) => socket.once('close', () => done(Date.now()))),
    };
    socket.on('error', () => {});
    socket.on('data', () => {});
    socket.once('connect', () => {
      if (drip) {
        let tick = 0;
        drip(socket, tick++);
        held.timer = setInterval(() => {
          if (!socket.destroyed) drip(socket, tick++);
        }, 400);
      }
      resolve(held);
    });
  });
}

const slowHeaders = (socket: net.Socket, tick: number) =>
  socket.write(tick === 0 ? 'GET /api/v1/health HTTP/1.1\r\nHost: x\r\n' : `X-Drip-${tick}: y\r\n`);
const slowBody = (socket: net.Socket, tick: number) =>
  socket.write(
    tick === 0
      ? 'POST /api/v1/sign_in_links HTTP/1.1\r\nHost: x\r\nContent-Type: application/vnd.api+json\r\nContent-Length: 100000\r\n\r\n{"data":'
      : ' ',
  );

async function health(): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const response = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
  await response.text();
  return { status: response.status, ms: performance.now() - started };
}

describe('slow and idle connections', () => {
  it('are closed after their time, the surplus of one address at once, while /health stays fast', async () => {
    const attacker = '127.0.0.2';
    const started = Date.now();
    const held = [
      ...(await Promise.all(Array.from({ length: 60 }, () => open(attacker, slowHeaders)))),
      ...(await Promise.all(Array.from({ length: 60 }, () => open(attacker, slowBody)))),
      ...(await Promise.all(Array.from({ length: 30 }, () => open(attacker, null)))),
    ];
    // Past the 150 of one address: closed at once.
    const surplus = await Promise.all(Array.from({ length: 50 }, () => open(attacker, slowHeaders)));

    const checks: { status: number; ms: number }[] = [];
    const allClosed = Promise.all(held.map((h) => h.closedAt));
    let done = false;
    void allClosed.then(() => {
      done = true;
    });
    while (!done && Date.now() - started < 30_000) {
      checks.push(await health());
      await new Promise((r) => setTimeout(r, 200));
    }
    const closedAt = await Promise.race([
      allClosed,
      new Promise<null>((r) => setTimeout(() => r(null), 1000)),
    ]);
    for (const h of [...held, ...surplus]) {
      if (h.timer) clearInterval(h.timer);
      h.socket.destroy();
    }
    expect(closedAt, 'every slow or silent connection was closed by the server').not.toBeNull();
    const lasted = Math.max(...closedAt!) - started;
    // Headers 2 s, whole request 3 s, silence 4 s, checked every second: all gone well before Node's
    // defaults (a minute for headers, five for a request, never for silence). Bound kept loose for a busy CI.
    expect(lasted).toBeLessThan(15_000);
    const surplusClosed = await Promise.all(surplus.map((h) => h.closedAt));
    expect(Math.max(...surplusClosed) - started).toBeLessThan(lasted);
    expect(checks.length).toBeGreaterThan(3);
    expect(checks.every((c) => c.status === 200)).toBe(true);
    const slowest = Math.max(...checks.map((c) => c.ms));
    console.log(
      `held ${held.length} slow connections (+${surplus.length} refused): all closed after ${lasted} ms; /health ${checks.length}×, slowest ${Math.round(slowest)} ms`,
    );
    expect(slowest).toBeLessThan(1000);
  }, 60_000);

  it('answers slow headers with 408 before closing', async () => {
    const socket = await open('127.0.0.3', slowHeaders);
    let answer = '';
    socket.socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString();
    });
    await socket.closedAt;
    clearInterval(socket.timer);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  }, 30_000);
});
