/**
 * A worker thread's module when the server runs from its TypeScript sources (tests, development, the benches):
 * bundled by esbuild as scripts/build.mjs bundles it for production, once per process, and started from a
 * `data:` URL. A thread that ran its TypeScript through tsx spent about half a second starting (a loader thread
 * of its own, then every module resolved and compiled one by one); bundled, it starts in about a tenth of
 * that, as in production. The bundle imports nothing but Node's own modules (a `data:` module resolves no
 * other), which its first start checks.
 */
import { fileURLToPath } from 'node:url';

const bundles = new Map<string, Promise<URL>>();

export function workerFromSources(entry: URL): Promise<URL> {
  const known = bundles.get(entry.href);
  if (known) return known;
  const bundled = bundle(entry);
  bundles.set(entry.href, bundled);
  bundled.catch(() => bundles.delete(entry.href));
  return bundled;
}

async function bundle(entry: URL): Promise<URL> {
  // Only from the sources, where development dependencies are installed; the build leaves it out.
  const { build } = await import('esbuild');
  const { outputFiles } = await build({
    entryPoints: [fileURLToPath(entry)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    logLevel: 'silent',
  });
  const code = outputFiles[0]!.text;
  return new URL(`data:text/javascript,${encodeURIComponent(code)}`);
}
