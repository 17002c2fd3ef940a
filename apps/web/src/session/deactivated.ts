/**
 * Where a deactivated account (trial over, plan ended) may go: the plan chooser page, the account screen and
 * everything outside the app area (public pages). Everything else under /my leads to the chooser.
 */
export const PLAN_CHOOSER_PAGE_PATH = '/my/choose-plan';

const DEACTIVATED_ALLOWED_APP_PATHS = [PLAN_CHOOSER_PAGE_PATH, '/my/account'];

export function isAllowedWhenDeactivated(pathname: string): boolean {
  const inApp = pathname === '/my' || pathname.startsWith('/my/');
  return (
    !inApp ||
    DEACTIVATED_ALLOWED_APP_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`))
  );
}
