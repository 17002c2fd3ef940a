import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { refuseDeactivated, refuseSignedOut } from '../../auth/access';
import { csrfTokenFor, setCsrfCookie } from '../../auth/cookies';
import { authenticateToken, CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '../../auth/sessions';
import type { AppContext } from '../../context';
import { safeEqual } from '../../lib/crypto';
import { AppError } from '../errors';
import { JSON_API } from '../jsonapi';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A GET the spec names that changes state (accept a meeting, start a re-sync): checked like a POST, so a
     * top-level navigation from another site (which carries the Lax cookie, never the CSRF header) is refused.
     */
    changesState?: boolean | ((request: FastifyRequest) => boolean);
    /**
     * Authorised by a signature in its URL, never by a session (RFC 8058 one-click unsubscribe, posted by mail
     * clients as a form): no JSON:API media type and no CSRF token asked of it.
     */
    signedLink?: boolean;
  }
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Whether a request changes state: an unsafe method, or a route flagged `changesState`. */
export function changesState(request: FastifyRequest): boolean {
  const flag = request.routeOptions.config?.changesState;
  return UNSAFE_METHODS.has(request.method) || (typeof flag === 'function' ? flag(request) : flag === true);
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(.+)$/i.exec(header);
  return match?.[1]?.trim() ?? null;
}

/**
 * Who is calling and what they may send: a session cookie or a bearer token (scripts, mobile, the cable) sets
 * request.auth; a visitor reaches only the public endpoints, a deactivated account only those declared open to it
 * (auth/access.ts reads both from the route's endpoint in the contract); changes carry the JSON:API media type, and
 * cookie-authenticated changes a double-submit CSRF token.
 */
const securityPlugin: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/') && !request.url.startsWith('/cable') && request.url !== '/logout')
      return;
    const bearer = bearerToken(request);
    const token = bearer ?? request.cookies[SESSION_COOKIE];
    if (!token) return;
    request.auth = await authenticateToken(ctx.db, token);
    request.authVia = request.auth ? (bearer ? 'bearer' : 'cookie') : null;
    // A cookie session whose CSRF cookie is missing or not its own (an older session, a planted cookie)
    // gets its own again; the web app reads it before every change.
    if (request.authVia === 'cookie' && request.cookies[CSRF_COOKIE] !== csrfTokenFor(ctx.secrets, token)) {
      setCsrfCookie(request, reply, ctx, token);
    }
  });
  app.addHook('onRequest', refuseSignedOut);
  app.addHook('onRequest', refuseDeactivated);

  app.addHook('preValidation', async (request) => {
    const guarded = request.url.startsWith('/api/v1/') || request.url === '/logout';
    if (!guarded || !changesState(request) || request.routeOptions.config?.signedLink) return;
    const contentType = request.headers['content-type'];
    const hasBody = request.body !== undefined && request.body !== null;
    const file = request.routeOptions.config?.endpoint?.file;
    if (file) {
      const type = contentType?.split(';')[0]?.trim().toLowerCase();
      if (hasBody && !file.mediaTypes.includes(type ?? '')) {
        throw new AppError(
          'unsupported_media_type',
          `Send the file with Content-Type: ${file.mediaTypes[0]}.`,
        );
      }
    } else if (
      hasBody &&
      (Buffer.isBuffer(request.body) || !contentType?.toLowerCase().startsWith(JSON_API))
    ) {
      throw new AppError('unsupported_media_type', `Send JSON:API documents with Content-Type: ${JSON_API}.`);
    }
    if (request.authVia === 'cookie') {
      const header = request.headers[CSRF_HEADER];
      const expected = csrfTokenFor(ctx.secrets, request.cookies[SESSION_COOKIE] ?? '');
      if (typeof header !== 'string' || !safeEqual(header, expected)) {
        throw new AppError(
          'csrf_failed',
          `Send the ${CSRF_COOKIE} cookie's value in the X-CSRF-Token header.`,
        );
      }
    }
  });
};

export const security = fp(securityPlugin, { name: 'meetwell-security' });
