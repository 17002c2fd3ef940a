import { authEndpoints, healthEndpoints, slackEndpoints } from './auth';
import { billingEndpoints } from './billing';
import { communicationEndpoints } from './communications';
import { dailyReportEndpoints } from './daily-reports';
import type { Endpoint } from './endpoint';
import { jobFailureEndpoints } from './job-failures';
import { mailEndpoints } from './mail';
import { referralEndpoints } from './referrals';
import { settingsEndpoints } from './settings';
import { teamEndpoints } from './teams';
import { userEndpoints } from './users';

/**
 * Every endpoint of the API under /api/v1, by area: the table the server registers its routes from and checks
 * its route list and access gates against. An area adds its group here (one line each).
 */
export const ENDPOINT_GROUPS = {
  teams: teamEndpoints,
  auth: authEndpoints,
  slack: slackEndpoints,
  health: healthEndpoints,
  users: userEndpoints,
  settings: settingsEndpoints,
  communications: communicationEndpoints,
  referrals: referralEndpoints,
  billing: billingEndpoints,
  mail: mailEndpoints,
  jobFailures: jobFailureEndpoints,
  dailyReports: dailyReportEndpoints,
} as const satisfies Record<string, Record<string, Endpoint>>;

export const ENDPOINTS: readonly Endpoint[] = Object.values(ENDPOINT_GROUPS).flatMap((group) =>
  Object.values(group),
);
