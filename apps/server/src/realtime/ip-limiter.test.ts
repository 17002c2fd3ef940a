import { describe, expect, it } from 'vitest';
import { IpConnectionLimiter } from './ip-limiter';

describe('IpConnectionLimiter', () => {
  it('counts handshakes over the last window: a burst across a window edge gets the budget once', () => {
    let now = 0;
    const limiter = new IpConnectionLimiter(
      { maxConcurrent: 100, maxPerWindow: 5, windowMs: 60_000 },
      () => now,
    );
    const admit = (count: number) => Array.from({ length: count }, () => limiter.admit('10.0.0.1'));
    expect(admit(1)).toEqual([null]);
    now = 59_900;
    expect(admit(4)).toEqual([null, null, null, null]);
    // A fixed window starting at the first attempt let five more through here: nine in 100 ms.
    now = 60_000;
    const across = admit(5);
    expect(across.filter((r) => r === null)).toHaveLength(1);
    expect(across.slice(1).every((r) => r === 'too_many_attempts')).toBe(true);
    // The oldest attempt in the window (59.9 s) leaves it at 119.9 s.
    expect(limiter.retryAfterSeconds('10.0.0.1')).toBe(60);
    expect(limiter.admit('10.0.0.2')).toBeNull();
    // Refused attempts were not counted: once the burst left the window, the budget is back whole.
    now = 120_000;
    expect(admit(6)).toEqual([null, null, null, null, null, 'too_many_attempts']);
  });
});
