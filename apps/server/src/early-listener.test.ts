import http from 'node:http';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from './db/embedded';
import { listenEarly } from './early-listener';

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** A request on a connection of its own (no keep-alive), so each one is a new connection to the port. */
function get(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => {
        body += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
}

async function appOnItsWay() {
  const app = Fastify();
  app.get('/api/v1/health', async () => ({ from: 'the app' }));
  app.get('/api/v1/users/me', async () => ({ me: true }));
  closers.push(() => app.close());
  return app;
}

describe('the port opened early', () => {
  it("answers health as the database's state says, then hands the port to the app", async () => {
    const port = await freePort();
    const early = await listenEarly(port, '127.0.0.1');
    const starting = await get(port, '/api/v1/health');
    expect(starting.status).toBe(503);
    expect(JSON.parse(starting.body).errors[0].code).toBe('unavailable');

    early.databaseReady();
    const ready = await get(port, '/api/v1/health');
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.body).data.attributes).toMatchObject({ status: 'ok', database: 'ok' });

    const app = await appOnItsWay();
    await early.handOver(app);
    // A new connection reaches the app's own server, on the same port.
    expect(JSON.parse((await get(port, '/api/v1/health')).body)).toEqual({ from: 'the app' });
    expect(app.server.address()).toMatchObject({ port });
  });

  it('holds any other request until the app is ready, then the app answers it', async () => {
    const port = await freePort();
    const early = await listenEarly(port, '127.0.0.1');
    let answered = false;
    const waiting = get(port, '/api/v1/users/me').then((response) => {
      answered = true;
      return response;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(answered).toBe(false);
    const app = await appOnItsWay();
    await early.handOver(app);
    const response = await waiting;
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toEqual({ me: true });
  });

  it('keeps a connection opened before the hand-over, and sends its next requests to the app', async () => {
    const port = await freePort();
    const early = await listenEarly(port, '127.0.0.1');
    early.databaseReady();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    closers.push(async () => agent.destroy());
    const viaAgent = (path: string) =>
      new Promise<{ status: number; body: string; socket: unknown }>((resolve, reject) => {
        const request = http.get({ host: '127.0.0.1', port, path, agent }, (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk) => {
            body += chunk;
          });
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, body, socket: request.socket }),
          );
        });
        request.on('error', reject);
      });
    const before = await viaAgent('/api/v1/health');
    expect(before.status).toBe(200);
    await early.handOver(await appOnItsWay());
    const after = await viaAgent('/api/v1/users/me');
    expect(after.socket).toBe(before.socket);
    expect(JSON.parse(after.body)).toEqual({ me: true });
  });

  it('refuses a port already taken, as listen does', async () => {
    const port = await freePort();
    const first = await listenEarly(port, '127.0.0.1');
    const app = await appOnItsWay();
    await first.handOver(app);
    await expect(listenEarly(port, '127.0.0.1')).rejects.toMatchObject({ code: 'EADDRINUSE' });
  });
});
