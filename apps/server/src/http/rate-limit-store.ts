import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type pg from 'pg';

/**
 * Rate-limit counters shared by every API process through PostgreSQL (table rate_limits), so N processes
 * behind a load balancer give a client one budget, not N.
 *
 * Windows slide. A window of length W is cut into SLICES slices (epoch-aligned, so every process agrees on
 * them without talking); a request is admitted when the requests counted in its own slice and the SLICES
 * slices before it — a span of at least W, at most W + W/SLICES — stay within the budget. Any span of length
 * W therefore holds at most the budget: the last request admitted in it saw every earlier one. (Fixed windows
 * let twice the budget through in a burst across a window's edge.) The price: a request counts for up to
 * 1.1 windows. A refused request is not counted (it is taken back), so Retry-After is when the budget frees.
 *
 * Small budgets — sign-in, public token pages, uploads: the ones that guard against guessing and abuse — are
 * counted exactly, one statement per request. Large budgets (the general per-session limit) are counted
 * locally and flushed in one statement every `flushMs`; each slice a client enters in this process is counted
 * exactly once, which brings back the shared totals. The shared total can be exceeded by at most what the
 * other processes see within one flush: a fair price for a limit of a thousand a minute.
 */
export type RateLimitStoreOptions = {
  /** Budgets up to this many requests per window are counted exactly. */
  exactUpTo?: number;
  flushMs?: number;
};

/** Slices of a window: a request counts for a window and at most a tenth more. */
export const SLICES = 10;

/**
 * A counter's commit does not wait for the disk (synchronous_commit off for its own transaction): a count lost
 * in a crash of the database costs nothing, while a commit that waits for the write-ahead log waits for
 * everything written before it to reach the disk: during another person's big import, that is megabytes.
 */
const RELAXED = `relaxed as (select set_config('synchronous_commit', 'off', true))`;

const UPSERT = `with ${RELAXED}
  insert into rate_limits (key, count, expires_at)
  select k, d, e from relaxed, unnest($1::text[], $2::int[], $3::timestamptz[]) as t(k, d, e)
  on conflict (key) do update set count = rate_limits.count + excluded.count
  returning key, count`;

/** One more in the current slice, and the counts of the slices before it, in one round trip. */
const HIT = `with ${RELAXED},
  hit as (
    insert into rate_limits (key, count, expires_at) select $1, 1, $2 from relaxed
    on conflict (key) do update set count = rate_limits.count + 1
    returning key, count)
  select key, count from hit
  union all
  select key, count from rate_limits where key = any($3::text[])`;

const TAKE_BACK = `with ${RELAXED}
  update rate_limits set count = count - 1 from relaxed where key = $1 and count > 0`;

type Counter = { shared: number; pending: number; expiresAt: number };

/** The slices a request at `now` is counted against: its own last, each with its key and when it expires. */
export function slicesAt(id: string, now: number, windowMs: number) {
  const sliceMs = Math.max(1, Math.floor(windowMs / SLICES));
  const current = Math.floor(now / sliceMs);
  const slices: { key: string; start: number; leavesAt: number }[] = [];
  for (let index = current - SLICES; index <= current; index++) {
    const start = index * sliceMs;
    // A slice is counted until the request SLICES slices after it: then it leaves every span checked.
    slices.push({ key: `${id}:${sliceMs}:${start}`, start, leavesAt: start + (SLICES + 1) * sliceMs });
  }
  return slices;
}

/**
 * How long until one more request fits: the oldest slices leave one by one until what is left is under the
 * budget. `counts` are per slice, oldest first.
 */
export function msUntilRoom(
  slices: { leavesAt: number }[],
  counts: number[],
  max: number,
  now: number,
): number {
  let total = counts.reduce((a, b) => a + b, 0);
  if (total < max) return 0;
  for (const [i, slice] of slices.entries()) {
    total -= counts[i] ?? 0;
    if (total < max) return Math.max(1, slice.leavesAt - now);
  }
  return Math.max(1, slices.at(-1)!.leavesAt - now);
}

