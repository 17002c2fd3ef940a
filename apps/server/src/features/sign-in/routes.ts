import { authEndpoints } from '@meetwell/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { clearSessionCookies, setSessionCookies } from '../../auth/cookies';
import { createSession, revokeSession } from '../../auth/sessions';
import { type FeatureRoutes, requireAuth } from '../../http/app';
import { route } from '../../http/endpoint';
import { AppError } from '../../http/errors';
import { document, resource } from '../../http/jsonapi';
import { disconnectUser } from '../../realtime/broadcast';
import { startDemo } from '../demo/pool';
import { loadUserResource } from '../users/profile';

export const authRoutes: FeatureRoutes = (app, ctx) => {
  route(app, authEndpoints.providers, async () =>
    document(
      ctx.config.ssoProviders.map((p) =>
        resource('auth_providers', p.id, { name: p.name, url: `/api/v1/auth/${p.id}` }),
      ),
      {
        demo_enabled: ctx.config.demoMode,
        email_enabled: ctx.config.emailSignIn,
        slack_enabled: Boolean(ctx.config.slack.clientId && ctx.config.slack.clientSecret),
      },
    ),
  );

  route(
    app,
    authEndpoints.demo,
    async (request, reply) => {
      if (!ctx.config.demoMode) throw new AppError('not_found', 'The demo is not available on this server.');
      // A visitor still signed in to their demo returns to it; anyone else claims a ready one (demo/pool.ts).
      const user = await startDemo(ctx, {
        timeZone: request.body?.data.attributes.time_zone,
        current: request.auth?.user,
      });
      const session = await createSession(ctx.db, user.id, {
        userAgent: request.headers['user-agent'],
        now: ctx.now(),
      });
      setSessionCookies(request, reply, ctx, session.token);
      return reply
        .code(201)
        .send(document(await loadUserResource(ctx.db, user, ctx.now()), { token: session.token }));
    },
    {
      // Each call seeds a whole team: a few an hour from one address (a sliding window over every process).
      config: {
        rateLimit: {
          max: ctx.config.demo.perIpPerHour,
          timeWindow: '1 hour',
          keyGenerator: (request: FastifyRequest) => `demo-ip:${request.ip}`,
        },
      },
    },
  );

  const logout = async (request: FastifyRequest, reply: FastifyReply) => {
    const auth = requireAuth(request);
    await revokeSession(ctx.db, auth.sessionId);
    await disconnectUser(ctx.pubsub, auth.user.id, { sessionId: auth.sessionId });
    clearSessionCookies(request, reply, ctx.config);
    return reply.code(204).send();
  };
  route(app, authEndpoints.signOut, logout);
  app.delete('/logout', { schema: { hide: true } }, logout);
};
