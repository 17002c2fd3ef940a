import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    env: { TZ: 'UTC' },
    // A test waits for conditions with its own bounds (vi.waitFor's, 20–60 s); this is only the backstop for a
    // hang, wide enough that a busy machine (CI shares its two cores with PostgreSQL and child processes)
    // never trips it before those waits do.
    testTimeout: 90_000,
    hookTimeout: 60_000,
    globalSetup: ['src/test/global-setup.ts'],
    // The files of a worker share its loaded modules: each file builds its own context (database, app, job
    // worker) and closes it, and none mocks a module. Loading the server's modules again for each of 141 files
    // was most of the suite's time (import 580 s of a 756 s run on two cores; 240 s for the server without).
    isolate: false,
  },
});
