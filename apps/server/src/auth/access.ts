import type { Endpoint } from '@meetwell/domain';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../http/errors';

/**
 * The access gates every /api/v1 request passes before its body is read, both read from the contract's
 * endpoint the route serves (its `access` and `whenDeactivated`, declared once beside its schemas). A route of
 * the API without an endpoint is treated as closed: signed in, and not open to a deactivated account. URLs of
 * no route stay 404s.
 */
const endpointOf = (request: FastifyRequest): Endpoint | undefined => request.routeOptions.config?.endpoint;

/** A route of the API (not an unknown path, which reaches the not-found handler or the web app). */
const isApiRoute = (request: FastifyRequest) =>
  request.url.startsWith('/api/v1/') && Boolean(request.routeOptions.url?.startsWith('/api/v1/'));

/** 401 for a signed-out call of any API route but the public ones. */
export async function refuseSignedOut(request: FastifyRequest) {
  if (request.auth || !isApiRoute(request)) return;
  if (endpointOf(request)?.access === 'public') return;
  throw new AppError('unauthorized', 'Sign in to continue.');
}

/**
 * 403 account_deactivated for a deactivated account (its trial over without a plan), on every API route but
 * those declared open to it: who it is, its Account screen, the plan chooser, signing out, the sign-in steps
 * and the links mail carries.
 */
export async function refuseDeactivated(request: FastifyRequest) {
  const user = request.auth?.user;
  if (!user?.deactivatedAt || !isApiRoute(request)) return;
  if (endpointOf(request)?.whenDeactivated === true) return;
  throw new AppError(
    'account_deactivated',
    user.deactivatedReason === 'trial_expired'
      ? 'Your trial has ended. Choose a plan to continue.'
      : 'This account is deactivated. Choose a plan to continue.',
  );
}
