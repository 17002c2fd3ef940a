import { slackEndpoints } from '@meetwell/domain';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { type FeatureRoutes, requireAuth } from '../../http/app';
import { route } from '../../http/endpoint';
import { AppError } from '../../http/errors';
import { document, resource } from '../../http/jsonapi';
import { randomToken } from '../../lib/crypto';
import { connectSlack, type SlackGrant } from './connection';
import { SLACK_AUTHORIZE_URL, SLACK_USER_SCOPE, slackClient } from './slack.client';
import { disconnectSlack } from './snooze';

const STATE_TTL_MS = 10 * 60_000;
const stateSchema = z.object({ u: z.string(), n: z.string(), e: z.number(), o: z.string().optional() });

const callbackUrl = (ctx: AppContext) => `${ctx.config.appUrl}/api/v1/auth/slack/callback`;

/** A path of this site to come back to (the Account screen by default); never another site. */
function returnPath(origin: string | undefined): string {
  return origin && /^\/(?!\/)[^\s\\]*$/.test(origin) ? origin : '/my/account';
}

function slackConfig(ctx: AppContext) {
  const { clientId, clientSecret } = ctx.config.slack;
  if (!clientId || !clientSecret)
    // Not a 503: the web app would take that for maintenance. The feature is simply not offered here.
    throw new AppError('not_found', 'Slack is not configured on this server.');
  return { clientId, clientSecret };
}

/** The OAuth state: sealed (encrypted, tamper-evident) with the user it belongs to and an expiry. */
function sealState(ctx: AppContext, userId: string, origin: string) {
  return ctx.secrets.encrypt(
    JSON.stringify({ u: userId, n: randomToken(12), e: ctx.now().getTime() + STATE_TTL_MS, o: origin }),
  );
}

function openState(ctx: AppContext, sealed: string | undefined) {
  if (!sealed) return null;
  try {
    const parsed = stateSchema.safeParse(JSON.parse(ctx.secrets.decrypt(sealed)));
    return parsed.success && parsed.data.e > ctx.now().getTime() ? parsed.data : null;
  } catch {
    return null;
  }
}

const withQuery = (ctx: AppContext, path: string, value: string) =>
  `${ctx.config.appUrl}${path}${path.includes('?') ? '&' : '?'}slack=${value}`;

export const slackRoutes: FeatureRoutes = (app, ctx) => {
  const rateLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };

  route(
    app,
    slackEndpoints.authorize,
    async (request, reply) => {
      const { user } = requireAuth(request);
      const { clientId } = slackConfig(ctx);
      const url = new URL(SLACK_AUTHORIZE_URL);
      url.searchParams.set('client_id', clientId);
      url.searchParams.set('user_scope', SLACK_USER_SCOPE);
      url.searchParams.set('redirect_uri', callbackUrl(ctx));
      url.searchParams.set('state', sealState(ctx, user.id, returnPath(request.query.origin)));
      reply.header('cache-control', 'no-store');
      if (request.query.format === 'json')
        return document(resource('slack_authorizations', user.id, { url: url.href }));
      return reply.redirect(url.href, 302);
    },
    { config: rateLimit },
  );

  route(
    app,
    slackEndpoints.callback,
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const state = openState(ctx, request.query.state);
      const back = returnPath(state?.o);
      if (!request.auth || !state || state.u !== request.auth.user.id)
        return reply.redirect(withQuery(ctx, back, 'error'), 302);
      if (request.query.error || !request.query.code)
        return reply.redirect(withQuery(ctx, back, 'denied'), 302);
      const { clientId, clientSecret } = slackConfig(ctx);
      const user = request.auth.user;
      let granted: SlackGrant;
      try {
        const answer = await slackClient(ctx).oauth.v2.access({
          client_id: clientId,
          client_secret: clientSecret,
          code: request.query.code,
          redirect_uri: callbackUrl(ctx),
        });
        const token = answer.authed_user?.access_token;
        if (!token || !answer.authed_user?.id) throw new Error('Slack granted no user token');
        granted = {
          token,
          subject: `${answer.team?.id ?? 'team'}:${answer.authed_user.id}`,
          scopes: (answer.authed_user.scope ?? SLACK_USER_SCOPE).split(',').filter(Boolean),
        };
      } catch (error) {
        request.log.warn({ err: error }, 'slack token exchange failed');
        return reply.redirect(withQuery(ctx, back, 'error'), 302);
      }
      await connectSlack(ctx, user.id, granted, ctx.now());
      return reply.redirect(withQuery(ctx, back, 'connected'), 302);
    },
    { config: rateLimit },
  );

  route(app, slackEndpoints.disconnect, async (request, reply) => {
    const { user } = requireAuth(request);
    await disconnectSlack(ctx, user.id);
    return reply.code(204).send(null);
  });
};
