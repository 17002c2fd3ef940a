import {
  isValidEmail,
  isValidTimeZone,
  signInLinkSentDocument,
  signInLinkUsedDocument,
} from '@meetwell/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { setSessionCookies } from '../../../auth/cookies';
import { createSession } from '../../../auth/sessions';
import type { FeatureRoutes } from '../../../http/app';
import { AppError } from '../../../http/errors';
import { document, resourceBody } from '../../../http/jsonapi';
import { referralOf } from '../../referrals/referrals';
import { loadUserResource } from '../../users/profile';
import { consumeSignInLink, requestSignInLink } from './links';

/** Counted per address, not per session: a signed-in visitor asking for links is still one machine. */
const byIp = (request: FastifyRequest) => `ip:${request.ip}`;
/** Links asked for from one address a quarter of an hour: an office behind one address signs up together. */
export const LINK_REQUESTS_PER_IP = { max: 20, timeWindow: '15 minutes', keyGenerator: byIp };
const CONSUMES_PER_IP = { max: 30, timeWindow: '1 minute', keyGenerator: byIp };

const timeZone = z.string().refine(isValidTimeZone, 'must be an IANA time zone');

/** Sign-in by e-mail link: asked for by address, used once. Absent (404) when EMAIL_SIGN_IN is off. */
export const emailLinkRoutes: FeatureRoutes = (app, ctx) => {
  if (!ctx.config.emailSignIn) return;

  app.post(
    '/api/v1/sign_in_links',
    {
      config: { rateLimit: LINK_REQUESTS_PER_IP },
      schema: {
        tags: ['auth'],
        summary:
          'Mail a one-time sign-in link to an address (creating the account when it is used). Always 202: the answer never tells whether an account exists',
        body: resourceBody(
          'sign_in_links',
          z.object({ email: z.string(), time_zone: timeZone.optional() }).strict(),
        ),
        response: { 202: signInLinkSentDocument },
      },
    },
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
  );

  app.post(
    '/api/v1/sign_in_links/consume',
    {
      config: { rateLimit: CONSUMES_PER_IP },
      schema: {
        tags: ['auth'],
        summary:
          "Sign in with a link's token: the user document and the session cookie. A used, expired or unknown link is 410 sign_in_link_invalid",
        body: resourceBody(
          'sign_in_links',
          z
            .object({
              token: z.string().min(1).max(200),
              time_zone: timeZone.optional(),
              // The referral token kept from a ?ref= link, for a new account (else the cookie is read).
              referral: z.string().max(200).optional(),
            })
            .strict(),
        ),
        response: { 200: signInLinkUsedDocument },
      },
    },
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
  );
};
