import { createHmac } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Secrets } from '../lib/crypto';
import { CSRF_COOKIE, SESSION_COOKIE, SESSION_LIFETIME_DAYS } from './sessions';

const maxAge = SESSION_LIFETIME_DAYS * 24 * 60 * 60;

export function isSecure(request: FastifyRequest, config: Config) {
  return request.protocol === 'https' || config.appUrl.startsWith('https://');
}

/**
 * The CSRF token of a session: an HMAC of the session token with a key derived from SECRET_KEY. Bound to the
 * session, so a cookie planted by a sibling site (cookie tossing) cannot pair with a victim's session, and
 * recomputable, so nothing is stored.
 */
export function csrfTokenFor(secrets: Pick<Secrets, 'derive'>, sessionToken: string): string {
  return createHmac('sha256', secrets.derive('csrf')).update(sessionToken).digest('base64url');
}

export function setCsrfCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  ctx: { config: Config; secrets: Pick<Secrets, 'derive'> },
  sessionToken: string,
) {
  reply.setCookie(CSRF_COOKIE, csrfTokenFor(ctx.secrets, sessionToken), {
    httpOnly: false,
    sameSite: 'lax',
    secure: isSecure(request, ctx.config),
    path: '/',
    maxAge,
  });
}

/** The session cookie (HttpOnly) and the readable CSRF cookie the web app echoes in X-CSRF-Token. */
export function setSessionCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  ctx: { config: Config; secrets: Pick<Secrets, 'derive'> },
  token: string,
) {
  const secure = isSecure(request, ctx.config);
  reply.setCookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge });
  setCsrfCookie(request, reply, ctx, token);
}

export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply, config: Config) {
  const secure = isSecure(request, config);
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
  reply.clearCookie(CSRF_COOKIE, { path: '/', sameSite: 'lax', secure });
}
