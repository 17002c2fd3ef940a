import { defineProject } from 'vitest/config';

export default defineProject({
  // Pure functions: the files of a worker share its loaded modules (nothing to reset between them).
  test: {
    name: 'domain',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    env: { TZ: 'UTC' },
    isolate: false,
  },
});
