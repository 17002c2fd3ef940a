import { defineConfig } from 'vitest/config';
import web from './apps/web/vitest.config.ts';

/**
 * The web app's files that mock modules (vi.mock) or read state a module keeps: each loads the app's modules
 * afresh. Every other web file shares its worker's loaded modules with the files before it (the setup file
 * resets the page, storage, cookies, timers and mocks after each test).
 */
const WEB_ISOLATED = [
  'src/api/client.test.tsx',
  'src/features/onboarding/WhoCanSeeHint.test.tsx',
  'src/features/plan/PlanPage.test.tsx',
  'src/features/review/ReviewLinks.test.tsx',
  'src/features/review/ReviewLive.test.tsx',
  'src/features/review/ReviewPage.test.tsx',
  'src/layout/SignInDialog.test.tsx',
  'src/public/prefetch-app.test.ts',
  'src/public/prerender.test.tsx',
  'src/realtime/cable.test.ts',
];

// One runner for every unit and integration test; browser journeys live in e2e/ with their own config.
export default defineConfig({
  test: {
    projects: [
      'packages/domain',
      'apps/server',
      // Written over the web app's config, not merged with it (a merge would add to its list of files).
      {
        ...web,
        root: './apps/web',
        test: { ...web.test, name: 'web', isolate: false, exclude: WEB_ISOLATED },
      },
      { ...web, root: './apps/web', test: { ...web.test, name: 'web-isolated', include: WEB_ISOLATED } },
    ],
    // Vitest runs one file at a time on two cores (cores − 1); most server files wait on PostgreSQL, jobs and
    // sockets rather than compute, so three at once take ~40 % less time (measured: 550 → 345 s) and every
    // test still waits for conditions, not for a quiet machine.
    maxWorkers: 3,
  },
});
