import { suggestionEndpoints } from '../suggestions/contract';
import { actionEndpoints } from './actions';
import { authEndpoints, healthEndpoints, slackEndpoints } from './auth';
import { autoBalanceEndpoints } from './autobalance';
import { billingEndpoints } from './billing';
import { calendarEndpoints } from './calendars';
import { catalogEndpoints } from './catalog';
import { communicationEndpoints } from './communications';
import { dailyReportEndpoints } from './daily-reports';
import type { Endpoint } from './endpoint';
import { jobFailureEndpoints } from './job-failures';
import { mailEndpoints } from './mail';
import { meetingItemEndpoints } from './meeting-items';
import { meetingEndpoints } from './meetings';
import { referralEndpoints } from './referrals';
import { reportEndpoints } from './reports';
import { settingsEndpoints } from './settings';
import { synchronizationEndpoints } from './synchronizations';
import { teamEndpoints } from './teams';
import { userEndpoints } from './users';
import { wellnessBlockEndpoints } from './wellness-blocks';

/**
 * Every endpoint of the API under /api/v1, by area: the table the server registers its routes from and checks
 * its route list and access gates against. An area adds its group here (one line each).
 */
export const ENDPOINT_GROUPS = {
  teams: teamEndpoints,
  wellnessBlocks: wellnessBlockEndpoints,
  catalog: catalogEndpoints,
  reports: reportEndpoints,
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
  meetings: meetingEndpoints,
  agendaItems: meetingItemEndpoints.agenda_items,
  objectives: meetingItemEndpoints.objectives,
  preworkItems: meetingItemEndpoints.prework_items,
  suggestions: suggestionEndpoints,
  calendars: calendarEndpoints,
  synchronizations: synchronizationEndpoints,
  actions: actionEndpoints,
  autoBalance: autoBalanceEndpoints,
} as const satisfies Record<string, Record<string, Endpoint>>;

export const ENDPOINTS: readonly Endpoint[] = Object.values(ENDPOINT_GROUPS).flatMap((group) =>
  Object.values(group),
);
