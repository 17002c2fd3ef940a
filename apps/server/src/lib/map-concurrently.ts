/**
 * `map` with at most `limit` calls under way at a time, the results in the items' order: for work that is
 * mostly waiting on the database, one call at a time waits a round trip per item, and all at once would take
 * every connection of the pool.
 */
export async function mapConcurrently<T, U>(
  items: readonly T[],
  limit: number,
  map: (item: T) => Promise<U>,
): Promise<U[]> {
  const out = new Array<U>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      out[index] = await map(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return out;
}
