// Writes dist/public-pages.json: the public pages and what their <head> says (src/content/public-pages.ts),
// for the server to serve each page with its own title and tags, sitemap.xml and the blog feed; and the
// pre-rendered HTML of each public page (`bodies`, by path), which the server puts into public.html's
// <div id="root"> so the page paints before any script runs.
// Run by `npm run build` after the three `vite build`s (vite.config.ts).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const renderer = fileURLToPath(new URL('../node_modules/.prerender/prerender.js', import.meta.url));
if (!existsSync(renderer)) throw new Error('Run `vite build --mode prerender` first.');
const { pageModule, prerenderedPaths, publicPages, renderPublicPage } = (await import(
  pathToFileURL(renderer).href
)) as typeof import('../src/public/prerender');

type Manifest = Record<string, { file: string; imports?: string[]; css?: string[] }>;
const manifest = JSON.parse(
  readFileSync(fileURLToPath(new URL('../dist/.vite/public-manifest.json', import.meta.url)), 'utf8'),
) as Manifest;

/** The script and CSS files a manifest key loads, with its static imports. */
function closure(key: string): { scripts: Set<string>; stylesheets: Set<string> } {
  const seen = new Set<string>();
  const stack = [key];
  while (stack.length) {
    const next = stack.pop() as string;
    const chunk = manifest[next];
    if (!chunk || seen.has(next)) continue;
    seen.add(next);
    stack.push(...(chunk.imports ?? []));
  }
  const chunks = [...seen].map((k) => manifest[k] as Manifest[string]);
  return {
    scripts: new Set(chunks.map((chunk) => `/${chunk.file}`)),
    stylesheets: new Set(chunks.flatMap((chunk) => (chunk.css ?? []).map((file) => `/${file}`))),
  };
}

/**
 * The page's scripts and stylesheets that the entry does not already load: the scripts fetched at once
 * rather than after the entry ran, the stylesheets in the first paint.
 */
function pageFiles(path: string): { preload: string[]; stylesheets: string[] } {
  const module = pageModule(path);
  if (!module || !manifest[module]) throw new Error(`${path}: ${module} is not in the public manifest`);
  const entry = closure('public.html');
  const page = closure(module);
  return {
    preload: [...page.scripts].filter((file) => !entry.scripts.has(file)),
    stylesheets: [...page.stylesheets].filter((file) => !entry.stylesheets.has(file)),
  };
}

/**
 * The Mantine components in the public pages' scripts (from their source maps) whose stylesheet
 * src/public/mantine-styles.ts does not import: such a component would show unstyled.
 */
function unstyledComponents(): string[] {
  const dist = fileURLToPath(new URL('../dist/', import.meta.url));
  const stylesDir = fileURLToPath(new URL('../../../node_modules/@mantine/core/styles/', import.meta.url));
  const imported = new Set(
    [
      ...readFileSync(
        fileURLToPath(new URL('../src/public/mantine-styles.ts', import.meta.url)),
        'utf8',
      ).matchAll(/@mantine\/core\/styles\/(\w+)\.css/g),
    ].map((m) => m[1]),
  );
  const bundled = new Set<string>();
  for (const chunk of Object.values(manifest)) {
    if (!chunk.file.endsWith('.js') || !existsSync(`${dist}${chunk.file}.map`)) continue;
    const { sources } = JSON.parse(readFileSync(`${dist}${chunk.file}.map`, 'utf8')) as { sources: string[] };
    for (const source of sources) {
      const component = /@mantine\/core\/esm\/components\/(\w+)\//.exec(source)?.[1];
      if (component) bundled.add(component);
    }
  }
  return [...bundled].filter((c) => !imported.has(c) && existsSync(`${stylesDir}${c}.css`)).sort();
}

const unstyled = unstyledComponents();
if (unstyled.length) {
  throw new Error(`Import the stylesheets of ${unstyled.join(', ')} in src/public/mantine-styles.ts`);
}

const target = fileURLToPath(new URL('../dist/public-pages.json', import.meta.url));
const pages = publicPages();
const bodies: Record<string, string> = {};
for (const path of prerenderedPaths()) bodies[path] = await renderPublicPage(path, pageFiles(path));
writeFileSync(target, `${JSON.stringify({ pages, bodies })}\n`);
console.log(`public-pages.json: ${pages.length} pages, ${Object.keys(bodies).length} pre-rendered`);
