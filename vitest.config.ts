import { defineConfig } from 'vitest/config';

// One runner for every unit and integration test; browser journeys live in e2e/ with their own config.
export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/server', 'apps/web'],
    // Vitest runs one file at a time on two cores (cores − 1); most server files wait on PostgreSQL, jobs and
    // sockets rather than compute, so three at once take ~40 % less time (measured: 550 → 345 s) and every
    // test still waits for conditions, not for a quiet machine.
    maxWorkers: 3,
  },
});
