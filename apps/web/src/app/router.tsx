import type { ComponentType } from 'react';
import { Navigate, type RouteObject, useLocation } from 'react-router';
import { PageLoader } from '../components/PageLoader';
import { NotFoundPage } from '../features/status/NotFoundPage';
import { RouteErrorPage } from '../features/status/RouteErrorPage';
import { RootLayout } from '../layout/RootLayout';
import { accountLoader, planLoader, reviewLoader, sessionLoader } from './preload';

/** Code-split by route: each page is its own chunk (public pages never load charts or the calendar). */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

const Review = page(
  () => import('../features/review/ReviewPage'),
  (m) => m.ReviewPage,
);
const Plan = page(
  () => import('../features/plan/PlanPage'),
  (m) => m.PlanPage,
);
const Balance = page(
  () => import('../features/balance/BalancePage'),
  (m) => m.BalancePage,
);
const Blog = page(
  () => import('../features/blog/BlogPage'),
  (m) => m.BlogPage,
);
const staticPages = () => import('../features/pages/StaticPages');

/** /review, /review/{view}, /review/{view}/{statusFilter} are the same screens as /my/review/... */
function ReviewAlias() {
  const { pathname, search } = useLocation();
  return <Navigate to={`/my${pathname}${pathname === '/review' ? '/you' : ''}${search}`} replace />;
}

// Every path here is also in WEB_ROUTES (@meetwell/domain), which the server reads to answer unknown addresses
// with 404: add a page to both (router.test.tsx holds them equal).
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: PageLoader,
    children: [
      // Public pages
      {
        index: true,
        lazy: page(
          () => import('../features/home/HomePage'),
          (m) => m.HomePage,
        ),
      },
      {
        path: 'pricing',
        lazy: page(
          () => import('../features/pricing/PricingPage'),
          (m) => m.PricingPage,
        ),
      },
      {
        path: 'session',
        lazy: page(
          () => import('../features/session/SessionPage'),
          (m) => m.SessionPage,
        ),
      },
      {
        path: 'sign-in/:token',
        lazy: page(
          () => import('../features/sign-in/SignInLinkPage'),
          (m) => m.SignInLinkPage,
        ),
      },
      {
        path: 'invite/:token',
        lazy: page(
          () => import('../features/sign-in/InvitePage'),
          (m) => m.InvitePage,
        ),
      },
      { path: 'privacy', lazy: page(staticPages, (m) => m.PrivacyPage) },
      { path: 'terms', lazy: page(staticPages, (m) => m.TermsPage) },
      { path: 'dpa', lazy: page(staticPages, (m) => m.DpaPage) },
      { path: 'security', lazy: page(staticPages, (m) => m.SecurityPage) },
      { path: 'referrals', lazy: page(staticPages, (m) => m.ReferralsPage) },
      { path: 'help', lazy: page(staticPages, (m) => m.HelpPage) },
      { path: 'blog', lazy: Blog },
      { path: 'blog/:page', lazy: Blog },
      {
        path: 'faq',
        lazy: page(
          () => import('../features/faq/FaqPage'),
          (m) => m.FaqPage,
        ),
      },
      {
        path: 'unsubscribe',
        lazy: page(
          () => import('../features/unsubscribe/UnsubscribePage'),
          (m) => m.UnsubscribePage,
        ),
      },
      {
        path: 'prevent-decline',
        lazy: page(
          () => import('../features/prevent-decline/PreventDeclinePage'),
          (m) => m.PreventDeclinePage,
        ),
      },
      {
        path: 'maintenance',
        lazy: page(
          () => import('../features/status/MaintenancePage'),
          (m) => m.MaintenancePage,
        ),
      },
      {
        path: 'needs-permission',
        lazy: page(
          () => import('../features/status/NeedsPermissionPage'),
          (m) => m.NeedsPermissionPage,
        ),
      },
      { path: 'review', Component: ReviewAlias },
      { path: 'review/:view', Component: ReviewAlias },
      { path: 'review/:view/:statusFilter', Component: ReviewAlias },

      // The signed-in app area
      {
        path: 'my',
        // Each loader starts its screen's requests at navigation, beside the route's code (preload.ts).
        loader: sessionLoader,
        lazy: page(
          () => import('../layout/AppLayout'),
          (m) => m.AppLayout,
        ),
        children: [
          { index: true, element: <Navigate to="/my/review/you" replace /> },
          { path: 'review', loader: reviewLoader, lazy: Review },
          { path: 'review/:view', loader: reviewLoader, lazy: Review },
          { path: 'review/:view/:statusFilter', loader: reviewLoader, lazy: Review },
          { path: 'plan', loader: planLoader, lazy: Plan },
          { path: 'plan/meeting/:id', loader: planLoader, lazy: Plan },
          { path: 'plan/block/:blockId', loader: planLoader, lazy: Plan },
          { path: 'balance', lazy: Balance },
          { path: 'balance/:view', lazy: Balance },
          { path: 'balance/:view/:subView', lazy: Balance },
          { path: 'balance/wellness-blocks/block/:blockId', lazy: Balance },
          {
            path: 'choose-plan',
            lazy: page(
              () => import('../features/billing/ChoosePlanPage'),
              (m) => m.ChoosePlanPage,
            ),
          },
          {
            path: 'account',
            loader: accountLoader,
            lazy: page(
              () => import('../features/account/AccountPage'),
              (m) => m.AccountPage,
            ),
          },
          {
            path: 'team-management',
            lazy: page(
              () => import('../features/team/TeamManagementPage'),
              (m) => m.TeamManagementPage,
            ),
          },
          { path: '*', Component: NotFoundPage },
        ],
      },

      { path: '*', Component: NotFoundPage },
    ],
  },
];
