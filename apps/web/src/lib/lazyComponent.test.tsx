import { act, render, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyComponent, rememberedImport } from './lazyComponent';

type GreetingModule = { Greeting: (props: { name: string }) => ReactNode };
const moduleWith = (text: string): GreetingModule => ({ Greeting: ({ name }) => <p>{`${text} ${name}`}</p> });

/** An import that arrives when the test says so. */
function importOnCue() {
  let arrive: (value: GreetingModule) => void = () => {};
  let fail: (error: Error) => void = () => {};
  const load = rememberedImport(
    () =>
      new Promise<GreetingModule>((resolve, reject) => {
        arrive = resolve;
        fail = reject;
      }),
  );
  return { load, arrive: (value: GreetingModule) => arrive(value), fail: (error: Error) => fail(error) };
}

class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>{`failed: ${this.state.error.message}`}</p> : this.props.children;
  }
}

describe('rememberedImport', () => {
  it('imports once, tells the module once it arrived, and tries again after a failure', async () => {
    const load = vi
      .fn<() => Promise<GreetingModule>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(moduleWith('Hello'));
    const remembered = rememberedImport(load);
    await expect(remembered()).rejects.toThrow('offline');
    expect(remembered.loaded()).toBeUndefined();

    const [first, second] = await Promise.all([remembered(), remembered()]);
    expect(first).toBe(second);
    expect(remembered.loaded()).toBe(first);
    await remembered();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('lazyComponent', () => {
  it('renders at once, in the first render, when its code was loaded ahead', async () => {
    const load = rememberedImport(async () => moduleWith('Hello'));
    await load();
    const Greeting = lazyComponent(load, (m) => m.Greeting, <p>loading</p>);
    render(<Greeting name="Alex" />);
    expect(screen.getByText('Hello Alex')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('shows its placeholder until its code arrives, then the component, as soon as it arrived', async () => {
    const { load, arrive } = importOnCue();
    const Greeting = lazyComponent(load, (m) => m.Greeting, <p>loading</p>);
    render(<Greeting name="Alex" />);
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => {
      arrive(moduleWith('Hi'));
    });
    // Right after it arrived: not held back as a Suspense boundary's reveal is (on a 300 ms timer).
    expect(screen.getByText('Hi Alex')).toBeTruthy();
  });

  it('gives a failed import to the nearest error boundary', async () => {
    const { load, fail } = importOnCue();
    const Greeting = lazyComponent(load, (m) => m.Greeting);
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <Boundary>
        <Greeting name="Alex" />
      </Boundary>,
    );
    await act(async () => {
      fail(new Error('chunk missing'));
    });
    expect(screen.getByText('failed: chunk missing')).toBeTruthy();
    quiet.mockRestore();
  });
});
