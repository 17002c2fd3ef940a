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
  const onError = options.onError ?? ((message, error) => console.error(`[pubsub] ${message}`, error));
  const baseDelay = options.reconnectDelayMs ?? 100;
  const maxDelay = options.maxReconnectDelayMs ?? 5_000;

  const handlers = new Map<string, Set<(message: unknown) => void>>();
  const listeningHandlers = new Set<(listening: boolean) => void>();
  const announceListening = (listening: boolean) => {
    for (const handler of [...listeningHandlers]) {
      try {
        handler(listening);
      } catch (error) {
        onError('a listener of the connection state failed', error);
      }
    }
  };
  const publishPool = new pg.Pool({ connectionString: databaseUrl, max: 2, idleTimeoutMillis: 10_000 });
  publishPool.on('error', () => {
    // An idle publishing connection dropped; the pool opens a new one on next use.
  });

  let closed = false;
  let listener: pg.Client | null = null;
  let reconnectTimer: NodeJS.Timeout | null = null;
  let failures = 0;

  const dispatch = (payload: string | undefined) => {
    if (!payload) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(payload) as Envelope;
    } catch (error) {
      onError('ignored a notification that is not JSON', error);
      return;
    }
    const subscribers = handlers.get(envelope.t);
    if (!subscribers) return;
    // A copy, so a handler may unsubscribe (itself or others) while we iterate.
    for (const handler of [...subscribers]) {
      try {
        handler(envelope.m);
      } catch (error) {
        onError(`a subscriber of "${envelope.t}" failed`, error);
      }
    }
  };

  const connectListener = async () => {
    const client = new pg.Client({
      connectionString: databaseUrl,
      application_name: options.applicationName ?? LISTENER_APPLICATION_NAME,
      keepAlive: true,
    });
    let dead = false;
    const lost = (error?: unknown) => {
      dead = true;
      // Before the LISTEN succeeded, connect() reports the failure itself.
      if (listener !== client) return;
      listener = null;
      client.removeAllListeners();
      client.on('error', () => {});
      client.end().catch(() => {});
      if (closed) return;
      onError('lost the LISTEN connection; reconnecting', error);
      announceListening(false);
      scheduleReconnect();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (notification) => {
      if (notification.channel === PUBSUB_CHANNEL) dispatch(notification.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${PUBSUB_CHANNEL}`);
    } catch (error) {
      client.removeAllListeners();
      client.on('error', () => {});
      await client.end().catch(() => {});
      throw error;
    }
    if (dead) throw new Error('The LISTEN connection closed while it was starting');
    listener = client;
  };

  const scheduleReconnect = () => {
    if (closed || reconnectTimer) return;
    const delay = Math.min(maxDelay, baseDelay * 2 ** Math.min(failures, 10));
    const jittered = delay / 2 + Math.random() * (delay / 2);
    failures += 1;
    reconnectTimer = setTimeout(async () => {
      reconnectTimer = null;
      if (closed) return;
      try {
        await connectListener();
        if (closed) {
          await listener?.end().catch(() => {});
          listener = null;
          return;
        }
        failures = 0;
        announceListening(true);
      } catch (error) {
        onError('reconnecting the LISTEN connection failed; retrying', error);
        scheduleReconnect();
      }
    }, jittered);
  };

  // The first connection must work: a process that cannot listen should not start.
  await connectListener();

  return {
    async publish(topic, message) {
      if (closed) throw new PubSubClosedError();
      const payload = JSON.stringify({ t: topic, m: message } satisfies Envelope);
      const bytes = Buffer.byteLength(payload, 'utf8');
      if (bytes > MAX_PAYLOAD_BYTES) throw new PubSubPayloadTooLargeError(topic, bytes);
      await publishPool.query('select pg_notify($1, $2)', [PUBSUB_CHANNEL, payload]);
    },

    subscribe(topic, handler) {
      if (closed) throw new PubSubClosedError();
      let subscribers = handlers.get(topic);
      if (!subscribers) {
        subscribers = new Set();
        handlers.set(topic, subscribers);
      }
      // Wrapped, so subscribing the same function twice yields two independent subscriptions.
      const entry = (message: unknown) => handler(message);
      subscribers.add(entry);
      return () => {
        const current = handlers.get(topic);
        if (!current) return;
        current.delete(entry);
        if (current.size === 0) handlers.delete(topic);
      };
    },

    get listening() {
      return listener !== null;
    },

    onListeningChange(handler) {
      listeningHandlers.add(handler);
      return () => listeningHandlers.delete(handler);
    },

    async close() {
      if (closed) return;
      closed = true;
      listeningHandlers.clear();
      if (reconnectTimer) clearTimeout(reconnectTimer);
      reconnectTimer = null;
      handlers.clear();
      const client = listener;
      listener = null;
      if (client) {
        client.removeAllListeners();
        client.on('error', () => {});
        await client.end().catch(() => {});
      }
      await publishPool.end();
    },
  };
}
