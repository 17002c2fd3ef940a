import { defineConfig } from 'vitest/config';

// Browser journeys: one real server (embedded PostgreSQL) for the whole run, one Chromium.
export default defineConfig({
  test: {
    include: ['src/**/*.e2e.ts'],
    globalSetup: ['src/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    maxWorkers: 1,
  },
});
