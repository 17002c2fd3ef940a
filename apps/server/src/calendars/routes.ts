import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { getAccessToken } from '../auth/oidc/access-token';
import type { AppContext } from '../context';
import { calendars, identities } from '../db/schema';
import { type FeatureRoutes, requireAuth } from '../http/app';
import { AppError, notFound } from '../http/errors';
import { document, resource, resourceBody } from '../http/jsonapi';
import { resolvesToPublicAddress } from '../lib/public-url';
import { type CalendarRow, sealCredentials } from './connection';
import { driverFor } from './registry';
import { startWatching, stopWatching } from './service';
import { saveCalendarSource } from './sources';
import { type Provider, ProviderError } from './types';
import { openChannel, stopChannels } from './webhooks/channels';

const MAX_ICS_BYTES = 20 * 1024 * 1024;
/** Calendars added (files, subscriptions, CalDAV accounts, failed attempts included) per person and hour. */
const CALENDAR_ADDITIONS_LIMIT = { max: 20, timeWindow: '1 hour' };

async function assertReachableHost(ctx: AppContext, url: string, pointer: string) {
  if (ctx.config.allowPrivateCalendarHosts || (await resolvesToPublicAddress(url))) return;
  throw new AppError('validation_failed', [
    { detail: 'This address is not on the public internet, so the server will not connect to it.', pointer },
  ]);
}

function present(calendar: CalendarRow) {
  return resource('calendars', calendar.id, {
    uuid: calendar.id,
    name: calendar.name,
    provider: calendar.provider,
    external_id: calendar.externalId,
    color: calendar.color,
    primary: calendar.isPrimary,
    watching: calendar.watching,
    can_write: calendar.canWrite,
    source_url: calendar.provider === 'caldav' || calendar.provider === 'ics' ? calendar.sourceUrl : null,
    sync_status: calendar.syncStatus,
    sync_error: calendar.syncError,
    needs_permission: calendar.needsPermission,
    last_synced_at: calendar.lastSyncedAt?.toISOString() ?? null,
    import_report: calendar.importReport ?? null,
  });
}

async function ownCalendar(ctx: AppContext, userId: string, id: string) {
  const [row] = await ctx.db
    .select()
    .from(calendars)
    .where(and(eq(calendars.id, id), eq(calendars.userId, userId)))
    .limit(1);
  if (!row) throw notFound('calendar');
  return row;
}

function providerFailure(error: unknown, what: string): never {
  if (error instanceof ProviderError) {
    if (error.kind === 'auth_revoked' || error.kind === 'token_expired') {
      throw new AppError('validation_failed', [{ detail: `${what}: the server refused these credentials.` }]);
    }
    if (error.kind === 'not_found')
      throw new AppError('validation_failed', [{ detail: `${what}: nothing was found at that address.` }]);
    throw new AppError('validation_failed', [{ detail: `${what}: ${error.message}` }]);
  }
  throw error;
}

/** Provider calendars of an identity (Google, Microsoft) are listed and kept as rows, unwatched until chosen. */
async function refreshExternalCalendars(
  ctx: AppContext,
  userId: string,
  ownerEmail: string,
  timeZone: string,
) {
  const linked = await ctx.db.select().from(identities).where(eq(identities.userId, userId));
  for (const identity of linked) {
    const provider: Provider | null =
      identity.provider === 'google_oauth2'
        ? 'google'
        : identity.provider === 'microsoft_graph'
          ? 'microsoft'
          : null;
    if (!provider) continue;
    const accessToken = await getAccessToken(ctx, identity.id);
    const list = await driverFor(ctx, provider).listCalendars({ ownerEmail, timeZone, accessToken });
    for (const external of list) {
      await ctx.db
        .insert(calendars)
        .values({
          userId,
          provider,
          identityId: identity.id,
          externalId: external.externalId,
          name: external.name,
          color: external.color ?? null,
          timeZone: external.timeZone ?? null,
          isPrimary: external.primary,
          canWrite: external.canWrite,
        })
        .onConflictDoUpdate({
          target: [calendars.userId, calendars.provider, calendars.externalId],
          set: {
            name: external.name,
            color: external.color ?? null,
            isPrimary: external.primary,
            canWrite: external.canWrite,
          },
        });
    }
  }
}

const providerSlug = z.enum(['google_calendar', 'microsoft_outlook', 'caldav', 'ics']);
const slugToProvider: Record<z.infer<typeof providerSlug>, Provider> = {
  google_calendar: 'google',
  microsoft_outlook: 'microsoft',
  caldav: 'caldav',
  ics: 'ics',
};

