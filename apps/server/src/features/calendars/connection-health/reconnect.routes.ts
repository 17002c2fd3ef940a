import { calendarDocument } from '@meetwell/domain';
import { z } from 'zod';
import { ownCalendar } from '../../../auth/policies';
import { type FeatureRoutes, requireAuth } from '../../../http/app';
import { document, resourceBody } from '../../../http/jsonapi';
import { MAX_ICS_BYTES } from '../ics-import';
import { presentCalendar } from '../present';
import { reconnectCalendar } from './reconnect';

const MAX_BASE64_CHARS = Math.ceil((MAX_ICS_BYTES * 4) / 3);

const reconnectBody = z
  .object({
    username: z.string().min(1).max(200).optional(),
    password: z.string().min(1).max(500).optional(),
    url: z.url({ protocol: /^(https?|webcal)$/, error: 'must be an http(s) or webcal URL' }).optional(),
    content: z.string().max(MAX_ICS_BYTES, 'ICS files up to 20 MB can be imported').optional(),
    content_base64: z
      .base64({ error: 'must be the file encoded in base64' })
      .max(MAX_BASE64_CHARS + 4, 'ICS files up to 20 MB can be imported')
      .optional(),
  })
  .strict()
  .refine(
    (a) => [a.password, a.url, a.content, a.content_base64].filter((v) => v !== undefined).length === 1,
    'Give one of password, url, content or content_base64',
  );

/** Mending a calendar that cannot be read: a CalDAV password, an ICS address or file. */
export const reconnectRoutes: FeatureRoutes = (app, ctx) => {
  app.post(
    '/api/v1/calendars/:id/reconnect',
    {
      // Each attempt reads the source: as limited as adding a calendar.
      config: { rateLimit: { max: 20, timeWindow: '1 hour' } },
      bodyLimit: MAX_BASE64_CHARS + 64 * 1024,
      schema: {
        tags: ['calendars'],
        summary:
          'Reconnect a calendar that cannot be read: a new password (CalDAV), a new address or the file again (ICS); checked, then read in full',
        params: z.object({ id: z.uuid() }),
        body: resourceBody('calendars', reconnectBody),
        response: { 200: calendarDocument },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const calendar = await ownCalendar(ctx.db, user.id, request.params.id);
      const updated = await reconnectCalendar(ctx, user, calendar, request.body.data.attributes);
      return document(presentCalendar(updated));
    },
  );
};
