import { type KeyboardEvent, type MouseEvent, useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { rememberedImport } from '../lib/lazyComponent';

const LOGIN_PARAM = 'login';

/**
 * The dialog's code (sign-in options, the e-mail form: about 28 kB gzip in 14 files), downloaded when it is
 * first wanted: when a button that opens it is pointed at or focused, so that it is there by the click.
 */
export const loginModalCode = rememberedImport(() => import('./LoginModal'));
const prepare = () => void loginModalCode().catch(() => {});

/** The 'Log in / Sign up' modal is open while the URL carries ?login=true (so '/?login=true' opens it). */
export function useLoginModal() {
  const [params, setParams] = useSearchParams();
  const opened = params.get(LOGIN_PARAM) === 'true';

  const open = useCallback(() => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(LOGIN_PARAM, 'true');
        return next;
      },
      { preventScrollReset: true },
    );
  }, [setParams]);

  const close = useCallback(() => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(LOGIN_PARAM);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [setParams]);

  /**
   * A button that opens the dialog: its code starts loading when the button is pointed at or focused. It is a
   * link to this page with the dialog open, so that a tap on a pre-rendered page before its script has run
   * (a slow phone) still opens the dialog, by loading the page again, instead of doing nothing.
   */
  const trigger = {
    component: 'a' as const,
    href: `?${LOGIN_PARAM}=true`,
    role: 'button',
    onClick: (event: MouseEvent) => {
      // A new tab or window keeps the link's own behaviour.
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
      event.preventDefault();
      open();
    },
    // A link answers Enter; as a button it answers Space as well.
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key !== ' ') return;
      event.preventDefault();
      open();
    },
    onPointerEnter: prepare,
    onFocus: prepare,
  };
  return { opened, open, close, trigger };
}
