import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

const LOGIN_PARAM = 'login';

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

  return { opened, open, close };
}
