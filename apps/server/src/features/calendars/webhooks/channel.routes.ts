import { calendarEndpoints, type WebhookProviderSlug } from '@meetwell/domain';
import { ownCalendar } from '../../../auth/policies';
import type { Provider } from '../../../calendars/types';
import type { Database } from '../../../db/client';
import { type FeatureRoutes, requireAuth } from '../../../http/app';
import { route } from '../../../http/endpoint';
import { notFound } from '../../../http/errors';
import { document, resource } from '../../../http/jsonapi';
import { openChannelIfWatched, stopChannels } from './channels';

const slugToProvider: Record<WebhookProviderSlug, Provider> = {
  google_calendar: 'google',
  microsoft_outlook: 'microsoft',
  caldav: 'caldav',
  ics: 'ics',
};

type WebhookBody = { data: { attributes: { calendar_uuid: string } } } | { calendar_uuid: string };

/** The user's calendar named by the body, of the provider named by the path (else a 404). */
async function ownProviderCalendar(
  db: Database,
  userId: string,
  slug: WebhookProviderSlug,
  body: WebhookBody,
) {
  const id = 'data' in body ? body.data.attributes.calendar_uuid : body.calendar_uuid;
  const calendar = await ownCalendar(db, userId, id);
  if (calendar.provider !== slugToProvider[slug]) throw notFound('calendar');
  return calendar;
}

/** A person opens or stops the push channel of one of their calendars (the provider's calls are in routes.ts). */
export const channelRoutes: FeatureRoutes = (app, ctx) => {
  route(app, calendarEndpoints.openChannel, async (request) => {
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
  });

  route(app, calendarEndpoints.stopChannel, async (request) => {
    const { user } = requireAuth(request);
    const calendar = await ownProviderCalendar(ctx.db, user.id, request.params.provider, request.body);
    await stopChannels(ctx, calendar);
    return document(
      resource('webhooks', calendar.id, { calendar_uuid: calendar.id, active: false as const }),
    );
  });
};
