import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Scroll to the top when the path changes, or to the anchor when the URL has a #hash. */
export function ScrollReset() {
  const { pathname, hash } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on path changes only, on purpose
  useEffect(() => {
    if (hash) return;
    window.scrollTo(0, 0);
  }, [pathname]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: also re-run when the same hash is opened on another path
  useEffect(() => {
    if (!hash) return;
    const id = decodeURIComponent(hash.slice(1));
    // Lazy pages render after navigation; try a few frames until the anchor exists.
    let tries = 0;
    let frame = 0;
    const seek = () => {
      const target = document.getElementById(id);
      if (target) target.scrollIntoView({ block: 'start' });
      else if (tries++ < 20) frame = window.requestAnimationFrame(seek);
    };
    seek();
    return () => window.cancelAnimationFrame(frame);
  }, [pathname, hash]);

  return null;
}
