import { describe, expect, it } from 'vitest';

// Vite's import.meta.glob (typed by vite/client, which this package does not load) reads every source as text.
// @ts-expect-error import.meta.glob is provided by Vite/Vitest at transform time.
const sources: Record<string, string> = import.meta.glob(['./**/*.ts', '!./**/*.test.ts', '!./testing/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

const FORBIDDEN: [RegExp, string][] = [
  [/\bDate\.now\s*\(/, 'Date.now() reads the clock: take the time as an argument'],
  [/\bnew Date\(\s*\)/, 'new Date() reads the clock: take the time as an argument'],
  [/\bMath\.random\s*\(/, 'randomness makes rules non-deterministic'],
  [/\bprocess\.(env|hrtime|cwd)/, 'no process access in rules'],
  [/\bperformance\.now\s*\(/, 'no clock'],
  [/\bfetch\s*\(/, 'no I/O'],
  [/\bconsole\.\w+\s*\(/, 'no logging in rules'],
  [/from '(?:node:)?(?:fs|http|https|net|child_process)'/, 'no I/O modules'],
];

describe('packages/domain is pure', () => {
  it('reads its sources', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(30);
  });

  it.each(Object.entries(sources))('%s has no clock, randomness or I/O', (_file, text) => {
    const code = text.replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, '');
    for (const [pattern, why] of FORBIDDEN) expect(pattern.test(code), why).toBe(false);
  });
});
