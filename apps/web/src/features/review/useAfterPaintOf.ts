import { startTransition, useEffect, useState } from 'react';

/**
 * True from the frame after `ready` first held, set in a transition: what it gates renders once what came
 * before it was painted, in slices the browser can paint between. The report card has its figures on screen
 * before the panels under it (charts, tables) are built, which took 300–400 ms of the main thread on an
 * ordinary laptop, each report's arrival rendering them again.
 */
export function useAfterPaintOf(ready: boolean): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    if (!ready || after) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setAfter(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [ready, after]);
  return after;
}
