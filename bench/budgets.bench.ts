/**
 * Page weight budgets of the built web app: gzipped JavaScript each page downloads before it runs (entry,
 * static imports, the page's chunk; see budgets.ts). Needs `npm run build -w @meetwell/web` first.
 * Run: npx tsx bench/budgets.bench.ts
 */
import { measurePageWeights } from './budgets';

const weights = measurePageWeights();
let missed = false;
for (const w of weights) {
  const pass = w.budget === null || w.js < w.budget;
  missed ||= !pass;
  const target = w.budget === null ? 'no target (reported)' : `target < ${w.budget} kB`;
  console.log(
    `${`page weight ${w.page}`.padEnd(30)} ${w.js.toFixed(1).padStart(6)} kB gzip JS (${w.files} files, CSS ${w.css.toFixed(1)} kB)   ${target}   ${w.budget === null ? 'INFO' : pass ? 'PASS' : 'FAIL'}`,
  );
}
if (missed) process.exit(1);
