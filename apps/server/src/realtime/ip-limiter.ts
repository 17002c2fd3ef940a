/**
 * Per-IP admission for long-lived connections: at most `maxConcurrent` open at once and `maxPerWindow`
 * new ones per `windowMs` (a fixed window). In memory, so per process: with N processes behind a load
 * balancer an IP gets N times the budget, which is fine for abuse control.
 */
export class IpConnectionLimiter {
  private readonly open = new Map<string, number>();
  private readonly attempts = new Map<string, { startedAt: number; count: number }>();

  constructor(
    private readonly limits: { maxConcurrent: number; maxPerWindow: number; windowMs: number },
    private readonly clock: () => number = Date.now,
  ) {}

  /** Counts an attempt; says why it is refused, or null when it may proceed. */
  admit(ip: string): 'too_many_open' | 'too_many_attempts' | null {
    const now = this.clock();
    if (this.attempts.size > 10_000) this.sweep(now);
    let window = this.attempts.get(ip);
    if (!window || now - window.startedAt >= this.limits.windowMs) {
      window = { startedAt: now, count: 0 };
      this.attempts.set(ip, window);
    }
    window.count += 1;
    if (window.count > this.limits.maxPerWindow) return 'too_many_attempts';
    if ((this.open.get(ip) ?? 0) >= this.limits.maxConcurrent) return 'too_many_open';
    return null;
  }

  /** Seconds until a refused IP may try again (for Retry-After). */
  retryAfterSeconds(ip: string): number {
    const window = this.attempts.get(ip);
    if (!window) return 1;
    return Math.max(1, Math.ceil((window.startedAt + this.limits.windowMs - this.clock()) / 1000));
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
    for (const [ip, window] of this.attempts) {
      if (now - window.startedAt >= this.limits.windowMs) this.attempts.delete(ip);
    }
  }
}
