/**
 * Lets everything else waiting on this thread run (requests, sockets, timers) before going on: long CPU work
 * of a job (scoring, deciding tens of thousands of meetings) is cut into slices with a turn between, since in
 * the single-process mode the same thread serves the API.
 */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * How long a slice of work holds the thread before a turn. Slices are cut by time, not by a count of items:
 * a count that takes 20 ms on one machine took 200 ms on a machine 2.5× slower with a collection in between,
 * and another person's request waited all of it.
 */
export const TURN_BUDGET_MS = 15;

/** Work cut into turns by time: check `due()` between items, and `take()` a turn when it says so. */
export type Turns = { due(): boolean; take(): Promise<void> };

export function turnsOfWork(budgetMs = TURN_BUDGET_MS): Turns {
  let sliceStarted = performance.now();
  return {
    due: () => performance.now() - sliceStarted >= budgetMs,
    async take() {
      await nextTurn();
      sliceStarted = performance.now();
    },
  };
}

/** `map` with a turn of the event loop whenever a slice has held the thread for its budget. */
export async function mapInTurns<T, U>(items: readonly T[], map: (item: T) => U): Promise<U[]> {
  const out: U[] = [];
  const turns = turnsOfWork();
  for (const item of items) {
    if (turns.due()) await turns.take();
    out.push(map(item));
  }
  return out;
}
