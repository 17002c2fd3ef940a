import type { FeatureRoutes } from '../http/app';
import { CableHub } from './cable-hub';

/**
 * /cable speaks the Action Cable protocol (actioncable-v1-json) as the `@rails/actioncable` client expects:
 * welcome, a ping every 3 s, subscribe/unsubscribe with confirm/reject, and disconnect messages. A socket is
 * authenticated once, at the handshake, by `?token=`, a bearer header or the session cookie. Messages reach
 * sockets through PubSub (see broadcast.ts), so any server process can address any user.
 */

export { CABLE_PROTOCOL, CABLE_UNSUPPORTED_PROTOCOL } from './cable-protocol';

export type CableOptions = {
  /** Open sockets per client IP (default 20). */
  maxConnectionsPerIp?: number;
  /** Handshakes per client IP per minute (default 60), over the last minute. */
  handshakesPerMinute?: number;
  /** Open sockets per session (default CABLE_MAX_SOCKETS_PER_SESSION: one per tab is plenty). */
  maxConnectionsPerSession?: number;
  /** Open sockets in all, per process (default CABLE_MAX_SOCKETS). */
  maxConnections?: number;
  /** Default 3000, as Action Cable's client expects (it reconnects after 6 s without a ping). */
  pingIntervalMs?: number;
  /** Subscriptions one socket may hold (default 20; the web app uses 2). */
  maxSubscriptionsPerSocket?: number;
  /** A socket that does not read what we send is dropped past this many buffered bytes (default 1 MiB). */
  maxBufferedBytes?: number;
};

export function createCableRoutes(options: CableOptions = {}): FeatureRoutes {
  return (app, ctx) => {
    const hub = new CableHub(ctx, app.log, {
      maxConnectionsPerIp: options.maxConnectionsPerIp ?? 20,
      handshakesPerMinute: options.handshakesPerMinute ?? 60,
      maxConnectionsPerSession: options.maxConnectionsPerSession ?? ctx.config.cable.maxSocketsPerSession,
      maxConnections: options.maxConnections ?? ctx.config.cable.maxSockets,
      pingIntervalMs: options.pingIntervalMs ?? 3_000,
      maxSubscriptionsPerSocket: options.maxSubscriptionsPerSocket ?? 20,
      maxBufferedBytes: options.maxBufferedBytes ?? 1024 * 1024,
    });
    app.addHook('onClose', async () => hub.close());
    app.get(
      '/cable',
      {
        websocket: true,
        config: { rateLimit: false },
        schema: { hide: true },
        preValidation: (request) => hub.admit(request),
      },
      (socket, request) => hub.open(socket, request),
    );
  };
}

/** /cable with the default limits (20 open sockets and 60 handshakes a minute per IP, a ping every 3 s). */
export const cableRoutes: FeatureRoutes = createCableRoutes();
