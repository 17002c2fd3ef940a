import zlib from 'node:zlib';
import type { FeatureRoutes } from '../../http/app';
import type { PubSub } from '../../realtime/pubsub';

/** What the database trigger (migration 0010) publishes: the ids of the users whose week data changed. */
const MEETINGS_CHANGED_TOPIC = 'meetings.changed';

export type WeekCacheOptions = {
  /** Most answers kept (least recently used go first); 0 turns the cache off. */
  maxEntries?: number;
  /** Most bytes kept, bodies and their compressed forms counted. */
  maxBytes?: number;
};

type Encoding = 'br' | 'gzip';

/** One cached answer: the JSON body, and its compressed forms as they are first asked for. */
export type CachedBody = {
  key: string;
  userId: string;
  /** How many meetings the answer holds (the route refuses a period above its cap). */
  count: number;
  body: string | Buffer;
  encoded: Partial<Record<Encoding, Buffer>>;
  bytes: number;
};

/** Answers under this size go out uncompressed (the compression plugin's own threshold). */
const COMPRESS_FROM_BYTES = 1024;
/** After this many users with a recorded change, the record is reset (and reads in flight are not stored). */
const MAX_TRACKED_USERS = 10_000;

/**
 * The answers of `GET meetings` (a user's week) kept in this process, so a repeated read costs no database
 * round trip. It can never serve data older than the user's last change:
 *
 * - every table the week's JSON reads carries a statement-level trigger that notifies the changed users' ids
 *   (migration 0010); each process listens (realtime/pubsub.ts) and drops those users' answers;
 * - a change made through a request drops the user's answers in this process before the reply is sent
 *   (`forgetUser`, called by the app's onSend hook), so the user's next read in this process sees it;
 * - a read that raced a change does not store what it read: every drop bumps a counter and records it per
 *   user, and an answer is stored only when no drop of its user happened since its read began;
 * - while the LISTEN connection is down (notifications would be missed) the cache is emptied and bypassed.
 *
 * Bounded by entries and bytes, least recently used first.
 */
export class WeekCache {
  private readonly entries = new Map<string, CachedBody>();
  private readonly keysByUser = new Map<string, Set<string>>();
  private bytes = 0;
  private tick = 0;
  private readonly changedAt = new Map<string, number>();
  /** Reads begun before this tick store nothing (a reset, a lost connection). */
  private resetAt = 0;
  private enabled: boolean;
  private readonly maxEntries: number;
  private readonly maxBytes: number;

  constructor(options: WeekCacheOptions & { listening: boolean }) {
    this.maxEntries = options.maxEntries ?? 2_000;
    this.maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
    this.enabled = options.listening && this.maxEntries > 0;
  }

  /**
   * The cached answer for `key`, or the one `load` builds (stored unless a change of the user raced it).
   * `load` returns null for an answer that must not be kept (an empty period, whose 204 depends on sync state).
   */
  async read(
    userId: string,
    key: string,
    load: () => Promise<{ count: number; body: string | Buffer } | null>,
  ): Promise<CachedBody | null> {
    const hit = this.entries.get(key);
    if (hit && this.enabled) {
      // Most recently used goes to the end of the map's order.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const began = this.tick;
    const loaded = await load();
    if (!loaded) return null;
    const entry: CachedBody = {
      key,
      userId,
      count: loaded.count,
      body: loaded.body,
      encoded: {},
      bytes: loaded.body.length,
    };
    // Stored only when nothing of the user changed (and nothing was reset) since the read began.
    if (this.enabled && began >= this.resetAt && (this.changedAt.get(userId) ?? -1) <= began) {
      this.store(entry);
    }
    return entry;
  }

  /** The body in `encoding`, compressed once per entry; null when it goes out as it is. */
  encode(entry: CachedBody, encoding: Encoding | null): Buffer | null {
    if (!encoding || entry.body.length < COMPRESS_FROM_BYTES) return null;
    let encoded = entry.encoded[encoding];
    if (!encoded) {
      encoded =
        encoding === 'br'
          ? zlib.brotliCompressSync(entry.body, {
              params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 },
            })
          : zlib.gzipSync(entry.body);
      entry.encoded[encoding] = encoded;
      // An entry still in the cache now weighs more; one already dropped simply goes.
      if (this.entries.get(entry.key) === entry) {
        entry.bytes += encoded.length;
        this.bytes += encoded.length;
        this.trim();
      }
    }
    return encoded;
  }

