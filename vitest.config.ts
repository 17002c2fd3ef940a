import { defineConfig } from 'vitest/config';

// One runner for every unit and integration test; browser journeys live in e2e/ with their own config.
export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/server', 'apps/web'],
  },
});
