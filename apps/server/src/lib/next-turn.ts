/**
 * Lets everything else waiting on this thread run (requests, sockets, timers) before going on: long CPU work
 * of a job (scoring, deciding tens of thousands of meetings) is cut into slices with a turn between, since in
 * the single-process mode the same thread serves the API.
 */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** `map` in slices of `slice` items, with a turn of the event loop between slices. */
export async function mapInSlices<T, U>(
  items: readonly T[],
  slice: number,
  map: (item: T) => U,
): Promise<U[]> {
  const out: U[] = [];
  for (let i = 0; i < items.length; i += slice) {
    if (i > 0) await nextTurn();
    for (let j = i; j < Math.min(items.length, i + slice); j++) out.push(map(items[j]!));
  }
  return out;
}
