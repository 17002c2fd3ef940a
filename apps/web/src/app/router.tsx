import type { ComponentType } from 'react';
import { type LoaderFunction, Navigate, type RouteObject, useLocation } from 'react-router';
import { PageLoader } from '../components/PageLoader';
import { NotFoundPage } from '../features/status/NotFoundPage';
import { RouteErrorPage } from '../features/status/RouteErrorPage';
import { AppLayout } from '../layout/AppLayout';
import { RootLayout } from '../layout/RootLayout';
import { lazyComponent, rememberedImport } from '../lib/lazyComponent';
import { accountLoader, balanceLoader, planLoader, reviewLoader, sessionLoader } from './preload';

/** Code-split by route: each page is its own chunk (public pages never load charts or the calendar). */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

/**
 * A screen of the signed-in app, in its own chunk, rendered inside the shell: the header and the app area
 * show at once, the screen's place a loader until its code is there (a route's `lazy` would hold the whole
 * page, shell included, until then). Its `loader` asks for the code at navigation, beside the screen's data
 * (preload.ts), instead of once the session let the app area render.
 */
function screen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType, data?: LoaderFunction) {
  const code = rememberedImport(load);
  const Component = lazyComponent(code, pick, <PageLoader />);
  const loader: LoaderFunction = (args) => {
    // The data's requests go out before the code's: a first visit asks for dozens of chunks, and a browser
    // sends six requests at a time to one server over HTTP/1.1, so what is asked for after them waits its turn.
    const answer = data ? data(args) : null;
    void code().catch(() => {});
    return answer;
  };
  return { Component, loader };
}

const review = () => import('../features/review/ReviewPage');
const plan = () => import('../features/plan/PlanPage');
const balance = () => import('../features/balance/BalancePage');
const Review = screen(review, (m) => m.ReviewPage, reviewLoader);
const Plan = screen(plan, (m) => m.PlanPage, planLoader);
const Balance = screen(balance, (m) => m.BalancePage, balanceLoader);
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

      // The signed-in app area: the shell renders at once; each screen's code and data start at navigation.
      {
        path: 'my',
        loader: sessionLoader,
        Component: AppLayout,
        children: [
          { index: true, element: <Navigate to="/my/review/you" replace /> },
          { path: 'review', ...Review },
          { path: 'review/:view', ...Review },
          { path: 'review/:view/:statusFilter', ...Review },
          { path: 'plan', ...Plan },
          { path: 'plan/meeting/:id', ...Plan },
          { path: 'plan/block/:blockId', ...Plan },
          { path: 'balance', ...Balance },
          { path: 'balance/:view', ...Balance },
          { path: 'balance/:view/:subView', ...Balance },
          { path: 'balance/wellness-blocks/block/:blockId', ...Balance },
          {
            path: 'choose-plan',
            ...screen(
              () => import('../features/billing/ChoosePlanPage'),
              (m) => m.ChoosePlanPage,
            ),
          },
          {
            path: 'account',
            ...screen(
              () => import('../features/account/AccountPage'),
              (m) => m.AccountPage,
              accountLoader,
            ),
          },
          {
            path: 'team-management',
            ...screen(
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
