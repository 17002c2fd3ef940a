import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { takeRequestViolations } from './contract-requests';

// Whole-app renders on a busy two-core machine (the full suite runs files in parallel) can take over a second
// to settle: findBy and waitFor wait up to 5 s instead of the default 1 s. A passing test waits no longer.
configure({ asyncUtilTimeout: 5_000 });

// jsdom lacks these browser APIs that Mantine components use (https://mantine.dev/guides/vitest/).
const { getComputedStyle } = window;
window.getComputedStyle = (element) => getComputedStyle(element);
window.HTMLElement.prototype.scrollIntoView = () => {};
window.scrollTo = () => {};

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn().mockImplementation((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});

class ResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserver;

afterEach(() => {
  const violations = takeRequestViolations();
  if (violations.length > 0) throw new Error(`Requests outside the API contract:\n${violations.join('\n')}`);
  cleanup();
  notifications.clean();
  window.localStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: clearing cookies between tests
    if (name) document.cookie = `${name}=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/`;
  }
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  // The next test, in this file or the next one of this worker (they share the page: vitest.config.ts), starts
  // on a blank page at /: no scroll lock or style a modal left on the body, no address of its own.
  window.sessionStorage.clear();
  for (const name of document.body.getAttributeNames()) document.body.removeAttribute(name);
  document.title = '';
  window.history.replaceState(null, '', '/');
});
