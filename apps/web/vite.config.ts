import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type HtmlTagDescriptor, loadEnv, type Plugin, type UserConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { FAVICON, SITE_DESCRIPTION, SITE_TITLE, THEME_COLOR } from './src/content/site-head';
import { APP_PREFETCH_META } from './src/public/prefetch-app';

const root = fileURLToPath(new URL('.', import.meta.url));

/** The public pages' own router: plain links and the query string (src/public/navigation.tsx). */
const publicRouter = { find: /^react-router$/, replacement: `${root}src/public/navigation.tsx` };

/** The head both entries share (src/content/site-head.ts), put at the top of each one's <head>. */
function sharedHead(): Plugin {
  const tag = (tag: string, attrs: Record<string, string>, children?: string): HtmlTagDescriptor => ({
    tag,
    attrs,
    children,
    injectTo: 'head-prepend',
  });
  const tags = [
    tag('meta', { charset: 'UTF-8' }),
    tag('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1.0' }),
    tag('meta', { name: 'theme-color', content: THEME_COLOR }),
    tag('meta', { name: 'description', content: SITE_DESCRIPTION }),
    tag('link', { rel: 'icon', type: 'image/svg+xml', href: FAVICON }),
    tag('title', {}, SITE_TITLE),
  ];
  return { name: 'meetwell-shared-head', transformIndexHtml: () => tags };
}

/**
 * The public pages ask, once loaded and idle, for the app's entry (`<link rel="prefetch">`: its script and
 * stylesheet, about 290 kB gzip kept a year by the browser), so signing in from them ('Try the demo', an
 * e-mail link's page, single sign-on) opens the app from the cache instead of downloading it then. Read from
 * the app build's manifest, which `npm run build` writes just before the public build; without one, nothing.
 */
function prefetchApp(): Plugin {
  return {
    name: 'meetwell-prefetch-app',
    apply: 'build',
    transformIndexHtml() {
      const file = `${root}dist/.vite/manifest.json`;
      if (!existsSync(file)) return [];
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<
        string,
        { file: string; css?: string[]; imports?: string[] }
      >;
      const entry = manifest['index.html'];
      if (!entry) return [];
      const imports = (entry.imports ?? []).flatMap((key) => manifest[key]?.file ?? []);
      // Named in a meta tag, fetched by the public entry once the page is idle (src/public/prefetch-app.ts):
      // a browser without JavaScript, or a page opened from a mail to read once, downloads none of it.
      const files = [entry.file, ...imports, ...(entry.css ?? [])].map((asset) => `/${asset}`);
      return [
        { tag: 'meta', attrs: { name: APP_PREFETCH_META, content: files.join(' ') }, injectTo: 'head' },
      ];
    },
  };
}

/**
 * What an entry runs before anything else (its static imports, tag `$initial`) in one file: the browser asks
 * for it in one request instead of some fifty small ones (six at a time over HTTP/1.1, each a round trip).
 * Nothing more is loaded than before (every one of those modules runs at start anyway), and what routes and
 * dynamic imports load keeps Vite's automatic split.
 */
const ENTRY_GROUP = { name: 'entry', tags: ['$initial' as const] };

/**
 * The app's chunks are Vite's automatic split by route (src/app/router.tsx) and by dynamic import (Review's
 * charts, the date pickers, the Plan week): no manual groups. A group takes its packages' dependencies with it,
 * so a `charts` group (recharts, @mantine/charts) took modules every screen shares and put 200 kB gzip of
 * charts into the app shell's static imports (460 kB against its 350 kB budget); a `vendor` group (React,
 * router, Mantine core) broke the Plan week's events at run time, and a react-big-calendar group ran its
 * CommonJS helpers out of order.
 *
 * Three builds (`npm run build`):
 * - the app (default mode): index.html and src/main.tsx, every route, for /my/... and any other page;
 * - `--mode public`: public.html and src/public/main.tsx, the light entry of the public pages, written beside
 *   the app in dist/ with its own manifest (dist/.vite/public-manifest.json);
 * - `--mode prerender`: src/public/prerender.tsx for Node, which scripts/write-public-pages.ts runs to write
 *   each public page's HTML into dist/public-pages.json.
 * bench/budgets.ts reads both manifests to check what each page downloads.
 */
export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, root, '');
  const apiPort = env.MEETWELL_API_PORT || '3000';
  const target = `http://localhost:${apiPort}`;
  const proxy = {
    '/api': { target, changeOrigin: true },
    '/auth': { target, changeOrigin: true },
    '/cable': { target, ws: true, changeOrigin: true },
  };

  const config: UserConfig = {
    root,
    plugins: [
      react(),
      sharedHead(),
      // Each script, style and picture also written brotli- and gzip-compressed: the server sends those files
      // as they are (preCompressed) instead of compressing the same bytes on every request.
      compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|css|svg)$/, threshold: 1024 }),
    ],
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      sourcemap: true,
      // dist/.vite/manifest.json lets bench/budgets.ts follow what each page loads.
      manifest: true,
      // Pictures (the emoji) as files, not inlined into the scripts (15 kB gzip on every page): the browser
      // fetches one when it shows it, and the pre-rendered HTML names the same files as the client.
      assetsInlineLimit: 0,
    },
    server: { proxy },
    preview: { proxy },
  };

  if (mode === 'public') {
    return {
      ...config,
      plugins: [...(config.plugins ?? []), prefetchApp()],
      resolve: { alias: [publicRouter] },
      build: {
        ...config.build,
        emptyOutDir: false,
        manifest: '.vite/public-manifest.json',
        rollupOptions: { input: `${root}public.html` },
      },
    };
  }
  if (mode === 'prerender') {
    return {
      ...config,
      resolve: { alias: [publicRouter] },
      // The workspace's rules package is TypeScript source: bundled, not loaded by Node.
      ssr: { noExternal: ['@meetwell/domain'] },
      build: {
        ...config.build,
        ssr: `${root}src/public/prerender.tsx`,
        outDir: 'node_modules/.prerender',
        emptyOutDir: true,
        sourcemap: false,
        manifest: false,
      },
    };
  }
  return {
    ...config,
    build: { ...config.build, rolldownOptions: { output: { codeSplitting: { groups: [ENTRY_GROUP] } } } },
  };
});
