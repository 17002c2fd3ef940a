import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mapConcurrently } from './map-concurrently';

describe('mapConcurrently', () => {
  it('keeps the order of the items and never runs more than the limit at once', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 30 }),
        fc.integer({ min: 1, max: 6 }),
        async (delays, limit) => {
          let running = 0;
          let most = 0;
          const out = await mapConcurrently(delays, limit, async (delay) => {
            running++;
            most = Math.max(most, running);
            await new Promise((resolve) => setTimeout(resolve, delay));
            running--;
            return delay * 10;
          });
          expect(out).toEqual(delays.map((delay) => delay * 10));
          expect(most).toBeLessThanOrEqual(limit);
          if (delays.length >= limit) expect(most).toBe(limit);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('fails with the first failure', async () => {
    await expect(
      mapConcurrently([1, 2, 3], 2, async (n) => {
        if (n === 2) throw new Error('two');
        return n;
      }),
    ).rejects.toThrow('two');
  });
});
