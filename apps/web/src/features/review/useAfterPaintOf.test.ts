import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useAfterPaintOf } from './useAfterPaintOf';

describe('useAfterPaintOf', () => {
  it('waits for its condition, then for a frame after it, and then stays true', async () => {
    const frames: FrameRequestCallback[] = [];
    const raf = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      frames.push(callback);
      return frames.length;
    });
    const { result, rerender } = renderHook(({ ready }) => useAfterPaintOf(ready), {
      initialProps: { ready: false },
    });
    expect(result.current).toBe(false);
    expect(frames).toHaveLength(0);

    rerender({ ready: true });
    // The render that made it ready is not the one that shows what it gates: a frame comes first.
    expect(result.current).toBe(false);
    expect(frames).toHaveLength(1);
    await act(async () => {
      frames[0]!(performance.now());
    });
    await waitFor(() => expect(result.current).toBe(true));

    // A later change of its condition takes nothing back.
    rerender({ ready: false });
    expect(result.current).toBe(true);
    raf.mockRestore();
  });
});
