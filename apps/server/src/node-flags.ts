/**
 * The flags `node` runs the server with, everywhere it is started: `npm start`, the deployment commands of
 * docs/deployment.md, the end-to-end tests and the benchmarks (config.test.ts holds the first two to it).
 * - Source maps, so a stack trace names the TypeScript line.
 * - A young generation of 64 MB per semi-space (V8's default is 16): a calendar import builds hundreds of
 *   thousands of objects that live a while; with the default, V8 copies them from space to space in hundreds
 *   of scavenges, a quarter of the import's CPU. The space grows only under such load; an idle server keeps
 *   its small heap (bench/http.bench.ts prints its memory).
 */
export const SERVER_NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=64'] as const;
