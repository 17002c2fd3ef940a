/** Where the app opens: the signed-in home. */
export const APP_HOME = '/my/review/you';

export const APP_TABS = [
  { label: 'Review', to: '/my/review/you', match: '/my/review' },
  { label: 'Plan', to: '/my/plan', match: '/my/plan' },
  { label: 'Balance', to: '/my/balance/action', match: '/my/balance' },
] as const;

export const VISITOR_LINKS = [
  { label: 'Manifesto', to: '/blog/manifesto' },
  { label: 'Blog', to: '/blog' },
  { label: 'Pricing', to: '/pricing' },
] as const;

export const FOOTER_LINKS = [
  { label: 'Privacy', to: '/privacy' },
  { label: 'Security', to: '/security' },
  { label: 'Terms', to: '/terms' },
  { label: 'Help', to: '/help' },
  { label: 'FAQ', to: '/faq' },
  { label: 'Referrals', to: '/referrals' },
] as const;

export const CHOOSE_PLAN_PATH = '/my/balance/action/choose-plan';
export const AUTO_BALANCE_PATH = '/my/balance/action';

export function isAppPath(pathname: string): boolean {
  return pathname === '/my' || pathname.startsWith('/my/');
}
