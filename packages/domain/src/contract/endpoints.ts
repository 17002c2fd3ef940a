import type { Endpoint } from './endpoint';
import { teamEndpoints } from './teams';

/**
 * Every endpoint of the API under /api/v1, by area: the table the server registers its routes from and checks
 * its route list and access gates against. An area adds its group here (one line each).
 */
export const ENDPOINT_GROUPS = {
  teams: teamEndpoints,
} as const satisfies Record<string, Record<string, Endpoint>>;

export const ENDPOINTS: readonly Endpoint[] = Object.values(ENDPOINT_GROUPS).flatMap((group) =>
  Object.values(group),
);
