import pg from 'pg';

/**
 * Fan-out between server processes over PostgreSQL LISTEN/NOTIFY. Every process LISTENs on one channel with a
 * dedicated connection; a publish is one `pg_notify` that every listening process (this one included) receives
 * and hands to its local subscribers of that topic.
 *
 * Delivery is at most once: a message published while a listener is reconnecting is not replayed to it.
 * Keep messages small (ids and short texts) — PostgreSQL caps a notification at 8000 bytes.
 */
export interface PubSub {
  publish(topic: string, message: unknown): Promise<void>;
  /** Calls `handler` for each message on `topic`; the returned function unsubscribes. */
  subscribe(topic: string, handler: (message: unknown) => void): () => void;
  /** Whether the LISTEN connection is up: while it is not, notifications are missed (caches must not trust it). */
  readonly listening: boolean;
  /** Calls `handler(false)` when the LISTEN connection is lost and `handler(true)` when it is back. */
  onListeningChange(handler: (listening: boolean) => void): () => void;
  close(): Promise<void>;
}

const PUBSUB_CHANNEL = 'meetwell_events';
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more (BLCKSZ - NAMEDATALEN - 128). */
export const MAX_PAYLOAD_BYTES = 7999;
/** The listener's application_name, so operators (and tests) can find its backend in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'meetwell-pubsub';

export class PubSubPayloadTooLargeError extends Error {
  readonly bytes: number;
  constructor(topic: string, bytes: number) {
    super(
      `PubSub message on "${topic}" is ${bytes} bytes encoded; PostgreSQL NOTIFY allows at most ${MAX_PAYLOAD_BYTES}. ` +
        'Publish an id and let subscribers load the rest.',
    );
    this.name = 'PubSubPayloadTooLargeError';
    this.bytes = bytes;
  }
}

export class PubSubClosedError extends Error {
  constructor() {
    super('PubSub is closed');
    this.name = 'PubSubClosedError';
  }
}

type Envelope = { t: string; m: unknown };

export type PubSubOptions = {
  /** Where listener errors and failing handlers are reported (default: console.error). */
  onError?: (message: string, error: unknown) => void;
  /** First reconnect delay; doubles up to `maxReconnectDelayMs`, with jitter. */
  reconnectDelayMs?: number;
  maxReconnectDelayMs?: number;
  /** application_name of the LISTEN connection (default 'meetwell-pubsub'). */
  applicationName?: string;
};

export async function createPubSub(databaseUrl: string, options: PubSubOptions = {}): Promise<PubSub> {
  const pubsub = new PgPubSub(databaseUrl, options);
  // The first connection must work: a process that cannot listen should not start.
  await pubsub.connectListener();
  return pubsub;
}

/** Drops a client without waiting for anything it might still say (its errors are ignored from now on). */
async function dropClient(client: pg.Client) {
  client.removeAllListeners();
  client.on('error', () => {});
  await client.end().catch(() => {});
}

/** One process's LISTEN connection (reconnected with backoff), its subscribers, and a small pool to publish. */
class PgPubSub implements PubSub {
  private readonly onError: (message: string, error: unknown) => void;
  private readonly baseDelay: number;
  private readonly maxDelay: number;
  private readonly handlers = new Map<string, Set<(message: unknown) => void>>();
  private readonly listeningHandlers = new Set<(listening: boolean) => void>();
  private readonly publishPool: pg.Pool;
  private closed = false;
  private listener: pg.Client | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private failures = 0;

  constructor(
    private readonly databaseUrl: string,
    private readonly options: PubSubOptions,
  ) {
    this.onError = options.onError ?? ((message, error) => console.error(`[pubsub] ${message}`, error));
    this.baseDelay = options.reconnectDelayMs ?? 100;
    this.maxDelay = options.maxReconnectDelayMs ?? 5_000;
    this.publishPool = new pg.Pool({ connectionString: databaseUrl, max: 2, idleTimeoutMillis: 10_000 });
    this.publishPool.on('error', () => {
      // An idle publishing connection dropped; the pool opens a new one on next use.
    });
  }

