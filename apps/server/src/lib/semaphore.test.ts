import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSemaphore } from './semaphore';

describe('createSemaphore', () => {
  it('never lets more than the limit hold at once, and lets every one through in the end', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 20 }),
        async (limit, delays) => {
          const semaphore = createSemaphore(limit);
          let holding = 0;
          let most = 0;
          const done = await Promise.all(
            delays.map(async (delay, i) => {
              const release = await semaphore.acquire();
              holding++;
              most = Math.max(most, holding);
              await new Promise((resolve) => setTimeout(resolve, delay));
              holding--;
              release();
              release(); // a second call gives back nothing more
              return i;
            }),
          );
          expect(done).toEqual(delays.map((_, i) => i));
          expect(most).toBeLessThanOrEqual(limit);
          expect(semaphore.inUse()).toBe(0);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('serves the waiting in the order they came', async () => {
    const semaphore = createSemaphore(1);
    const first = await semaphore.acquire();
    const order: number[] = [];
    const waiting = [1, 2, 3].map(async (n) => {
      const release = await semaphore.acquire();
      order.push(n);
      release();
    });
    first();
    await Promise.all(waiting);
    expect(order).toEqual([1, 2, 3]);
  });
});
