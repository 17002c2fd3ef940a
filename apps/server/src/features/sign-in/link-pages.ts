import type { FastifyReply, FastifyRequest } from 'fastify';
import { setSessionCookies } from '../../auth/cookies';
import { createSession } from '../../auth/sessions';
import type { AppContext } from '../../context';
import type { FeatureRoutes } from '../../http/app';
import { AppError } from '../../http/errors';
import { referralOf } from '../referrals/referrals';
import { acceptInvite } from '../teams/invites';
import { consumeSignInLink } from './email-link/links';

/** Where a signed-in person lands (the web app's APP_HOME). */
const APP_HOME = '/my/review/you';
const LINK_POSTS_PER_IP = {
  max: 30,
  timeWindow: '1 minute',
  keyGenerator: (request: FastifyRequest) => `ip:${request.ip}`,
};

/**
 * Only a form of our own pages spends a link: a browser names the page's origin on a form post, and another
 * site's form (signing a visitor into someone else's account) is refused.
 */
function fromOurPage(ctx: AppContext, request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string' && site !== 'same-origin') return false;
  if (typeof origin !== 'string') return typeof site === 'string';
  return origin === new URL(ctx.config.appUrl).origin || origin === `${request.protocol}://${request.host}`;
}

async function signInAndGo(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, userId: string) {
  const session = await createSession(ctx.db, userId, {
    userAgent: request.headers['user-agent'],
    now: ctx.now(),
  });
  setSessionCookies(request, reply, ctx, session.token);
  return reply.redirect(APP_HOME, 303);
}

/** The link's page again, in the state a refusal leaves it (pre-rendered: ?status=invalid or refused). */
function refused(reply: FastifyReply, path: string, error: unknown) {
  if (!(error instanceof AppError) || error.status >= 500) throw error;
  const status = error.status === 410 ? 'invalid' : 'refused';
  return reply.redirect(`${path}?status=${status}`, 303);
}

/**
 * The sign-in and invite links' pages without JavaScript: their one button posts the page's own address,
 * which spends the link as the API does (a session cookie, then the app). Opening a link never spends it.
 */
export const linkPageRoutes: FeatureRoutes = (app, ctx) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, body),
  );

  if (ctx.config.emailSignIn) {
    app.post<{ Params: { token: string } }>(
      '/sign-in/:token',
      {
        config: { rateLimit: LINK_POSTS_PER_IP },
        schema: {
          tags: ['auth'],
          summary: 'A sign-in link used from its page without JavaScript: signs in, then the app',
        },
      },
      async (request, reply) => {
        const path = `/sign-in/${encodeURIComponent(request.params.token)}`;
        if (!fromOurPage(ctx, request)) return reply.redirect(path, 303);
        try {
          const { user } = await consumeSignInLink(ctx, request.params.token, undefined, referralOf(request));
          return await signInAndGo(ctx, request, reply, user.id);
        } catch (error) {
          return refused(reply, path, error);
        }
      },
    );
  }

  app.post<{ Params: { token: string } }>(
    '/invite/:token',
    {
      config: { rateLimit: LINK_POSTS_PER_IP },
      schema: {
        tags: ['teams'],
        summary:
          'An invite accepted from its page without JavaScript: signs in, joins the team, then the app',
      },
    },
    async (request, reply) => {
      const path = `/invite/${encodeURIComponent(request.params.token)}`;
      if (!fromOurPage(ctx, request)) return reply.redirect(path, 303);
      try {
        const { user, alreadyMember } = await acceptInvite(ctx, request.params.token, {
          referral: referralOf(request),
          signedInUserId: request.auth?.user.id,
        });
        if (alreadyMember) return reply.redirect(request.auth ? APP_HOME : '/?login=true', 303);
        return await signInAndGo(ctx, request, reply, user.id);
      } catch (error) {
        return refused(reply, path, error);
      }
    },
  );
};
