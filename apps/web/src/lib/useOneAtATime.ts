import { useCallback, useRef } from 'react';

/**
 * Runs one submission at a time: another click or Enter before the first request has answered is ignored. A
 * mutation's `isPending` disables its button only once React has rendered it, and a double click comes first:
 * it sent the same item, invite or file twice.
 */
export function useOneAtATime() {
  const running = useRef(false);
  return useCallback(async <T>(run: () => Promise<T>): Promise<T | undefined> => {
    if (running.current) return undefined;
    running.current = true;
    try {
      return await run();
    } finally {
      running.current = false;
    }
  }, []);
}
