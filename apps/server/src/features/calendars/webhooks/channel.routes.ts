import { webhookChannelDocument, webhookStoppedDocument } from '@meetwell/domain';
import { z } from 'zod';
import { ownCalendar } from '../../../auth/policies';
import type { Provider } from '../../../calendars/types';
import type { Database } from '../../../db/client';
import { type FeatureRoutes, requireAuth } from '../../../http/app';
import { notFound } from '../../../http/errors';
import { document, resource, resourceBody } from '../../../http/jsonapi';
import { openChannelIfWatched, stopChannels } from './channels';

const providerSlug = z.enum(['google_calendar', 'microsoft_outlook', 'caldav', 'ics']);
const slugToProvider: Record<z.infer<typeof providerSlug>, Provider> = {
  google_calendar: 'google',
  microsoft_outlook: 'microsoft',
  caldav: 'caldav',
  ics: 'ics',
};

const webhookBody = z.object({ calendar_uuid: z.uuid() }).strict();
const webhookSchema = (summary: string) => ({
  tags: ['calendars'],
  summary,
  params: z.object({ provider: providerSlug }),
  body: resourceBody('webhooks', webhookBody).or(webhookBody),
});
type WebhookBody = { data: { attributes: { calendar_uuid: string } } } | { calendar_uuid: string };

/** The user's calendar named by the body, of the provider named by the path (else a 404). */
async function ownProviderCalendar(
  db: Database,
  userId: string,
  slug: keyof typeof slugToProvider,
  body: WebhookBody,
) {
  const id = 'data' in body ? body.data.attributes.calendar_uuid : body.calendar_uuid;
  const calendar = await ownCalendar(db, userId, id);
  if (calendar.provider !== slugToProvider[slug]) throw notFound('calendar');
  return calendar;
}

/** A person opens or stops the push channel of one of their calendars (the provider's calls are in routes.ts). */
export const channelRoutes: FeatureRoutes = (app, ctx) => {
  app.post(
    '/api/v1/:provider/webhooks_setup',
    {
      schema: {
        ...webhookSchema('Open a push channel for a watched calendar'),
        response: { 200: webhookChannelDocument },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const calendar = await ownProviderCalendar(ctx.db, user.id, request.params.provider, request.body);
      const channel = await openChannelIfWatched(ctx, calendar);
      return document(
        resource('webhooks', calendar.id, {
          calendar_uuid: calendar.id,
          active: Boolean(channel),
          expires_at: channel?.expiresAt.toISOString() ?? null,
          polling: !channel,
        }),
      );
    },
  );

  app.post(
    '/api/v1/:provider/webhooks_stop',
    {
      schema: {
        ...webhookSchema("Stop a calendar's push channels"),
        response: { 200: webhookStoppedDocument },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const calendar = await ownProviderCalendar(ctx.db, user.id, request.params.provider, request.body);
      await stopChannels(ctx, calendar);
      return document(
        resource('webhooks', calendar.id, { calendar_uuid: calendar.id, active: false as const }),
      );
    },
  );
};
