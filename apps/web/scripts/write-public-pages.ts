// Writes dist/public-pages.json: the public pages and what their <head> says (src/content/public-pages.ts),
// for the server to serve each page with its own title and tags, sitemap.xml and the blog feed.
// Run by `npm run build` after `vite build`.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { publicPages } from '../src/content/public-pages';

const target = fileURLToPath(new URL('../dist/public-pages.json', import.meta.url));
const pages = publicPages();
writeFileSync(target, `${JSON.stringify({ pages })}\n`);
console.log(`public-pages.json: ${pages.length} pages`);
