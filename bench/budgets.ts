/**
 * What each page of the built web app downloads before it can run: its entry (from the HTML), the entry's
 * static imports, and the page's own chunk with its static imports, each file gzipped. Read from the
 * manifests of `npm run build -w @meetwell/web` (apps/web/dist/.vite/manifest.json for the app,
 * public-manifest.json for the light entry of the public pages). Used by budgets.bench.ts and by the browser
 * journeys (e2e/src/public-site.e2e.ts), which fail when a page goes over its budget.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');

/** kB of gzipped JavaScript (1 kB = 1,000 bytes). */
const BUDGETS = { publicPage: 150, appShell: 350 } as const;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface PageWeight {
  page: string;
  /** Gzipped JavaScript, kB. */
  js: number;
  /** Gzipped CSS, kB (reported, not budgeted). */
  css: number;
  files: number;
  /** kB; null: measured and reported, not budgeted. */
  budget: number | null;
}

/** Each public page's own chunk in the light entry (src/public/pages.ts). */
const PUBLIC_PAGES: Record<string, string> = {
  '/': 'src/features/home/HomePage.tsx',
  '/pricing': 'src/features/pricing/PricingPage.tsx',
  '/blog': 'src/features/blog/BlogPage.tsx',
  '/blog/manifesto': 'src/features/blog/BlogPage.tsx',
  '/faq': 'src/features/faq/FaqPage.tsx',
  '/help': 'src/features/pages/StaticPages.tsx',
  '/privacy': 'src/features/pages/StaticPages.tsx',
  '/terms': 'src/features/pages/StaticPages.tsx',
  '/dpa': 'src/features/pages/StaticPages.tsx',
  '/security': 'src/features/pages/StaticPages.tsx',
  '/referrals': 'src/features/pages/StaticPages.tsx',
};

/**
 * The app: its shell (the entry, which holds the signed-in layout: what every /my/ screen loads first), and
 * whole screens (the shell and the screen's chunk), each within the app shell's budget. What a screen opens on
 * demand (a meeting, a drawer, the charts of Review, the PDF export) is fetched then and not counted.
 */
const APP_SCREENS: { page: string; chunks: string[]; budget: number | null }[] = [
  { page: 'app shell', chunks: [], budget: BUDGETS.appShell },
  { page: '/my/plan', chunks: ['src/features/plan/PlanPage.tsx'], budget: BUDGETS.appShell },
  { page: '/my/review', chunks: ['src/features/review/ReviewPage.tsx'], budget: BUDGETS.appShell },
];

function readManifest(dist: string, name: string): Manifest {
  const file = path.join(dist, '.vite', name);
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build -w @meetwell/web\` first`);
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

/** The manifest keys loaded before anything runs: the keys and, transitively, their static imports. */
function staticClosure(manifest: Manifest, keys: string[]): string[] {
  const seen = new Set<string>();
  const stack = [...keys];
  while (stack.length) {
    const key = stack.pop() as string;
    if (seen.has(key)) continue;
    if (!manifest[key]) throw new Error(`${key} is not in the build's manifest`);
    seen.add(key);
    stack.push(...(manifest[key].imports ?? []));
  }
  return [...seen];
}

function weigh(
  dist: string,
  manifest: Manifest,
  page: string,
  keys: string[],
  budget: number | null,
): PageWeight {
  const files = new Set<string>();
  for (const key of staticClosure(manifest, keys)) {
    const chunk = manifest[key] as ManifestChunk;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
  }
  let js = 0;
  let css = 0;
  for (const file of files) {
    const size = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length / 1000;
    if (file.endsWith('.css')) css += size;
    else js += size;
  }
  return { page, js, css, files: files.size, budget };
}

/** Pages over their budget, one line each (empty when every budget is kept). */
export function overBudget(weights: PageWeight[]): string[] {
  return weights
    .filter((w) => w.budget !== null && w.js >= w.budget)
    .map((w) => `${w.page}: ${w.js.toFixed(1)} kB gzip of JavaScript, budget < ${w.budget} kB`);
}

/** The weight of every public page and of the app shell's first screens, beside their budgets. */
export function measurePageWeights(dist = WEB_DIST): PageWeight[] {
  const publicManifest = readManifest(dist, 'public-manifest.json');
  const appManifest = readManifest(dist, 'manifest.json');
  return [
    ...Object.entries(PUBLIC_PAGES).map(([page, chunk]) =>
      weigh(dist, publicManifest, page, ['public.html', chunk], BUDGETS.publicPage),
    ),
    ...APP_SCREENS.map(({ page, chunks, budget }) =>
      weigh(dist, appManifest, page, ['index.html', ...chunks], budget),
    ),
  ];
}
