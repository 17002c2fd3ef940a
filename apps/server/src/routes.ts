import { listRoutes } from './features/autobalance/lists.routes';
import { preventDeclinePageRoutes } from './features/autobalance/prevent-decline-page';
import { autoBalanceRoutes } from './features/autobalance/routes';
import { billingRoutes } from './features/billing/routes';
import { calendarRoutes } from './features/calendars/routes';
import { webhookRoutes } from './features/calendars/webhooks/routes';
import { communicationRoutes } from './features/communications/routes';
import { dailyReportEventRoutes } from './features/daily-report-events/routes';
import { healthRoutes } from './features/health/routes';
import { jobFailureRoutes } from './features/job-failures/routes';
import { mailRoutes } from './features/mail/routes';
import { mailPreviewRoutes } from './features/mail-previews/routes';
import { meetingFlagRoutes } from './features/meetings/flags';
import { itemRoutes } from './features/meetings/items';
import { meetingRoutes } from './features/meetings/routes';
import { forgetWeeksAfterChange } from './features/meetings/week-cache';
import { referralRoutes } from './features/referrals/routes';
import { reportRoutes } from './features/reports/routes';
import { settingsRoutes } from './features/settings/routes';
import { emailLinkRoutes } from './features/sign-in/email-link/routes';
import { linkPageRoutes } from './features/sign-in/link-pages';
import { oidcRoutes } from './features/sign-in/oidc/routes';
import { authRoutes } from './features/sign-in/routes';
import { slackRoutes } from './features/slack/routes';
import { suggestionRoutes } from './features/suggestions/routes';
import { teamRoutes } from './features/teams/routes';
import { userRoutes } from './features/users/routes';
import { catalogRoutes } from './features/wellness-blocks/catalog.routes';
import { wellnessBlockRoutes } from './features/wellness-blocks/routes';
import type { FeatureRoutes } from './http/app';
import { cableRoutes } from './realtime/cable';

/** Every feature's routes, registered in this order by buildApp. */
export const allRoutes: FeatureRoutes[] = [
  healthRoutes,
  authRoutes,
  oidcRoutes,
  emailLinkRoutes,
  linkPageRoutes,
  userRoutes,
  referralRoutes,
  settingsRoutes,
  communicationRoutes,
  calendarRoutes,
  meetingRoutes,
  forgetWeeksAfterChange,
  dailyReportEventRoutes,
  meetingFlagRoutes,
  itemRoutes,
  wellnessBlockRoutes,
  catalogRoutes,
  autoBalanceRoutes,
  preventDeclinePageRoutes,
  listRoutes,
  mailRoutes,
  jobFailureRoutes,
  mailPreviewRoutes,
  slackRoutes,
  reportRoutes,
  suggestionRoutes,
  billingRoutes,
  teamRoutes,
  webhookRoutes,
  cableRoutes,
];
