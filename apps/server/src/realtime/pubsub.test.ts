import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../test/context';
import {
  createPubSub,
  MAX_PAYLOAD_BYTES,
  type PubSub,
  PubSubClosedError,
  PubSubPayloadTooLargeError,
} from './pubsub';

let ctx: TestContext;
const opened: PubSub[] = [];

async function open(options: Parameters<typeof createPubSub>[1] = {}) {
  const pubsub = await createPubSub(ctx.databaseUrl, { onError: () => {}, ...options });
  opened.push(pubsub);
  return pubsub;
}

/** Collects what a subscription receives, and waits for it. */
function collect(pubsub: PubSub, topic: string) {
  const received: unknown[] = [];
  const unsubscribe = pubsub.subscribe(topic, (message) => received.push(message));
  return {
    received,
    unsubscribe,
    until: (count: number) => vi.waitFor(() => expect(received).toHaveLength(count)),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  for (const pubsub of opened) await pubsub.close();
  await ctx.close();
});

describe('PubSub over LISTEN/NOTIFY', () => {
  it('fans a message out to the subscribers of every process, and only on its topic', async () => {
    const first = await open();
    const second = await open();
    const onFirst = collect(first, 'room:1');
    const onSecond = collect(second, 'room:1');
    const otherTopic = collect(second, 'room:2');

    await first.publish('room:1', { hello: 'from first' });
    await second.publish('room:1', { hello: 'from second', n: 2 });
    await onFirst.until(2);
    await onSecond.until(2);

    expect(onFirst.received).toEqual([{ hello: 'from first' }, { hello: 'from second', n: 2 }]);
    expect(onSecond.received).toEqual(onFirst.received);
    await sleep(100);
    expect(otherTopic.received).toEqual([]);
  });

  it('stops delivering after unsubscribe, to that handler only', async () => {
    const pubsub = await open();
    const kept = collect(pubsub, 'topic:unsub');
    const dropped = collect(pubsub, 'topic:unsub');
    dropped.unsubscribe();
    await pubsub.publish('topic:unsub', 'one');
    await kept.until(1);
    await sleep(100);
    expect(dropped.received).toEqual([]);
  });

  it('keeps delivering to other subscribers when one handler throws', async () => {
    const onError = vi.fn();
    const pubsub = await open({ onError });
    pubsub.subscribe('topic:throw', () => {
      throw new Error('boom');
    });
    const healthy = collect(pubsub, 'topic:throw');
    await pubsub.publish('topic:throw', 1);
    await healthy.until(1);
    expect(onError).toHaveBeenCalledWith(expect.stringContaining('topic:throw'), expect.any(Error));
  });

  it('rejects a message over the NOTIFY limit with a clear error, and accepts one just under it', async () => {
    const pubsub = await open();
    const big = collect(pubsub, 'big');
    // The envelope {"t":"big","m":"…"} adds 18 bytes around the text: this one is exactly at the limit.
    const fits = 'x'.repeat(MAX_PAYLOAD_BYTES - 18);
    await pubsub.publish('big', fits);
    await big.until(1);

    const error = await pubsub.publish('big', `${fits}x`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PubSubPayloadTooLargeError);
    expect((error as Error).message).toMatch(
      /"big" is 8000 bytes encoded; PostgreSQL NOTIFY allows at most 7999/,
    );

    // Multi-byte characters count in bytes, not characters.
    await expect(pubsub.publish('big', { text: 'é'.repeat(4000) })).rejects.toThrow(
      PubSubPayloadTooLargeError,
    );
  });

  it('reconnects and listens again when its connection is killed', async () => {
    const onError = vi.fn();
    const applicationName = 'meetwell-pubsub-reconnect-test';
    const pubsub = await open({ onError, reconnectDelayMs: 20, maxReconnectDelayMs: 200, applicationName });
    const sub = collect(pubsub, 'after-reconnect');

    const admin = new pg.Client({ connectionString: ctx.databaseUrl });
    await admin.connect();
    try {
      const killed = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()',
        [applicationName],
      );
      expect(killed.rowCount).toBe(1);
    } finally {
      await admin.end();
    }
    await vi.waitFor(() =>
      expect(onError).toHaveBeenCalledWith(expect.stringContaining('lost the LISTEN'), expect.anything()),
    );

    // Messages published while it is away are lost (at most once); keep publishing until one arrives.
    await vi.waitFor(
      async () => {
        await pubsub.publish('after-reconnect', 'hello again');
        await sleep(50);
        expect(sub.received.length).toBeGreaterThan(0);
      },
      { timeout: 10_000, interval: 100 },
    );
    expect(sub.received[0]).toBe('hello again');
  });

  it('refuses to publish or subscribe once closed, and closes twice without error', async () => {
    const pubsub = await createPubSub(ctx.databaseUrl);
    await pubsub.close();
    await pubsub.close();
    await expect(pubsub.publish('x', 1)).rejects.toThrow(PubSubClosedError);
    expect(() => pubsub.subscribe('x', () => {})).toThrow(PubSubClosedError);
  });

  it('fails to start when the database cannot be reached', async () => {
    const unreachable = ctx.databaseUrl.replace(/:(\d+)\//, ':1/');
    await expect(createPubSub(unreachable)).rejects.toThrow();
  });
});
