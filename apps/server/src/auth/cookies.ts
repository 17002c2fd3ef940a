import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { randomToken } from '../lib/crypto';
import { CSRF_COOKIE, SESSION_COOKIE, SESSION_LIFETIME_DAYS } from './sessions';

const maxAge = SESSION_LIFETIME_DAYS * 24 * 60 * 60;

export function isSecure(request: FastifyRequest, config: Config) {
  return request.protocol === 'https' || config.appUrl.startsWith('https://');
}

/** The session cookie (HttpOnly) and the readable CSRF cookie the web app echoes in X-CSRF-Token. */
export function setSessionCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  config: Config,
  token: string,
) {
  const secure = isSecure(request, config);
  reply.setCookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge });
  reply.setCookie(CSRF_COOKIE, randomToken(24), {
    httpOnly: false,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge,
  });
}

export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply, config: Config) {
  const secure = isSecure(request, config);
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
  reply.clearCookie(CSRF_COOKIE, { path: '/', sameSite: 'lax', secure });
}