export const calendarRoutes: FeatureRoutes = (app, ctx) => {
  app.get(
    '/api/v1/calendars',
    {
      schema: {
        tags: ['calendars'],
        summary: "The user's calendars; external=true also lists the provider's calendars",
        querystring: z.object({ external: z.enum(['true', 'false']).optional() }),
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      if (request.query.external === 'true') {
        await refreshExternalCalendars(ctx, user.id, user.email, user.timeZone);
      }
      const rows = await ctx.db
        .select()
        .from(calendars)
        .where(eq(calendars.userId, user.id))
        .orderBy(asc(calendars.createdAt));
      return document(rows.map(present));
    },
  );

  app.patch(
    '/api/v1/calendars/:id',
    {
      schema: {
        tags: ['calendars'],
        summary: 'Balance a calendar (watching true) or stop (false)',
        params: z.object({ id: z.uuid() }),
        body: resourceBody('calendars', z.object({ watching: z.boolean() }).strict()),
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const calendar = await ownCalendar(ctx, user.id, request.params.id);
      const { watching } = request.body.data.attributes;
      if (watching && !calendar.watching) await startWatching(ctx, calendar);
      if (!watching && calendar.watching) await stopWatching(ctx, calendar);
      return document(present(await ownCalendar(ctx, user.id, calendar.id)));
    },
  );

  app.delete(
    '/api/v1/calendars/:id',
    {
      schema: {
        tags: ['calendars'],
        summary: 'Remove a CalDAV or ICS calendar',
        params: z.object({ id: z.uuid() }),
      },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const calendar = await ownCalendar(ctx, user.id, request.params.id);
      if (calendar.provider === 'google' || calendar.provider === 'microsoft') {
        throw new AppError(
          'validation_failed',
          'Calendars of your sign-in account can be stopped, not removed.',
        );
      }
      await stopWatching(ctx, calendar);
      await ctx.db.delete(calendars).where(eq(calendars.id, calendar.id));
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/v1/calendars/ics',
    {
      // Every upload or subscription is a full read, expansion and scoring: a person adds a few calendars,
      // a script adding hundreds would load the database for everyone.
      config: { rateLimit: CALENDAR_ADDITIONS_LIMIT },
      // A file sent as base64 is a third larger than the file.
      bodyLimit: Math.ceil((MAX_ICS_BYTES * 4) / 3) + 64 * 1024,
      schema: {
        tags: ['calendars'],
        summary:
          'Subscribe to an ICS URL, or import an ICS file: its bytes in content_base64 (the charset is detected here), or its text in content',
        body: resourceBody(
          'calendars',
          z
            .object({
              name: z.string().trim().min(1).max(120).optional(),
              url: z
                .url({ protocol: /^(https?|webcal)$/, error: 'must be an http(s) or webcal URL' })
                .optional(),
              content: z.string().max(MAX_ICS_BYTES, 'ICS files up to 20 MB can be imported').optional(),
              content_base64: z
                .base64({ error: 'must be the file encoded in base64' })
                .max(Math.ceil((MAX_ICS_BYTES * 4) / 3) + 4, 'ICS files up to 20 MB can be imported')
                .optional(),
            })
            .strict()
            .refine(
              (a) => [a.url, a.content, a.content_base64].filter((v) => v !== undefined).length === 1,
              'Give one of url, content or content_base64',
            ),
        ),
      },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const { name, url, content, content_base64 } = request.body.data.attributes;
      const sourceUrl = url?.replace(/^webcal:/, 'https:');
      if (sourceUrl) await assertReachableHost(ctx, sourceUrl, '/data/attributes/url');
      const bytes =
        content_base64 !== undefined
          ? Buffer.from(content_base64, 'base64')
          : content !== undefined
            ? Buffer.from(content, 'utf8')
            : undefined;
      const pointer =
        content_base64 !== undefined ? '/data/attributes/content_base64' : '/data/attributes/content';
      if (bytes && bytes.byteLength > MAX_ICS_BYTES) {
        throw new AppError('validation_failed', [
          { detail: 'ICS files up to 20 MB can be imported', pointer },
        ]);
      }
      // Any charset: BEGIN:VCALENDAR is ASCII (a UTF-16 file would not be an iCalendar file).
      if (bytes && !/BEGIN:VCALENDAR/i.test(bytes.toString('latin1'))) {
        throw new AppError('validation_failed', [
          { detail: 'This is not an ICS calendar (no BEGIN:VCALENDAR).', pointer },
        ]);
      }
      let calendarName = name;
      if (!calendarName) {
        try {
          const [first] = await driverFor(ctx, 'ics').listCalendars({
            ownerEmail: user.email,
            timeZone: user.timeZone,
            sourceUrl,
            sourceBytes: bytes,
          });
          calendarName = first?.name;
        } catch (error) {
          providerFailure(error, 'The calendar could not be read');
        }
      }
      const row = await ctx.db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(calendars)
          .values({
            userId: user.id,
            provider: 'ics',
            externalId: sourceUrl ?? `import:${randomUUID()}`,
            name: calendarName ?? 'Imported calendar',
            sourceUrl: sourceUrl ?? null,
            timeZone: user.timeZone,
          })
          .onConflictDoNothing()
          .returning();
        if (inserted && bytes) await saveCalendarSource(tx, inserted.id, bytes);
        return inserted;
      });
      if (!row) throw new AppError('conflict', 'This calendar is already connected.');
      await startWatching(ctx, row);
      return reply.code(201).send(document(present(await ownCalendar(ctx, user.id, row.id))));
    },
  );

  app.post(
    '/api/v1/calendars/caldav',
    {
      config: { rateLimit: CALENDAR_ADDITIONS_LIMIT },
      schema: {
        tags: ['calendars'],
        summary:
          'Connect a CalDAV account (Nextcloud, Fastmail, iCloud, Radicale...): its calendars are listed, unwatched',
        body: resourceBody(
          'calendars',
          z
            .object({
              server_url: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }),
              username: z.string().min(1).max(200),
              password: z.string().min(1).max(500),
            })
            .strict(),
        ),
      },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const { server_url, username, password } = request.body.data.attributes;
      await assertReachableHost(ctx, server_url, '/data/attributes/server_url');
      const credentials = { username, password };
      let list: Awaited<ReturnType<ReturnType<typeof driverFor>['listCalendars']>> = [];
      try {
        list = await driverFor(ctx, 'caldav').listCalendars({
          ownerEmail: user.email,
          timeZone: user.timeZone,
          sourceUrl: server_url,
          credentials,
        });
      } catch (error) {
        providerFailure(error, 'The CalDAV server could not be reached');
      }
      if (list.length === 0)
        throw new AppError('validation_failed', 'No calendar was found on that CalDAV account.');
      const sealed = sealCredentials(ctx, credentials);
      const rows = [];
      for (const external of list) {
        const [row] = await ctx.db
          .insert(calendars)
          .values({
            userId: user.id,
            provider: 'caldav',
            externalId: external.externalId,
            name: external.name,
            color: external.color ?? null,
            timeZone: external.timeZone ?? user.timeZone,
            isPrimary: external.primary,
            canWrite: external.canWrite,
            sourceUrl: server_url,
            credentialsEnc: sealed,
          })
          .onConflictDoUpdate({
            target: [calendars.userId, calendars.provider, calendars.externalId],
            set: {
              name: external.name,
              credentialsEnc: sealed,
              sourceUrl: server_url,
              needsPermission: false,
            },
          })
          .returning();
        rows.push(row!);
      }
      return reply.code(201).send(document(rows.map(present)));
    },
  );

  const webhookBody = z.object({ calendar_uuid: z.uuid() }).strict();
  const webhookSchema = (summary: string) => ({
    tags: ['calendars'],
    summary,
    params: z.object({ provider: providerSlug }),
    body: resourceBody('webhooks', webhookBody).or(webhookBody),
  });
  type WebhookBody = { data: { attributes: { calendar_uuid: string } } } | { calendar_uuid: string };
  /** The user's calendar named by the body, of the provider named by the path (else a 404). */
  const webhookCalendar = async (userId: string, slug: keyof typeof slugToProvider, body: WebhookBody) => {
    const calendar = await ownCalendar(
      ctx,
      userId,
      'data' in body ? body.data.attributes.calendar_uuid : body.calendar_uuid,
    );
    if (calendar.provider !== slugToProvider[slug]) throw notFound('calendar');
    return calendar;
  };
  app.post(
    '/api/v1/:provider/webhooks_setup',
    { schema: webhookSchema('Open a push channel for a watched calendar') },
    async (request) => {
      const { user } = requireAuth(request);
      const calendar = await webhookCalendar(user.id, request.params.provider, request.body);
      const channel = calendar.watching ? await openChannel(ctx, calendar.id) : null;
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
    { schema: webhookSchema("Stop a calendar's push channels") },
    async (request) => {
      const { user } = requireAuth(request);
      const calendar = await webhookCalendar(user.id, request.params.provider, request.body);
      await stopChannels(ctx, calendar);
      return document(resource('webhooks', calendar.id, { calendar_uuid: calendar.id, active: false }));
    },
  );
};
