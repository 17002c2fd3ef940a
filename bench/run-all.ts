/**
 * Runs every bench/*.bench.ts file one after the other, each in its own process (tsx), so one benchmark's
 * heap, JIT state and caches never affect the next. Exits non-zero when any benchmark fails or crashes.
 * Run: npx tsx bench/run-all.ts [name-filter]   (e.g. `npx tsx bench/run-all.ts domain`)
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const tsxCli = createRequire(import.meta.url).resolve('tsx/cli');
const filter = process.argv[2] ?? '';
const files = readdirSync(here)
  .filter((name) => name.endsWith('.bench.ts') && name.includes(filter))
  .sort();

if (files.length === 0) {
  console.error(`No bench files${filter ? ` matching "${filter}"` : ''} in ${here}`);
  process.exit(1);
}

const results: { file: string; status: number | null; seconds: number }[] = [];
for (const file of files) {
  console.log(`\n▶ ${file}`);
  const started = performance.now();
  // --expose-gc: heap figures are taken from a collected heap, not from whatever garbage the last run left.
  const run = spawnSync(process.execPath, [tsxCli, '--expose-gc', path.join(here, file)], {
    stdio: 'inherit',
    cwd: path.join(here, '..'),
  });
  const seconds = (performance.now() - started) / 1000;
  results.push({ file, status: run.error ? -1 : run.status, seconds });
}

console.log('\nSummary');
for (const r of results) {
  console.log(
    `  ${r.status === 0 ? 'PASS' : 'FAIL'}  ${r.file.padEnd(32)} ${r.seconds.toFixed(1)} s${r.status === 0 ? '' : ` (exit ${r.status})`}`,
  );
}
if (results.some((r) => r.status !== 0)) process.exitCode = 1;
