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
  },
});
