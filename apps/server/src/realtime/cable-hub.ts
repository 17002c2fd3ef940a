import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { type Authenticated, authenticateToken } from '../auth/sessions';
import type { AppContext } from '../context';
import { AppError } from '../http/errors';
import { CABLE_PROTOCOL } from './cable-protocol';
import { type CableControlMessage, isCableChannel, userControlTopic, userStreamTopic } from './channels';
import { IpConnectionLimiter } from './ip-limiter';

/** The limits one process's sockets live under (CableOptions with their defaults filled in). */
export type CableLimits = {
  maxConnectionsPerIp: number;
  handshakesPerMinute: number;
  maxConnectionsPerSession: number;
  maxConnections: number;
  pingIntervalMs: number;
  maxSubscriptionsPerSocket: number;
  maxBufferedBytes: number;
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

/**
 * The live sockets of one server process: who may open one (per address, per session, in all), what each is
 * subscribed to, the pings that keep them open, and letting each go exactly once.
 */
export class CableHub {
  private readonly connections = new Set<Connection>();
  /** Open sockets per session: a token from many addresses is still one session. */
  private readonly perSession = new Map<string, number>();
  private readonly pendingAuth = new WeakMap<FastifyRequest, Authenticated | null>();
  private readonly limiter: IpConnectionLimiter;
  private pingTimer: NodeJS.Timeout | null = null;
  private closing = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly log: FastifyBaseLogger,
    private readonly limits: CableLimits,
  ) {
    this.limiter = new IpConnectionLimiter({
      maxConcurrent: limits.maxConnectionsPerIp,
      maxPerWindow: limits.handshakesPerMinute,
      windowMs: 60_000,
    });
  }

  private send(socket: WebSocket, message: ServerMessage, log?: FastifyBaseLogger) {
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > this.limits.maxBufferedBytes) {
      log?.warn('cable: dropping a socket that does not keep up');
      socket.terminate();
      return;
    }
    socket.send(JSON.stringify(message));
  }

  private sendAndClose(socket: WebSocket, message: ServerMessage) {
    if (socket.readyState !== socket.OPEN) return;
    socket.send(JSON.stringify(message), () => socket.close(1000));
  }

  private ping() {
    const message: ServerMessage = { type: 'ping', message: Math.floor(Date.now() / 1000) };
    for (const connection of this.connections) this.send(connection.socket, message, this.log);
  }

  private startPinging() {
    if (this.pingTimer || this.closing) return;
    this.pingTimer = setInterval(() => this.ping(), this.limits.pingIntervalMs);
    this.pingTimer.unref();
  }

  private stopPingingIfIdle() {
    if (this.connections.size === 0 && this.pingTimer) {
      clearInterval(this.pingTimer);
      this.pingTimer = null;
    }
  }

  private release(connection: Connection) {
    if (!this.connections.delete(connection)) return;
    for (const unsubscribe of connection.subscriptions.values()) unsubscribe();
    connection.subscriptions.clear();
    connection.unsubscribeControl();
    this.limiter.closed(connection.ip);
    const left = (this.perSession.get(connection.sessionId) ?? 1) - 1;
    if (left > 0) this.perSession.set(connection.sessionId, left);
    else this.perSession.delete(connection.sessionId);
    this.stopPingingIfIdle();
  }

  private subscribe(connection: Connection, identifier: string, log: FastifyBaseLogger) {
    // As Rails does: a second subscribe to the same identifier is ignored (no second confirmation).
    if (connection.subscriptions.has(identifier)) return;
    const channel = channelOf(identifier);
    if (!isCableChannel(channel) || connection.subscriptions.size >= this.limits.maxSubscriptionsPerSocket) {
      log.debug({ identifier }, 'cable: subscription rejected');
      this.send(connection.socket, { type: 'reject_subscription', identifier });
      return;
    }
    const unsubscribe = this.ctx.pubsub.subscribe(userStreamTopic(channel, connection.userId), (message) => {
      this.send(connection.socket, { identifier, message }, log);
    });
    connection.subscriptions.set(identifier, unsubscribe);
    this.send(connection.socket, { type: 'confirm_subscription', identifier });
  }

  private onMessage(connection: Connection, data: string, log: FastifyBaseLogger) {
    const command = parseCommand(data);
    if (!command) {
      log.debug('cable: ignored a frame that is not an Action Cable command');
      return;
    }
    switch (command.command) {
      case 'subscribe':
        this.subscribe(connection, command.identifier, log);
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
  }

  /** The handshake's admission, before the upgrade: refused with 429 or 503 and Retry-After past a limit. */
  async admit(request: FastifyRequest) {
    const refused = this.limiter.admit(request.ip);
    if (refused) {
      const retryAfter = refused === 'too_many_open' ? 5 : this.limiter.retryAfterSeconds(request.ip);
      throw new AppError(
        'rate_limited',
        refused === 'too_many_open'
          ? 'Too many open connections from this address.'
          : 'Too many connection attempts. Please try again shortly.',
        { headers: { 'retry-after': String(retryAfter) } },
      );
    }
    if (this.connections.size >= this.limits.maxConnections) {
      throw new AppError(
        'unavailable',
        'The server holds as many live connections as it can. Please try again shortly.',
        { headers: { 'retry-after': '30' } },
      );
    }
    const auth = await resolveAuth(request, this.ctx);
    const maxPerSession = this.limits.maxConnectionsPerSession;
    if (auth && (this.perSession.get(auth.sessionId) ?? 0) >= maxPerSession) {
      throw new AppError(
        'rate_limited',
        `This session has ${maxPerSession} live connections open, as many as one session may. Close a tab, or try again shortly.`,
        { headers: { 'retry-after': '5' } },
      );
    }
    this.pendingAuth.set(request, auth);
  }

  /** An upgraded socket: welcomed when signed in and speaking our protocol, else told why and closed. */
  open(socket: WebSocket, request: FastifyRequest) {
    const log = request.log;
    if (this.closing) {
      this.sendAndClose(socket, { type: 'disconnect', reason: 'server_restart', reconnect: true });
      return;
    }
    if (socket.protocol !== '' && socket.protocol !== CABLE_PROTOCOL) {
      // The client offered no protocol we speak; it shows itself out on 'actioncable-unsupported'.
      socket.close(1002, 'Unsupported subprotocol');
      return;
    }
    const auth = this.pendingAuth.get(request) ?? null;
    this.pendingAuth.delete(request);
    if (!auth) {
      this.sendAndClose(socket, { type: 'disconnect', reason: 'unauthorized', reconnect: false });
      return;
    }
    const connection = this.track(socket, request.ip, auth);
    socket.on('message', (data, isBinary) => {
      if (isBinary) return;
      this.onMessage(connection, data.toString(), log);
    });
    socket.on('close', () => this.release(connection));
    socket.on('error', (error) => {
      log.debug({ err: error }, 'cable: socket error');
      this.release(connection);
      socket.terminate();
    });
    this.send(socket, { type: 'welcome' });
    this.startPinging();
  }

  /** Counts the socket in, and lets it go when its session is ended or the user is disconnected elsewhere. */
  private track(socket: WebSocket, ip: string, auth: Authenticated): Connection {
    const connection: Connection = {
      socket,
      ip,
      userId: auth.user.id,
      sessionId: auth.sessionId,
      subscriptions: new Map(),
      unsubscribeControl: () => {},
    };
    this.connections.add(connection);
    this.limiter.opened(ip);
    this.perSession.set(auth.sessionId, (this.perSession.get(auth.sessionId) ?? 0) + 1);
    connection.unsubscribeControl = this.ctx.pubsub.subscribe(userControlTopic(connection.userId), (raw) => {
      const control = raw as CableControlMessage;
      if (control.type !== 'disconnect') return;
      if (control.sessionId && control.sessionId !== connection.sessionId) return;
      this.release(connection);
      this.sendAndClose(socket, { type: 'disconnect', reason: 'remote', reconnect: control.reconnect });
    });
    return connection;
  }

  /** The server is closing: no new socket is welcomed, and every open one is let go. */
  close() {
    this.closing = true;
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = null;
    for (const connection of [...this.connections]) {
      this.release(connection);
      if (connection.socket.readyState !== connection.socket.CLOSED) connection.socket.terminate();
    }
  }
}
