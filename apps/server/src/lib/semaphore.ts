/**
 * At most `limit` holders at a time; the others wait their turn, first come first served. `acquire` resolves
 * with the function that gives the place back (calling it twice gives back one place only).
 */
export function createSemaphore(limit: number) {
  let free = Math.max(1, limit);
  const waiting: (() => void)[] = [];
  const giveBack = () => {
    const next = waiting.shift();
    if (next) next();
    else free++;
  };
  return {
    async acquire(): Promise<() => void> {
      if (free > 0) free--;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      let held = true;
      return () => {
        if (!held) return;
        held = false;
        giveBack();
      };
    },
    /** Places taken now (for tests and logs). */
    inUse: () => Math.max(1, limit) - free,
  };
}
