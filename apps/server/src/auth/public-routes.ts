import type { FastifyRequest } from 'fastify';
import { AppError } from '../http/errors';

/**
 * The API routes a visitor without a session may call: health, the sign-in and sign-up steps, the links mail
 * carries (their token or signature is the credential), and the public plan list. Every other /api/v1 route
 * answers a signed-out request with 401 before its body is read or validated. Keyed by method and route pattern.
 */
const PUBLIC_ROUTES = new Set([
  'GET /api/v1/health',
  'GET /api/v1/auth/providers',
  'POST /api/v1/auth/demo',
  'GET /api/v1/auth/:provider',
  'GET /api/v1/auth/:provider/callback',
  'GET /api/v1/auth/slack/callback',
  // The web app asks who is signed in (?session=optional answers a visitor without an error).
  'GET /api/v1/users',
  'POST /api/v1/sign_in_links',
  'POST /api/v1/sign_in_links/consume',
  'POST /api/v1/invites/accept',
  'POST /api/v1/invites/renewal_requests',
  'GET /api/v1/subscription_plans',
  // Reference data the app and the public pages show: the same for everyone.
  'GET /api/v1/goals',
  'GET /api/v1/settings_labels',
  'GET /api/v1/event_colors',
  'GET /api/v1/meeting_intentions',
  'GET /api/v1/communications/email/opt-out',
  'GET /api/v1/communications/email/unsubscribe',
  'POST /api/v1/communications/email/unsubscribe',
  'GET /api/v1/users/meetings/details/:token',
  'PATCH /api/v1/users/meetings/prevent_decline/:token',
]);

export function isPublicRoute(method: string, routeUrl: string): boolean {
  return PUBLIC_ROUTES.has(`${method === 'HEAD' ? 'GET' : method} ${routeUrl}`);
}

/** 401 for a signed-out call of any other API route; unknown URLs stay 404s. */
export async function refuseSignedOut(request: FastifyRequest) {
  if (request.auth || !request.url.startsWith('/api/v1/')) return;
  const route = request.routeOptions.url;
  // Unknown API paths reach the not-found handler (or the web app's catch-all): they stay 404s.
  if (
    !route?.startsWith('/api/v1/') ||
    request.routeOptions.config?.public === true ||
    isPublicRoute(request.method, route)
  )
    return;
  throw new AppError('unauthorized', 'Sign in to continue.');
}
