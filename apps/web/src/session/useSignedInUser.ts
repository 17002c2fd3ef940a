import type { CurrentUser } from './types';
import { useCurrentUser } from './useCurrentUser';

/** For pages under /my: AppLayout renders them only once the user is loaded. */
export function useSignedInUser(): CurrentUser {
  const { data } = useCurrentUser();
  if (!data) throw new Error('useSignedInUser() used outside the signed-in app area');
  return data;
}
