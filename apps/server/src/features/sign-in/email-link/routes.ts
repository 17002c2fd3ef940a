import { authEndpoints, isValidEmail } from '@meetwell/domain';
import type { FastifyRequest } from 'fastify';
import { setSessionCookies } from '../../../auth/cookies';
import { createSession } from '../../../auth/sessions';
import type { FeatureRoutes } from '../../../http/app';
import { route } from '../../../http/endpoint';
import { AppError } from '../../../http/errors';
import { document } from '../../../http/jsonapi';
import { referralOf } from '../../referrals/referrals';
import { loadUserResource } from '../../users/profile';
import { consumeSignInLink, requestSignInLink } from './links';

/** Counted per address, not per session: a signed-in visitor asking for links is still one machine. */
const byIp = (request: FastifyRequest) => `ip:${request.ip}`;
/** Links asked for from one address a quarter of an hour: an office behind one address signs up together. */
export const LINK_REQUESTS_PER_IP = { max: 20, timeWindow: '15 minutes', keyGenerator: byIp };
const CONSUMES_PER_IP = { max: 30, timeWindow: '1 minute', keyGenerator: byIp };

/** Sign-in by e-mail link: asked for by address, used once. Absent (404) when EMAIL_SIGN_IN is off. */
export const emailLinkRoutes: FeatureRoutes = (app, ctx) => {
  if (!ctx.config.emailSignIn) return;

  route(
    app,
    authEndpoints.requestSignInLink,
    async (request, reply) => {
      const { email } = request.body.data.attributes;
      if (!isValidEmail(email)) {
        throw new AppError('unprocessable', [
          { detail: 'This does not look like an e-mail address.', pointer: '/data/attributes/email' },
        ]);
      }
      await requestSignInLink(ctx, email);
      return reply.code(202).send({ meta: { sent: true as const } });
    },
    { config: { rateLimit: LINK_REQUESTS_PER_IP } },
  );

  route(
    app,
    authEndpoints.consumeSignInLink,
    async (request, reply) => {
      const { token, time_zone, referral } = request.body.data.attributes;
      const { user, created } = await consumeSignInLink(ctx, token, time_zone, referralOf(request, referral));
      const session = await createSession(ctx.db, user.id, {
        userAgent: request.headers['user-agent'],
        now: ctx.now(),
      });
      setSessionCookies(request, reply, ctx, session.token);
      return reply.send(document(await loadUserResource(ctx.db, user, ctx.now()), { created }));
    },
    { config: { rateLimit: CONSUMES_PER_IP } },
  );
};
