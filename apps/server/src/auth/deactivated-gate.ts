import type { FastifyRequest } from 'fastify';
import { AppError } from '../http/errors';

/**
 * What a deactivated account (its trial over without a plan) may still call: who it is, its Account screen, signing
 * out, the plan chooser's calls and the invoices, plus every sign-in, public and webhook route. Keyed by
 * method and route pattern, in this one list.
 */
const ALLOWED_ROUTES = new Set([
  'GET /api/v1/users',
  'DELETE /api/v1/users',
  // The Account screen stays usable: its settings and calendars, mail preferences and disconnecting.
  'PATCH /api/v1/users',
  'GET /api/v1/users/settings',
  'GET /api/v1/users/referrals',
  'GET /api/v1/calendars',
  'DELETE /api/v1/calendars/:id',
  'DELETE /api/v1/auth/slack',
  'DELETE /api/v1/logout',
  'GET /api/v1/subscription',
  'GET /api/v1/subscription_plans',
  'PATCH /api/v1/stripe_checkout/sessions',
  'PATCH /api/v1/subscription',
  'DELETE /api/v1/subscription',
  'GET /api/v1/invoices',
  'GET /api/v1/health',
  'GET /api/v1/auth/providers',
  'GET /api/v1/auth/:provider',
  'GET /api/v1/auth/:provider/callback',
  'POST /api/v1/auth/demo',
  'POST /api/v1/sign_in_links',
  'POST /api/v1/sign_in_links/consume',
  'POST /api/v1/invites/accept',
  'POST /api/v1/invites/renewal_requests',
  'GET /api/v1/communications/email/opt-out',
  'GET /api/v1/communications/email/unsubscribe',
  'POST /api/v1/communications/email/unsubscribe',
  'GET /api/v1/users/meetings/details/:token',
  'PATCH /api/v1/users/meetings/prevent_decline/:token',
]);

export function allowedWhenDeactivated(method: string, routeUrl: string): boolean {
  return ALLOWED_ROUTES.has(`${method === 'HEAD' ? 'GET' : method} ${routeUrl}`);
}

/**
 * Refuses every other API call of a deactivated account with 403 account_deactivated, before the request's
 * body is read. Runs once the session is resolved; requests of no known route stay 404s.
 */
export async function refuseDeactivated(request: FastifyRequest) {
  const user = request.auth?.user;
  if (!user?.deactivatedAt || !request.url.startsWith('/api/v1/')) return;
  const route = request.routeOptions.url;
  // Unknown API paths reach the not-found handler (or the web app's catch-all): they stay 404s.
  if (!route?.startsWith('/api/v1/') || allowedWhenDeactivated(request.method, route)) return;
  throw new AppError(
    'account_deactivated',
    user.deactivatedReason === 'trial_expired'
      ? 'Your trial has ended. Choose a plan to continue.'
      : 'This account is deactivated. Choose a plan to continue.',
  );
}
