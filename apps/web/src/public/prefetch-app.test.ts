import { afterEach, describe, expect, it, vi } from 'vitest';
import { APP_PREFETCH_META, prefetchAppWhenIdle } from './prefetch-app';

afterEach(() => {
  document.head.innerHTML = '';
  vi.useRealTimers();
});

const prefetched = () =>
  [...document.head.querySelectorAll('link[rel="prefetch"]')].map((l) => l.getAttribute('href'));

describe('the public pages prefetch the app', () => {
  it('asks for each file the build named, once the page is idle', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    Reflect.deleteProperty(window, 'requestIdleCallback');
    document.head.innerHTML = `<meta name="${APP_PREFETCH_META}" content="/assets/index-1.js /assets/index-1.css">`;
    prefetchAppWhenIdle();
    expect(prefetched()).toEqual([]);
    vi.advanceTimersByTime(1_000);
    expect(prefetched()).toEqual(['/assets/index-1.js', '/assets/index-1.css']);
  });

  it('asks for nothing when the build named nothing (a development server)', () => {
    vi.useFakeTimers();
    prefetchAppWhenIdle();
    vi.advanceTimersByTime(10_000);
    expect(prefetched()).toEqual([]);
  });
});
