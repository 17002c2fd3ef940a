import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type pg from 'pg';

/**
 * Rate-limit counters shared by every API process through PostgreSQL (table rate_limits), so N processes
 * behind a load balancer give a client one budget, not N.
 *
 * Windows are fixed and aligned to the epoch (every process agrees on them without talking). Small budgets —
 * sign-in, public token pages, uploads: the ones that guard against guessing and abuse — are counted exactly,
 * one upsert per request. Large budgets (the general per-user limit) are counted locally and flushed in one
 * statement every `flushMs`, so a busy read costs no database round trip: the shared total can be exceeded by
 * at most what the processes see within one flush, a fair price for a limit of a thousand a minute.
 */
export type RateLimitStoreOptions = {
  /** Budgets up to this many requests per window are counted exactly. */
  exactUpTo?: number;
  flushMs?: number;
};

const UPSERT = `insert into rate_limits (key, count, expires_at)
  select k, d, e from unnest($1::text[], $2::int[], $3::timestamptz[]) as t(k, d, e)
  on conflict (key) do update set count = rate_limits.count + excluded.count
  returning key, count`;

type Counter = { shared: number; pending: number; expiresAt: number };

export class SharedCounters {
  private readonly counters = new Map<string, Counter>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private lastCleanup = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly flushMs: number,
  ) {}

  /** One request, counted at once in the database; resolves to the window's total. */
  async incrementNow(key: string, expiresAt: number): Promise<number> {
    const { rows } = await this.pool.query<{ count: number }>(UPSERT, [[key], [1], [new Date(expiresAt)]]);
    this.cleanupSoon();
    return rows[0]?.count ?? 1;
  }

  /**
   * One request, counted locally; the total is what the database said at the last flush plus ours since.
   * A key this process has not seen in this window is counted at once, so it starts from the shared total.
   */
  async incrementBatched(key: string, expiresAt: number): Promise<number> {
    const counter = this.counters.get(key);
    if (!counter) {
      const entry: Counter = { shared: 0, pending: 0, expiresAt };
      this.counters.set(key, entry);
      entry.shared = await this.incrementNow(key, expiresAt);
      return entry.shared + entry.pending;
    }
    counter.pending++;
    this.timer ??= setTimeout(() => void this.flush(), this.flushMs);
    this.timer.unref?.();
    return counter.shared + counter.pending;
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

  /** Expired windows are deleted now and then by whichever process comes first. */
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
      const now = Date.now();
      const windowStart = Math.floor(now / timeWindow) * timeWindow;
      const expiresAt = windowStart + timeWindow;
      const ttl = expiresAt - now;
      const id = `${this.prefix}${key}:${windowStart}`;
      const counted =
        max <= exactUpTo ? counters.incrementNow(id, expiresAt) : counters.incrementBatched(id, expiresAt);
      counted.then(
        (current) => callback(null, { current, ttl }),
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
