// What the public pages use of react-router, for the light public entry: the public build resolves
// 'react-router' to this module (vite.config.ts), so a pre-rendered page does not download a router.
//
// Every public page is its own pre-rendered HTML document, so a link is a plain <a href> (a full page load);
// only the query string changes in place (?login=true opens the sign-in dialog, ?filter= filters the blog).
// The location comes from the page's address on the server (pre-rendering) and, in the browser, from
// window.location, read through useSyncExternalStore: while hydrating React uses the address that was
// pre-rendered (its path, no query), then re-renders with the real one, so a query never causes a hydration
// mismatch.

import {
  type AnchorHTMLAttributes,
  createContext,
  type ReactNode,
  type Ref,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
} from 'react';

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  key: string;
}

type To = string | { pathname?: string; search?: string; hash?: string };

/** The page's address and its route parameters, given by the public app (and by the pre-renderer). */
const PageContext = createContext<{ href: string; params: Record<string, string> }>({
  href: '/',
  params: {},
});

export function PublicPageProvider({
  href,
  params,
  children,
}: {
  /** The address rendered on the server: the page's path. */
  href: string;
  params: Record<string, string>;
  children: ReactNode;
}) {
  const value = useMemo(() => ({ href, params }), [href, params]);
  return <PageContext.Provider value={value}>{children}</PageContext.Provider>;
}

const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  window.addEventListener('hashchange', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
    window.removeEventListener('hashchange', listener);
  };
}

const browserHref = () => `${window.location.pathname}${window.location.search}${window.location.hash}`;

function parse(href: string): Location {
  const url = new URL(href, 'http://localhost');
  return { pathname: url.pathname, search: url.search, hash: url.hash, state: null, key: 'default' };
}

export function useLocation(): Location {
  const { href: serverHref } = useContext(PageContext);
  const href = useSyncExternalStore(subscribe, browserHref, () => serverHref);
  return useMemo(() => parse(href), [href]);
}

export function useParams<T extends Record<string, string | undefined>>(): Partial<T> {
  return useContext(PageContext).params as Partial<T>;
}

function hrefOf(to: To): string {
  if (typeof to === 'string') return to;
  return `${to.pathname ?? window.location.pathname}${to.search ?? ''}${to.hash ?? ''}`;
}

type SetParams = (
  next: URLSearchParams | Record<string, string> | ((current: URLSearchParams) => URLSearchParams),
  options?: { replace?: boolean; preventScrollReset?: boolean },
) => void;

/** The query string, changed in place (history.pushState / replaceState) without reloading the page. */
export function useSearchParams(): [URLSearchParams, SetParams] {
  const { search } = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback<SetParams>((next, options = {}) => {
    const current = new URLSearchParams(window.location.search);
    const value = typeof next === 'function' ? next(current) : new URLSearchParams(next);
    const query = value.toString();
    const url = `${window.location.pathname}${query ? `?${query}` : ''}${window.location.hash}`;
    if (options.replace) window.history.replaceState(null, '', url);
    else window.history.pushState(null, '', url);
    notify();
  }, []);
  return [params, setParams];
}

/** Goes to another page: a full page load (the app under /my/ is another document). */
export function useNavigate() {
  return useCallback((to: To | number, options: { replace?: boolean } = {}) => {
    if (typeof to === 'number') window.history.go(to);
    else if (options.replace) window.location.replace(hrefOf(to));
    else window.location.assign(hrefOf(to));
  }, []);
}

export function Navigate({ to, replace = false }: { to: To; replace?: boolean }) {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace }), [navigate, to, replace]);
  return null;
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: To;
  ref?: Ref<HTMLAnchorElement>;
  replace?: boolean;
  state?: unknown;
  preventScrollReset?: boolean;
  reloadDocument?: boolean;
  viewTransition?: boolean;
  discover?: string;
  prefetch?: string;
};

/** A plain link: each public page is a document of its own. */
export function Link({
  to,
  replace: _replace,
  state: _state,
  preventScrollReset: _preventScrollReset,
  reloadDocument: _reloadDocument,
  viewTransition: _viewTransition,
  discover: _discover,
  prefetch: _prefetch,
  ...rest
}: LinkProps) {
  const href = typeof to === 'string' ? to : `${to.pathname ?? ''}${to.search ?? ''}${to.hash ?? ''}`;
  return <a href={href} {...rest} />;
}

type NavLinkProps = Omit<LinkProps, 'className'> & {
  className?: string | ((state: { isActive: boolean }) => string | undefined);
  end?: boolean;
};

export function NavLink({ className, end: _end, ...rest }: NavLinkProps) {
  const { pathname } = useLocation();
  const isActive = typeof rest.to === 'string' && pathname === rest.to;
  return (
    <Link
      {...rest}
      className={typeof className === 'function' ? className({ isActive }) : className}
      aria-current={isActive ? 'page' : undefined}
    />
  );
}
