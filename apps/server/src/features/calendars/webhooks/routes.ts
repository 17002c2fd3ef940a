import type { FastifyReply, FastifyRequest } from 'fastify';
import { parseGooglePush } from '../../../calendars/providers/google/parse-google-push';
import {
  graphValidationResponse,
  parseGraphNotifications,
} from '../../../calendars/providers/microsoft/microsoft.webhooks';
import type { AppContext } from '../../../context';
import type { FeatureRoutes } from '../../../http/app';
import { AppError } from '../../../http/errors';
import { requestSync } from '../service';
import { verifyChannel } from './channels';

const webhookRateLimit = { rateLimit: { max: 600, timeWindow: '1 minute' } };

async function queueIncrementalSync(ctx: AppContext, calendarId: string) {
  await requestSync(ctx, calendarId, 'incremental');
}

/**
 * Provider change notifications. They are answered at once (Graph allows 3 s, Google retries slow answers)
 * and the sync runs in a job; each is verified by its channel's own random secret.
 */
export const webhookRoutes: FeatureRoutes = (app, ctx) => {
  app.post(
    '/webhooks/google',
    { config: webhookRateLimit, schema: { hide: true } },
    async (request, reply) => {
      const push = parseGooglePush(request.headers);
      if (!push) throw new AppError('bad_request', 'Not a Google Calendar push notification.');
      const channel = await verifyChannel(ctx, 'google', push.channelId, push.token);
      if (!channel) throw new AppError('forbidden', 'Unknown channel or wrong channel token.');
      // The first message of every channel is 'sync': it only says the channel works.
      if (push.resourceState !== 'sync') await queueIncrementalSync(ctx, channel.calendarId);
      return reply.code(204).send();
    },
  );

  const graph = async (request: FastifyRequest, reply: FastifyReply) => {
    const validation = graphValidationResponse(request.query as Record<string, unknown>);
    if (validation) return reply.code(validation.status).headers(validation.headers).send(validation.body);
    let parsed: ReturnType<typeof parseGraphNotifications>;
    try {
      parsed = parseGraphNotifications(request.body);
    } catch (error) {
      throw new AppError(
        'bad_request',
        error instanceof Error ? error.message : 'Not a Microsoft Graph notification.',
      );
    }
    let accepted = 0;
    for (const notification of parsed.value) {
      const channel = await verifyChannel(
        ctx,
        'microsoft',
        notification.subscriptionId,
        notification.clientState ?? undefined,
      );
      if (!channel) continue;
      accepted += 1;
      if (
        notification.lifecycleEvent === 'reauthorizationRequired' ||
        notification.lifecycleEvent === 'subscriptionRemoved'
      ) {
        await ctx.jobs.enqueue(
          'renew_webhooks',
          { calendarId: channel.calendarId },
          { jobKey: `renew_webhooks:${channel.calendarId}` },
        );
      } else if (notification.lifecycleEvent === 'missed') {
        await requestSync(ctx, channel.calendarId, 'full');
      } else {
        await queueIncrementalSync(ctx, channel.calendarId);
      }
    }
    if (accepted === 0 && parsed.value.length > 0)
      throw new AppError('forbidden', 'Unknown subscription or wrong clientState.');
    return reply.code(202).send();
  };
  app.post('/webhooks/microsoft', { config: webhookRateLimit, schema: { hide: true } }, graph);
  app.post('/webhooks/microsoft/lifecycle', { config: webhookRateLimit, schema: { hide: true } }, graph);
};