  private announceListening(listening: boolean) {
    for (const handler of [...this.listeningHandlers]) {
      try {
        handler(listening);
      } catch (error) {
        this.onError('a listener of the connection state failed', error);
      }
    }
  }

  private dispatch(payload: string | undefined) {
    if (!payload) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(payload) as Envelope;
    } catch (error) {
      this.onError('ignored a notification that is not JSON', error);
      return;
    }
    const subscribers = this.handlers.get(envelope.t);
    if (!subscribers) return;
    // A copy, so a handler may unsubscribe (itself or others) while we iterate.
    for (const handler of [...subscribers]) {
      try {
        handler(envelope.m);
      } catch (error) {
        this.onError(`a subscriber of "${envelope.t}" failed`, error);
      }
    }
  }

  async connectListener() {
    const client = new pg.Client({
      connectionString: this.databaseUrl,
      application_name: this.options.applicationName ?? LISTENER_APPLICATION_NAME,
      keepAlive: true,
    });
    let dead = false;
    const lost = (error?: unknown) => {
      dead = true;
      // Before the LISTEN succeeded, connect() reports the failure itself.
      if (this.listener !== client) return;
      this.listener = null;
      client.removeAllListeners();
      client.on('error', () => {});
      client.end().catch(() => {});
      if (this.closed) return;
      this.onError('lost the LISTEN connection; reconnecting', error);
      this.announceListening(false);
      this.scheduleReconnect();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (notification) => {
      if (notification.channel === PUBSUB_CHANNEL) this.dispatch(notification.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${PUBSUB_CHANNEL}`);
    } catch (error) {
      await dropClient(client);
      throw error;
    }
    if (dead) throw new Error('The LISTEN connection closed while it was starting');
    this.listener = client;
  }

  private scheduleReconnect() {
    if (this.closed || this.reconnectTimer) return;
    const delay = Math.min(this.maxDelay, this.baseDelay * 2 ** Math.min(this.failures, 10));
    const jittered = delay / 2 + Math.random() * (delay / 2);
    this.failures += 1;
    this.reconnectTimer = setTimeout(async () => {
      this.reconnectTimer = null;
      if (this.closed) return;
      try {
        await this.connectListener();
        if (this.closed) {
          await this.listener?.end().catch(() => {});
          this.listener = null;
          return;
        }
        this.failures = 0;
        this.announceListening(true);
      } catch (error) {
        this.onError('reconnecting the LISTEN connection failed; retrying', error);
        this.scheduleReconnect();
      }
    }, jittered);
  }

  async publish(topic: string, message: unknown) {
    if (this.closed) throw new PubSubClosedError();
    const payload = JSON.stringify({ t: topic, m: message } satisfies Envelope);
    const bytes = Buffer.byteLength(payload, 'utf8');
    if (bytes > MAX_PAYLOAD_BYTES) throw new PubSubPayloadTooLargeError(topic, bytes);
    await this.publishPool.query('select pg_notify($1, $2)', [PUBSUB_CHANNEL, payload]);
  }

  subscribe(topic: string, handler: (message: unknown) => void) {
    if (this.closed) throw new PubSubClosedError();
    let subscribers = this.handlers.get(topic);
    if (!subscribers) {
      subscribers = new Set();
      this.handlers.set(topic, subscribers);
    }
    // Wrapped, so subscribing the same function twice yields two independent subscriptions.
    const entry = (message: unknown) => handler(message);
    subscribers.add(entry);
    return () => {
      const current = this.handlers.get(topic);
      if (!current) return;
      current.delete(entry);
      if (current.size === 0) this.handlers.delete(topic);
    };
  }

  get listening() {
    return this.listener !== null;
  }

  onListeningChange(handler: (listening: boolean) => void) {
    this.listeningHandlers.add(handler);
    return () => {
      this.listeningHandlers.delete(handler);
    };
  }

  async close() {
    if (this.closed) return;
    this.closed = true;
    this.listeningHandlers.clear();
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.handlers.clear();
    const client = this.listener;
    this.listener = null;
    if (client) await dropClient(client);
    await this.publishPool.end();
  }
}
