import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useOneAtATime } from './useOneAtATime';

describe('useOneAtATime', () => {
  it('ignores a second run while the first has not answered, and runs again once it has', async () => {
    const { result } = renderHook(() => useOneAtATime());
    let calls = 0;
    let answer: (value: string) => void = () => {};
    const run = () => {
      calls++;
      return new Promise<string>((resolve) => {
        answer = resolve;
      });
    };
    let first: Promise<string | undefined> = Promise.resolve(undefined);
    let second: Promise<string | undefined> = Promise.resolve(undefined);
    act(() => {
      first = result.current(run);
      second = result.current(run);
    });
    expect(await second).toBeUndefined();
    expect(calls).toBe(1);
    answer('done');
    expect(await first).toBe('done');
    await act(() => result.current(() => Promise.reject(new Error('refused'))).catch(() => undefined));
    await act(() => result.current(async () => 'again'));
    expect(calls).toBe(1);
  });
});
