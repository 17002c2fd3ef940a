import { useCallback } from 'react';
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

  /** A button that opens the dialog: its code starts loading when the button is pointed at or focused. */
  const trigger = { onClick: open, onPointerEnter: prepare, onFocus: prepare };
  return { opened, open, close, trigger };
}
