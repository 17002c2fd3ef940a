/** The meta tag of the public pages that names the app's entry files (written by the build, vite.config.ts). */
export const APP_PREFETCH_META = 'meetwell-app-files';

/**
 * Once the page is idle, asks the browser to fetch the app's entry files at low priority, so that signing in
 * from a public page opens the app from the cache. Only with JavaScript: a page read once without it (opened
 * from a mail) downloads nothing more than itself.
 */
export function prefetchAppWhenIdle(doc: Document = document): void {
  const files =
    doc.querySelector<HTMLMetaElement>(`meta[name="${APP_PREFETCH_META}"]`)?.content.split(' ') ?? [];
  if (files.length === 0 || files[0] === '') return;
  const prefetch = () => {
    for (const href of files) {
      const link = doc.createElement('link');
      link.rel = 'prefetch';
      link.href = href;
      doc.head.appendChild(link);
    }
  };
  if ('requestIdleCallback' in window) window.requestIdleCallback(prefetch, { timeout: 5_000 });
  else setTimeout(prefetch, 1_000);
}
