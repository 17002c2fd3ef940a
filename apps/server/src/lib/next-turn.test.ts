import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mapInTurns, TURN_BUDGET_MS } from './next-turn';

const holdFor = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // work that holds the thread
  }
};

describe('work cut into turns by time', () => {
  it('maps every item, in order, as a plain map would', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer()), async (items) => {
        expect(await mapInTurns(items, (n) => n * 2)).toEqual(items.map((n) => n * 2));
      }),
    );
  });

  it('lets other work run after each slice of its budget, on a machine of any speed', async () => {
    // A millisecond an item: the slices between two turns hold at most the budget and one item more.
    let itemsSinceTurn = 0;
    let mostInOneSlice = 0;
    let turnsTaken = 0;
    let mapping = true;
    // Other work: runs at every turn of the event loop it is given.
    const otherWork = () => {
      turnsTaken++;
      itemsSinceTurn = 0;
      if (mapping) setImmediate(otherWork);
    };
    setImmediate(otherWork);
    await mapInTurns(Array.from({ length: 60 }), () => {
      holdFor(1);
      itemsSinceTurn++;
      mostInOneSlice = Math.max(mostInOneSlice, itemsSinceTurn);
    });
    mapping = false;
    expect(turnsTaken).toBeGreaterThanOrEqual(3);
    expect(mostInOneSlice).toBeLessThanOrEqual(TURN_BUDGET_MS + 1);
  });
});
