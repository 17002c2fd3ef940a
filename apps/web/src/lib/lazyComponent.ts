import { type ComponentType, createElement, type ReactNode, useEffect, useState } from 'react';

/** An import that remembers its module once it arrived, so that what needs the module can tell at once. */
export type RememberedImport<M> = (() => Promise<M>) & {
  /** The module, once its import resolved; undefined before (or after a failed import, which is tried again). */
  loaded: () => M | undefined;
};

export function rememberedImport<M>(load: () => Promise<M>): RememberedImport<M> {
  let module: M | undefined;
  let pending: Promise<M> | undefined;
  const get = () => {
    pending ??= load().then(
      (arrived) => {
        module = arrived;
        return arrived;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  return Object.assign(get, { loaded: () => module });
}

/**
 * A component whose code loads on demand: `placeholder` until its code is there, then the component, at once
 * when its code was loaded ahead (a route's loader asks for it at navigation). Not React.lazy and Suspense:
 * React 19 holds what a Suspense boundary reveals until 300 ms after its fallback showed, so a screen whose code
 * arrived 20 ms after the shell appeared 300 ms later, and a dialog opened by a click as late. A failed import
 * is thrown where it renders, for the nearest error boundary (the route's error page).
 */
export function lazyComponent<M, P extends object>(
  importer: RememberedImport<M> | (() => Promise<M>),
  pick: (module: M) => ComponentType<P>,
  placeholder: ReactNode = null,
): ComponentType<P> {
  const load = 'loaded' in importer ? importer : rememberedImport(importer);
  function Imported(props: P) {
    const [state, setState] = useState<{ module?: M; error?: unknown }>(() => ({ module: load.loaded() }));
    const waiting = state.module === undefined && state.error === undefined;
    useEffect(() => {
      if (!waiting) return;
      let current = true;
      load().then(
        (module) => current && setState({ module }),
        (error: unknown) => current && setState({ error }),
      );
      return () => {
        current = false;
      };
    }, [waiting]);
    if (state.error !== undefined) throw state.error;
    if (state.module === undefined) return placeholder;
    return createElement(pick(state.module), props);
  }
  return Imported;
}
