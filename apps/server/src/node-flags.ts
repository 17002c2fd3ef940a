/**
 * The flags `node` runs the server with, everywhere it is started: `npm start`, the deployment commands of
 * docs/deployment.md, the end-to-end tests and the benchmarks (config.test.ts holds the first two to it).
 * - A young generation of 64 MB per semi-space (V8's default is 16): a calendar import builds hundreds of
 *   thousands of objects that live a while; with the default, V8 copies them from space to space in hundreds
 *   of scavenges, a quarter of the import's CPU.
 * - No `--enable-source-maps`: it keeps the parsed source map of the bundle and of every dependency that ships
 *   one, about 20 MB of an idle server's 164 (bench/http.bench.ts holds idle memory under 150 MB). The bundle
 *   is not minified, so a stack trace still names each function and a line of dist/main.js, which
 *   dist/main.js.map maps back to the TypeScript when needed.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=64'] as const;
