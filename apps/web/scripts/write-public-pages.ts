// Writes dist/public-pages.json: the public pages and what their <head> says (src/content/public-pages.ts),
// for the server to serve each page with its own title and tags, sitemap.xml and the blog feed; and the
// pre-rendered HTML of each public page (`bodies`, by path), which the server puts into public.html's
// <div id="root"> so the page paints before any script runs.
// Run by `npm run build` after the three `vite build`s (vite.config.ts).
import { existsSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const renderer = fileURLToPath(new URL('../node_modules/.prerender/prerender.js', import.meta.url));
if (!existsSync(renderer)) throw new Error('Run `vite build --mode prerender` first.');
const { prerenderedPaths, publicPages, renderPublicPage } = (await import(
  pathToFileURL(renderer).href
)) as typeof import('../src/public/prerender');

const target = fileURLToPath(new URL('../dist/public-pages.json', import.meta.url));
const pages = publicPages();
const bodies: Record<string, string> = {};
for (const path of prerenderedPaths()) bodies[path] = await renderPublicPage(path);
writeFileSync(target, `${JSON.stringify({ pages, bodies })}\n`);
console.log(`public-pages.json: ${pages.length} pages, ${Object.keys(bodies).length} pre-rendered`);
