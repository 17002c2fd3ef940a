import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { type Authenticated, authenticateToken } from '../auth/sessions';
import type { AppContext } from '../context';
import type { FeatureRoutes } from '../http/app';
import { AppError } from '../http/errors';
import { type CableControlMessage, isCableChannel, userControlTopic, userStreamTopic } from './channels';
import { IpConnectionLimiter } from './ip-limiter';

/**
 * /cable speaks the Action Cable protocol (actioncable-v1-json) as the `@rails/actioncable` client expects:
 * welcome, a ping every 3 s, subscribe/unsubscribe with confirm/reject, and disconnect messages. A socket is
 * authenticated once, at the handshake, by `?token=`, a bearer header or the session cookie. Messages reach
 * sockets through PubSub (see broadcast.ts), so any server process can address any user.
 */

export const CABLE_PROTOCOL = 'actioncable-v1-json';
export const CABLE_UNSUPPORTED_PROTOCOL = 'actioncable-unsupported';

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

type ServerMessage =
  | { type: 'welcome' }
  | { type: 'ping'; message: number }
  | { type: 'confirm_subscription' | 'reject_subscription'; identifier: string }
  | {
      type: 'disconnect';
      reason: 'unauthorized' | 'invalid_request' | 'server_restart' | 'remote';
      reconnect: boolean;
    }
  | { identifier: string; message: unknown };

type Connection = {
  socket: WebSocket;
  ip: string;
  userId: string;
  sessionId: string;
  /** identifier string (exactly as the client sent it) → PubSub unsubscribe */
  subscriptions: Map<string, () => void>;
  unsubscribeControl: () => void;
};

const MAX_IDENTIFIER_LENGTH = 1024;
const LOCAL_HOSTNAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * A cookie rides along with any cross-site page's handshake, so a cookie-authenticated socket must come from
 * our own origin (like Rails' allowed_request_origins). Bearer and `?token=` callers hold the secret themselves.
 */
function isAllowedOrigin(origin: string | undefined, request: FastifyRequest, ctx: AppContext): boolean {
  if (!origin) return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (parsed.origin === new URL(ctx.config.appUrl).origin) return true;
  if (parsed.host === request.host) return true;
  // The Vite dev server proxies /cable from another port of localhost.
  return ctx.config.env !== 'production' && LOCAL_HOSTNAMES.has(parsed.hostname);
}

async function resolveAuth(request: FastifyRequest, ctx: AppContext): Promise<Authenticated | null> {
  const query = request.query as Record<string, unknown> | undefined;
  const token = query?.token;
  if (typeof token === 'string' && token !== '') return authenticateToken(ctx.db, token);
  if (!request.auth) return null;
  if (request.authVia === 'cookie' && !isAllowedOrigin(request.headers.origin, request, ctx)) return null;
  return request.auth;
}

function parseCommand(data: string): { command: string; identifier: string } | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object') return null;
  const { command, identifier } = parsed as { command?: unknown; identifier?: unknown };
  if (typeof command !== 'string' || typeof identifier !== 'string') return null;
  return { command, identifier };
}

function channelOf(identifier: string): string | null {
  if (identifier.length > MAX_IDENTIFIER_LENGTH) return null;
  try {
    const parsed = JSON.parse(identifier) as { channel?: unknown } | null;
    return parsed && typeof parsed === 'object' && typeof parsed.channel === 'string' ? parsed.channel : null;
  } catch {
    return null;
  }
}

