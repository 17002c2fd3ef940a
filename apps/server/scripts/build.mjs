// Builds the server into dist/main.js (and the ICS parser's thread, dist/parse-ics.worker.js): production runs compiled JavaScript, not TypeScript through a loader.
// The workspace's own packages (@meetwell/*, TypeScript sources) are bundled in; every npm dependency stays
// external and is loaded from node_modules as usual. The SQL migrations are copied beside the bundle.
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const started = Date.now();

await fs.rm(dist, { recursive: true, force: true });
await build({
  // The ICS parser's worker thread is its own entry, loaded by URL beside main.js.
  entryPoints: [
    path.join(root, 'src/main.ts'),
    path.join(root, 'src/calendars/providers/ics/parse-ics.worker.ts'),
  ],
  outdir: dist,
  entryNames: '[name]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-npm-packages',
      setup(esbuild) {
        esbuild.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@meetwell/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
await fs.cp(path.join(root, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true });
console.log(`server built into dist/ in ${Date.now() - started} ms`);
