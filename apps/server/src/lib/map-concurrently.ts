import { createSemaphore } from './semaphore';

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
  const turns = createSemaphore(limit);
  return Promise.all(
    items.map(async (item) => {
      const release = await turns.acquire();
      try {
        return await map(item);
      } finally {
        release();
      }
    }),
  );
}