export class SharedCounters {
  private readonly counters = new Map<string, Counter>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private lastCleanup = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly flushMs: number,
  ) {}

  /**
   * One request, counted at once in the database against a sliding window; refused past `max` (and then not
   * counted). Resolves to the total it was judged by and the milliseconds until room (or until the oldest
   * counted request leaves).
   */
  async hitNow(id: string, windowMs: number, max: number, now = Date.now(), learn = false) {
    const slices = slicesAt(id, now, windowMs);
    const current = slices.at(-1)!;
    const { rows } = await this.pool.query<{ key: string; count: number }>(HIT, [
      current.key,
      new Date(current.leavesAt),
      slices.slice(0, -1).map((s) => s.key),
    ]);
    this.cleanupSoon();
    const byKey = new Map(rows.map((row) => [row.key, Number(row.count)]));
    const counts = slices.map((s) => byKey.get(s.key) ?? 0);
    // Only batched budgets keep local counts (dropped by the flush once their slice has left).
    if (learn) for (const [i, slice] of slices.entries()) this.learn(slice.key, counts[i]!, slice.leavesAt);
    const total = counts.reduce((a, b) => a + b, 0);
    if (total > max) {
      // Refused: taken back, so a client that waits as told is let in.
      counts[counts.length - 1]! -= 1;
      const local = this.counters.get(current.key);
      if (local) local.shared -= 1;
      await this.pool.query(TAKE_BACK, [current.key]);
      return { total, ttl: msUntilRoom(slices, counts, max, now) };
    }
    return { total, ttl: msUntilRoom(slices, counts, 1, now) };
  }

  /**
   * One request counted locally: the total is the shared counts of its slices (as of the last flush) plus
   * this process's since. A slice this process has not seen yet is counted at once (hitNow), which also
   * brings back the shared counts of the slices before it.
   */
  async hitBatched(id: string, windowMs: number, max: number, now = Date.now()) {
    const slices = slicesAt(id, now, windowMs);
    const current = slices.at(-1)!;
    const counter = this.counters.get(current.key);
    if (!counter) return this.hitNow(id, windowMs, max, now, true);
    const counts = slices.map((s) => {
      const c = this.counters.get(s.key);
      return c ? c.shared + c.pending : 0;
    });
    const total = counts.reduce((a, b) => a + b, 0) + 1;
    if (total > max) return { total, ttl: msUntilRoom(slices, counts, max, now) };
    counter.pending++;
    this.timer ??= setTimeout(() => void this.flush(), this.flushMs);
    this.timer.unref?.();
    counts[counts.length - 1]! += 1;
    return { total, ttl: msUntilRoom(slices, counts, 1, now) };
  }

  private learn(key: string, shared: number, expiresAt: number) {
    const counter = this.counters.get(key);
    if (counter) counter.shared = shared;
    else this.counters.set(key, { shared, pending: 0, expiresAt });
  }

  /** Sends the pending counts in one statement and learns the shared totals. */
  flush(): Promise<void> {
    this.timer = null;
    this.flushing ??= (async () => {
      const now = Date.now();
      const keys: string[] = [];
      const deltas: number[] = [];
      const expiries: Date[] = [];
      for (const [key, counter] of this.counters) {
        if (counter.expiresAt <= now) {
          this.counters.delete(key);
          continue;
        }
        if (counter.pending === 0) continue;
        keys.push(key);
        deltas.push(counter.pending);
        expiries.push(new Date(counter.expiresAt));
      }
      if (keys.length === 0) return;
      const sent = new Map(keys.map((k, i) => [k, deltas[i]!]));
      try {
        const { rows } = await this.pool.query<{ key: string; count: number }>(UPSERT, [
          keys,
          deltas,
          expiries,
        ]);
        for (const row of rows) {
          const counter = this.counters.get(row.key);
          if (!counter) continue;
          counter.pending -= sent.get(row.key) ?? 0;
          counter.shared = row.count;
        }
      } catch {
        // The database is away: keep counting locally, send it all next time.
      }
      this.cleanupSoon();
    })().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  /** Expired slices are deleted now and then by whichever process comes first. */
  private cleanupSoon() {
    const now = Date.now();
    if (now - this.lastCleanup < 60_000) return;
    this.lastCleanup = now;
    this.pool.query('delete from rate_limits where expires_at < now()').catch(() => {});
  }

  async close() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flush();
  }
}

/** A store class for @fastify/rate-limit over `counters`; each route's limits get their own keys. */
export function pgRateLimitStore(counters: SharedCounters, options: RateLimitStoreOptions = {}) {
  const exactUpTo = options.exactUpTo ?? 100;
  class PgRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly prefix = 'all:',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
      max: number,
    ) {
      const id = `${this.prefix}${key}`;
      const counted =
        max <= exactUpTo ? counters.hitNow(id, timeWindow, max) : counters.hitBatched(id, timeWindow, max);
      counted.then(
        ({ total, ttl }) => callback(null, { current: total, ttl }),
        (error: Error) => callback(error),
      );
    }

    child(params: Parameters<FastifyRateLimitStore['child']>[0]) {
      // The plugin passes the route's merged limit options, with the route itself as routeInfo.
      const { method, url } =
        (params as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo ?? {};
      const methods = Array.isArray(method) ? method.join(',') : (method ?? '');
      return new PgRateLimitStore(undefined, `${methods} ${url ?? ''}:`);
    }
  }
  return PgRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}