export function createCableRoutes(options: CableOptions = {}): FeatureRoutes {
  const pingIntervalMs = options.pingIntervalMs ?? 3_000;
  const maxSubscriptions = options.maxSubscriptionsPerSocket ?? 20;
  const maxBufferedBytes = options.maxBufferedBytes ?? 1024 * 1024;

  return (app, ctx) => {
    const limiter = new IpConnectionLimiter({
      maxConcurrent: options.maxConnectionsPerIp ?? 20,
      maxPerWindow: options.handshakesPerMinute ?? 60,
      windowMs: 60_000,
    });
    const connections = new Set<Connection>();
    const maxPerSession = options.maxConnectionsPerSession ?? ctx.config.cable.maxSocketsPerSession;
    const maxConnections = options.maxConnections ?? ctx.config.cable.maxSockets;
    /** Open sockets per session: a token from many addresses is still one session. */
    const perSession = new Map<string, number>();
    const pendingAuth = new WeakMap<FastifyRequest, Authenticated | null>();
    let pingTimer: NodeJS.Timeout | null = null;
    let closing = false;

    const send = (socket: WebSocket, message: ServerMessage, log?: FastifyBaseLogger) => {
      if (socket.readyState !== socket.OPEN) return;
      if (socket.bufferedAmount > maxBufferedBytes) {
        log?.warn('cable: dropping a socket that does not keep up');
        socket.terminate();
        return;
      }
      socket.send(JSON.stringify(message));
    };

    const sendAndClose = (socket: WebSocket, message: ServerMessage) => {
      if (socket.readyState !== socket.OPEN) return;
      socket.send(JSON.stringify(message), () => socket.close(1000));
    };

    const ping = () => {
      const message: ServerMessage = { type: 'ping', message: Math.floor(Date.now() / 1000) };
      for (const connection of connections) send(connection.socket, message, app.log);
    };

    const startPinging = () => {
      if (pingTimer || closing) return;
      pingTimer = setInterval(ping, pingIntervalMs);
      pingTimer.unref();
    };

    const stopPingingIfIdle = () => {
      if (connections.size === 0 && pingTimer) {
        clearInterval(pingTimer);
        pingTimer = null;
      }
    };

    const release = (connection: Connection) => {
      if (!connections.delete(connection)) return;
      for (const unsubscribe of connection.subscriptions.values()) unsubscribe();
      connection.subscriptions.clear();
      connection.unsubscribeControl();
      limiter.closed(connection.ip);
      const left = (perSession.get(connection.sessionId) ?? 1) - 1;
      if (left > 0) perSession.set(connection.sessionId, left);
      else perSession.delete(connection.sessionId);
      stopPingingIfIdle();
    };

    const subscribe = (connection: Connection, identifier: string, log: FastifyBaseLogger) => {
      // As Rails does: a second subscribe to the same identifier is ignored (no second confirmation).
      if (connection.subscriptions.has(identifier)) return;
      const channel = channelOf(identifier);
      if (!isCableChannel(channel) || connection.subscriptions.size >= maxSubscriptions) {
        log.debug({ identifier }, 'cable: subscription rejected');
        send(connection.socket, { type: 'reject_subscription', identifier });
        return;
      }
      const unsubscribe = ctx.pubsub.subscribe(userStreamTopic(channel, connection.userId), (message) => {
        send(connection.socket, { identifier, message }, log);
      });
      connection.subscriptions.set(identifier, unsubscribe);
      send(connection.socket, { type: 'confirm_subscription', identifier });
    };

    const onMessage = (connection: Connection, data: string, log: FastifyBaseLogger) => {
      const command = parseCommand(data);
      if (!command) {
        log.debug('cable: ignored a frame that is not an Action Cable command');
        return;
      }
      switch (command.command) {
        case 'subscribe':
          subscribe(connection, command.identifier, log);
          return;
        case 'unsubscribe': {
          const unsubscribe = connection.subscriptions.get(command.identifier);
          connection.subscriptions.delete(command.identifier);
          unsubscribe?.();
          return;
        }
        case 'message':
          // Our channels only stream to the client; they have no actions to perform.
          log.debug(
            { identifier: command.identifier },
            'cable: ignored a message (the channel has no actions)',
          );
          return;
        default:
          log.debug({ command: command.command }, 'cable: ignored an unknown command');
      }
    };

    app.addHook('onClose', async () => {
      closing = true;
      if (pingTimer) clearInterval(pingTimer);
      pingTimer = null;
      for (const connection of [...connections]) {
        release(connection);
        if (connection.socket.readyState !== connection.socket.CLOSED) connection.socket.terminate();
      }
    });

    app.get(
      '/cable',
      {
        websocket: true,
        config: { rateLimit: false },
        schema: { hide: true },
        preValidation: async (request) => {
          const refused = limiter.admit(request.ip);
          if (refused) {
            const retryAfter = refused === 'too_many_open' ? 5 : limiter.retryAfterSeconds(request.ip);
            throw new AppError(
              'rate_limited',
              refused === 'too_many_open'
                ? 'Too many open connections from this address.'
                : 'Too many connection attempts. Please try again shortly.',
              { headers: { 'retry-after': String(retryAfter) } },
            );
          }
          if (connections.size >= maxConnections) {
            throw new AppError(
              'unavailable',
              'The server holds as many live connections as it can. Please try again shortly.',
              {
                headers: { 'retry-after': '30' },
              },
            );
          }
          const auth = await resolveAuth(request, ctx);
          if (auth && (perSession.get(auth.sessionId) ?? 0) >= maxPerSession) {
            throw new AppError(
              'rate_limited',
              `This session has ${maxPerSession} live connections open, as many as one session may. Close a tab, or try again shortly.`,
              { headers: { 'retry-after': '5' } },
            );
          }
          pendingAuth.set(request, auth);
        },
      },
      (socket, request) => {
        const log = request.log;
        if (closing) {
          sendAndClose(socket, { type: 'disconnect', reason: 'server_restart', reconnect: true });
          return;
        }
        if (socket.protocol !== '' && socket.protocol !== CABLE_PROTOCOL) {
          // The client offered no protocol we speak; it shows itself out on 'actioncable-unsupported'.
          socket.close(1002, 'Unsupported subprotocol');
          return;
        }
        const auth = pendingAuth.get(request) ?? null;
        pendingAuth.delete(request);
        if (!auth) {
          sendAndClose(socket, { type: 'disconnect', reason: 'unauthorized', reconnect: false });
          return;
        }

        const connection: Connection = {
          socket,
          ip: request.ip,
          userId: auth.user.id,
          sessionId: auth.sessionId,
          subscriptions: new Map(),
          unsubscribeControl: () => {},
        };
        connections.add(connection);
        limiter.opened(connection.ip);
        perSession.set(connection.sessionId, (perSession.get(connection.sessionId) ?? 0) + 1);
        connection.unsubscribeControl = ctx.pubsub.subscribe(userControlTopic(connection.userId), (raw) => {
          const control = raw as CableControlMessage;
          if (control.type !== 'disconnect') return;
          if (control.sessionId && control.sessionId !== connection.sessionId) return;
          release(connection);
          sendAndClose(socket, { type: 'disconnect', reason: 'remote', reconnect: control.reconnect });
        });

        socket.on('message', (data, isBinary) => {
          if (isBinary) return;
          onMessage(connection, data.toString(), log);
        });
        socket.on('close', () => release(connection));
        socket.on('error', (error) => {
          log.debug({ err: error }, 'cable: socket error');
          release(connection);
          socket.terminate();
        });

        send(socket, { type: 'welcome' });
        startPinging();
      },
    );
  };
}

/** /cable with the default limits (20 open sockets and 60 handshakes a minute per IP, a ping every 3 s). */
export const cableRoutes: FeatureRoutes = createCableRoutes();
