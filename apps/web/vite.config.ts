import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

// The dev server proxies the API, the socket and the sign-in redirects to the Node server.
export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, root, '');
  const apiPort = env.MEETWELL_API_PORT || '3000';
  const target = `http://localhost:${apiPort}`;

  return {
    root,
    plugins: [react()],
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      sourcemap: true,
      // dist/.vite/manifest.json lets scripts/check-bundle.mjs follow what each page loads.
      manifest: true,
    },
    server: {
      proxy: {
        '/api': { target, changeOrigin: true },
        '/auth': { target, changeOrigin: true },
        '/cable': { target, ws: true, changeOrigin: true },
      },
    },
    preview: {
      proxy: {
        '/api': { target, changeOrigin: true },
        '/auth': { target, changeOrigin: true },
        '/cable': { target, ws: true, changeOrigin: true },
      },
    },
  };
});