  /** Drops the user's answers; reads of theirs already under way will not store theirs. */
  forgetUser(userId: string) {
    this.tick++;
    if (this.changedAt.size >= MAX_TRACKED_USERS) {
      this.changedAt.clear();
      this.resetAt = this.tick;
    }
    this.changedAt.set(userId, this.tick);
    const keys = this.keysByUser.get(userId);
    if (!keys) return;
    for (const key of [...keys]) this.remove(key);
  }

  /** Drops everything; reads under way store nothing. */
  clear() {
    this.tick++;
    this.resetAt = this.tick;
    this.changedAt.clear();
    this.entries.clear();
    this.keysByUser.clear();
    this.bytes = 0;
  }

  /** Off while notifications may be missed: emptied either way (what came in meanwhile is unknown). */
  setEnabled(enabled: boolean) {
    this.enabled = enabled && this.maxEntries > 0;
    this.clear();
  }

  get size() {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  private store(entry: CachedBody) {
    this.remove(entry.key);
    this.entries.set(entry.key, entry);
    let keys = this.keysByUser.get(entry.userId);
    if (!keys) {
      keys = new Set();
      this.keysByUser.set(entry.userId, keys);
    }
    keys.add(entry.key);
    this.bytes += entry.bytes;
    this.trim();
  }

  private trim() {
    while (this.entries.size > this.maxEntries || this.bytes > this.maxBytes) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.remove(oldest);
    }
  }

  private remove(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
    const keys = this.keysByUser.get(entry.userId);
    keys?.delete(key);
    if (keys?.size === 0) this.keysByUser.delete(entry.userId);
  }
}

const weekCaches = new Map<PubSub, WeekCache>();

/** The week cache of the process whose notifications arrive through `pubsub`, if main.ts turned it on. */
export function weekCacheOf(pubsub: PubSub): WeekCache | null {
  return weekCaches.get(pubsub) ?? null;
}

/**
 * Turns the week cache on for the app that uses `pubsub` (main.ts does; tests that need it too). Returns the
 * function that turns it off.
 */
export function cacheWeeks(pubsub: PubSub, options: WeekCacheOptions = {}): () => void {
  const cache = new WeekCache({ ...options, listening: pubsub.listening });
  weekCaches.set(pubsub, cache);
  const unsubscribe = pubsub.subscribe(MEETINGS_CHANGED_TOPIC, (message) => {
    if (!Array.isArray(message)) return;
    for (const userId of message) if (typeof userId === 'string') cache.forgetUser(userId);
  });
  const stopWatching = pubsub.onListeningChange((listening) => cache.setEnabled(listening));
  return () => {
    unsubscribe();
    stopWatching();
    cache.setEnabled(false);
    if (weekCaches.get(pubsub) === cache) weekCaches.delete(pubsub);
  };
}

/**
 * The encoding to send a cached body in, from Accept-Encoding (brotli first, like the compression plugin);
 * null for none. An encoding given q=0 is refused.
 */
export function preferredEncoding(header: string | string[] | undefined): Encoding | null {
  if (!header) return null;
  const key = String(header);
  const known = encodingByHeader.get(key);
  if (known !== undefined) return known;
  const chosen = chooseEncoding(key);
  // Clients send a handful of distinct headers; the bound only guards against a client inventing many.
  if (encodingByHeader.size >= 100) encodingByHeader.clear();
  encodingByHeader.set(key, chosen);
  return chosen;
}

const encodingByHeader = new Map<string, Encoding | null>();

function chooseEncoding(header: string): Encoding | null {
  const accepted = new Set<string>();
  for (const part of String(header).toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    if (name) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/**
 * After a change made through a request (any unsafe method, or a GET that changes state): the user's cached
 * weeks go before the reply is sent, so the next read sees the change (http drops the cached sessions itself).
 * Registered with the app in routes.ts.
 */
export const forgetWeeksAfterChange: FeatureRoutes = (app, ctx) => {
  app.afterChange((userId) => weekCacheOf(ctx.pubsub)?.forgetUser(userId));
};
