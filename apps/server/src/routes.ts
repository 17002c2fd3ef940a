import { oidcRoutes } from './auth/oidc/routes';
import { authRoutes } from './auth/routes';
import { calendarRoutes } from './calendars/routes';
import { webhookRoutes } from './calendars/webhooks/routes';
import { communicationRoutes } from './features/communications/routes';
import { healthRoutes } from './features/health/routes';
import { meetingFlagRoutes } from './features/meetings/flags';
import { itemRoutes } from './features/meetings/items';
import { meetingRoutes } from './features/meetings/routes';
import { settingsRoutes } from './features/settings/routes';
import { userRoutes } from './features/users/routes';
import type { FeatureRoutes } from './http/app';
import { cableRoutes } from './realtime/cable';

/** Every feature's routes, registered in this order by buildApp. */
export const allRoutes: FeatureRoutes[] = [
  healthRoutes,
  authRoutes,
  oidcRoutes,
  userRoutes,
  settingsRoutes,
  communicationRoutes,
  calendarRoutes,
  meetingRoutes,
  meetingFlagRoutes,
  itemRoutes,
  webhookRoutes,
  cableRoutes,
];
