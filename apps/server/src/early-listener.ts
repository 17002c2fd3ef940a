import http from 'node:http';
import type net from 'node:net';

/**
 * The server's port, open from the first moment of a start, while PostgreSQL starts and the program loads
 * (main.ts): `/api/v1/health` answers as soon as the database answers and is migrated, and every other
 * request waits, held, until the API is ready and then goes to it. Once ready, the listening socket itself
 * is handed to the API's server (Fastify's): from then on it accepts every connection, with its own limits.
 *
 * Loads nothing but node:http, so that opening the port costs no time of its own.
 */
export type EarlyListener = {
  /** The database answers and is migrated: health says so from now on. */
  databaseReady: () => void;
  /** Hands the port to the API's server; requests held meanwhile go to it. */
  handOver: (app: AppServer) => Promise<void>;
};

/** What handOver needs of the Fastify app: its server, and listen (given the open socket's handle). */
type AppServer = {
  server: http.Server;
  listen: (options: { handle: unknown; host: string; port: number }) => Promise<unknown>;
};

const JSON_API = 'application/vnd.api+json';

/** The health document of the API's own route (features/health), for the moments before it runs. */
function healthBody(ready: boolean) {
  return JSON.stringify(
    ready
      ? {
          data: {
            type: 'health',
            id: 'health',
            attributes: { status: 'ok', database: 'ok', time: new Date() },
          },
        }
      : {
          errors: [
            {
              status: '503',
              code: 'unavailable',
              title: 'Service unavailable',
              detail: 'MeetWell is starting. Please try again in a moment.',
            },
          ],
        },
  );
}

/** Opens the port (rejects as listen would, e.g. when it is taken). */
export async function listenEarly(port: number, host: string): Promise<EarlyListener> {
  let databaseReady = false;
  let target: http.Server | null = null;
  const held: ((to: http.Server) => void)[] = [];
  const forward = (deliver: (to: http.Server) => void) => {
    if (target) deliver(target);
    else held.push(deliver);
  };

  const early = http.createServer((request, response) => {
    if (!target && request.method === 'GET' && request.url?.split('?')[0] === '/api/v1/health') {
      response.writeHead(databaseReady ? 200 : 503, {
        'content-type': JSON_API,
        'cache-control': 'no-store',
        ...(databaseReady ? {} : { 'retry-after': '1' }),
      });
      response.end(healthBody(databaseReady));
      return;
    }
    forward((to) => to.emit('request', request, response));
  });
  early.on('upgrade', (request: http.IncomingMessage, socket: net.Socket, head: Buffer) =>
    forward((to) => to.emit('upgrade', request, socket, head)),
  );
  await new Promise<void>((resolve, reject) => {
    early.once('error', reject);
    early.listen({ port, host }, () => {
      early.off('error', reject);
      resolve();
    });
  });

  return {
    databaseReady: () => {
      databaseReady = true;
    },
    handOver: async (app) => {
      // The same listening socket, now Fastify's: no moment when the port is closed.
      const handle = (early as unknown as { _handle: unknown })._handle;
      await app.listen({ handle, host, port });
      (early as unknown as { _handle: unknown })._handle = null;
      target = app.server;
      for (const deliver of held.splice(0)) deliver(app.server);
      // Connections opened meanwhile stay open: their next requests go to the API too, until they close as
      // any kept-alive connection does (closing them now could cut a request already on its way).
    },
  };
}
