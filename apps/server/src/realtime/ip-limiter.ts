/**
 * Per-IP admission for long-lived connections: at most `maxConcurrent` open at once and `maxPerWindow`
 * new ones in any `windowMs` (a sliding window: the attempts' times are kept, at most maxPerWindow of them, so
 * no burst across a window's edge gets twice the budget). In memory, so per process: with N processes behind
 * a load balancer an IP gets N times the budget, which is fine for abuse control.
 */
export class IpConnectionLimiter {
  private readonly open = new Map<string, number>();
  /** Per IP, the times of its latest attempts in the window (at most maxPerWindow), oldest first. */
  private readonly attempts = new Map<string, number[]>();

  constructor(
    private readonly limits: { maxConcurrent: number; maxPerWindow: number; windowMs: number },
    private readonly clock: () => number = Date.now,
  ) {}

  /** Counts an attempt; says why it is refused, or null when it may proceed. */
  admit(ip: string): 'too_many_open' | 'too_many_attempts' | null {
    const now = this.clock();
    if (this.attempts.size > 10_000) this.sweep(now);
    const times = this.recent(ip, now);
    if (times.length >= this.limits.maxPerWindow) return 'too_many_attempts';
    times.push(now);
    this.attempts.set(ip, times);
    if ((this.open.get(ip) ?? 0) >= this.limits.maxConcurrent) return 'too_many_open';
    return null;
  }

  /** Seconds until a refused IP may try again (for Retry-After): when its oldest attempt leaves the window. */
  retryAfterSeconds(ip: string): number {
    const oldest = this.recent(ip, this.clock())[0];
    if (oldest === undefined) return 1;
    return Math.max(1, Math.ceil((oldest + this.limits.windowMs - this.clock()) / 1000));
  }

  private recent(ip: string, now: number): number[] {
    const times = this.attempts.get(ip) ?? [];
    while (times.length && now - times[0]! >= this.limits.windowMs) times.shift();
    return times;
  }

  opened(ip: string) {
    this.open.set(ip, (this.open.get(ip) ?? 0) + 1);
  }

  closed(ip: string) {
    const count = (this.open.get(ip) ?? 0) - 1;
    if (count > 0) this.open.set(ip, count);
    else this.open.delete(ip);
  }

  openCount(ip: string): number {
    return this.open.get(ip) ?? 0;
  }

  private sweep(now: number) {
    for (const [ip, times] of this.attempts) {
      if (!times.length || now - times.at(-1)! >= this.limits.windowMs) this.attempts.delete(ip);
    }
  }
}
