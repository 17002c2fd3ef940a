// Checks the built bundle: public pages must not load charts or the calendar.
// Usage: npm run build -w @meetwell/web && node apps/web/scripts/check-bundle.mjs
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const manifestPath = `${dist}.vite/manifest.json`;
if (!existsSync(manifestPath)) {
  console.error('No dist/.vite/manifest.json: run the build first.');
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const FORBIDDEN = [
  'node_modules/recharts/',
  'node_modules/react-big-calendar/',
  'node_modules/@mantine/charts/',
];
const PUBLIC_PAGES = [
  'src/features/home/HomePage.tsx',
  'src/features/pricing/PricingPage.tsx',
  'src/features/pages/StaticPages.tsx',
  'src/features/faq/FaqPage.tsx',
  'src/features/blog/BlogPage.tsx',
  'src/features/unsubscribe/UnsubscribePage.tsx',
  'src/features/session/SessionPage.tsx',
];

/** The chunks a page needs before it renders: the entry, the page chunk and their static imports. */
function staticClosure(keys) {
  const seen = new Set();
  const stack = [...keys];
  while (stack.length) {
    const key = stack.pop();
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    stack.push(...(manifest[key].imports ?? []));
  }
  return [...seen].map((key) => manifest[key].file);
}

function sourcesOf(file) {
  const mapPath = `${dist}${file}.map`;
  if (!existsSync(mapPath)) return [];
  return JSON.parse(readFileSync(mapPath, 'utf8')).sources ?? [];
}

let failed = false;
for (const page of PUBLIC_PAGES) {
  if (!manifest[page]) {
    console.error(`✗ ${page} is not a chunk of its own (is the route lazy?)`);
    failed = true;
    continue;
  }
  const files = staticClosure(['index.html', page]);
  const offending = files.flatMap((file) =>
    sourcesOf(file)
      .filter((source) => FORBIDDEN.some((bad) => source.includes(bad)))
      .map((source) => `${file}: ${source}`),
  );
  if (offending.length) {
    failed = true;
    console.error(`✗ ${page} loads forbidden modules:\n  ${offending.slice(0, 5).join('\n  ')}`);
  } else {
    console.log(`✓ ${page}: ${files.length} chunks, no charts or calendar`);
  }
}
process.exit(failed ? 1 : 0);
