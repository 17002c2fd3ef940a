import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { SESSION_COOKIE } from '../../auth/sessions';
import type { AppContext } from '../../context';
import { hashToken } from '../../lib/crypto';
import { pgRateLimitStore, SharedCounters } from '../rate-limit-store';
import { bearerToken } from './security';

/**
 * One budget per signed-in session (or per IP for visitors) over every API route, shared by all processes
 * through PostgreSQL; routes that guard against guessing or abuse set stricter limits of their own.
 * Needs @fastify/cookie registered before it (the key reads the session cookie).
 */
const rateLimitsPlugin: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const rateCounters = new SharedCounters(ctx.pool, 250);
  app.addHook('onClose', () => rateCounters.close());
  await app.register(rateLimit, {
    global: true,
    max: ctx.config.rateLimitPerMinute,
    timeWindow: 60_000,
    store: pgRateLimitStore(rateCounters),
    // The counters live in the database: while it is away the limit lets requests through (they get 503s).
    skipOnError: true,
    // The shared budget is the API's. Any other route (pages, assets) is counted only where it sets a limit
    // of its own (the forms of pages without JavaScript, webhooks, sign-in callbacks): those limits share this
    // function, so it must not let them through.
    allowList: (request) => !request.url.startsWith('/api/') && !request.routeOptions.config.rateLimit,
    keyGenerator: (request) => {
      const token = bearerToken(request) ?? request.cookies[SESSION_COOKIE];
      return token ? `s:${hashToken(token).slice(0, 32)}` : `ip:${request.ip}`;
    },
  });
};

export const rateLimits = fp(rateLimitsPlugin, { name: 'meetwell-rate-limits' });
