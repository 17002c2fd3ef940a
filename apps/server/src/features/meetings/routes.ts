import { meetingEndpoints, type meetingListDocument, SETTING_LABELS } from '@meetwell/domain';
import type { z } from 'zod';
import { ownMeeting } from '../../auth/policies';
import { type FeatureRoutes, requireAuth } from '../../http/app';
import { route } from '../../http/endpoint';
import { AppError } from '../../http/errors';
import { document, JSON_API, resource } from '../../http/jsonapi';
import { currentWeek, parsePeriod } from '../../http/period';
import { listMeetingsJson } from './list-json';
import { presentMeetings } from './presenter';
import { isFirstSyncRunning } from './queries';
import { preferredEncoding, weekCacheOf } from './week-cache';

/** What one read of a period may return; a busier period is asked for in shorter ones. */
export const MAX_MEETINGS_PER_REQUEST = 5_000;

/**
 * The week's document as PostgreSQL wrote it (list-json.ts), sent as it is: Fastify does not serialise text
 * or bytes again. Typed as the contract's document, which the contract test (contract.test.ts) parses it with.
 */
const preSerialized = (body: string | Buffer) => body as unknown as z.input<typeof meetingListDocument>;

export const meetingRoutes: FeatureRoutes = (app, ctx) => {
  route(app, meetingEndpoints.list, async (request, reply) => {
    const { user } = requireAuth(request);
    const { from, to } = parsePeriod(request.query, currentWeek(ctx.now()));
    const limit = MAX_MEETINGS_PER_REQUEST + 1;
    const load = async () => {
      // PostgreSQL wrote the values: they go out as they came, never parsed and serialised again here.
      const meta = JSON.stringify({ starts_at: from.toISOString(), ends_at: to.toISOString() });
      return listMeetingsJson(ctx.pool, user.id, from, to, limit, meta);
    };
    // A repeated read of the same week is answered from this process's cache (week-cache.ts), compressed once.
    const cache = weekCacheOf(ctx.pubsub);
    const key = `${user.id}|${from.getTime()}|${to.getTime()}|${limit}`;
    const list = cache
      ? await cache.read(user.id, key, async () => {
          const found = await load();
          // An empty week is not kept: its answer (204 or not) depends on the first sync's state.
          return found.count > 0 ? found : null;
        })
      : null;
    const answer = list ?? (await load());
    if (answer.count > MAX_MEETINGS_PER_REQUEST) {
      throw new AppError('validation_failed', [
        {
          detail: `This period holds more than ${MAX_MEETINGS_PER_REQUEST.toLocaleString('en-US')} meetings: ask for a shorter one.`,
          parameter: 'by_period[ends_at]',
        },
      ]);
    }
    if (answer.count === 0 && (await isFirstSyncRunning(ctx.db, user.id, from, to)))
      return reply.code(204).send(null);
    reply.type(JSON_API);
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    const encoded = list && cache && encoding ? cache.encode(list, encoding) : null;
    if (encoded && encoding)
      return reply
        .headers({ 'content-encoding': encoding, vary: 'accept-encoding' })
        .send(preSerialized(encoded));
    return reply.send(preSerialized(answer.body));
  });

  const showMeeting = async (request: { params: { id: string } } & Parameters<typeof requireAuth>[0]) => {
    const { user } = requireAuth(request);
    const row = await ownMeeting(ctx.db, user.id, request.params.id);
    const [presented] = await presentMeetings(ctx.db, [row]);
    return document(presented!);
  };
  route(app, meetingEndpoints.show, showMeeting);
  route(app, meetingEndpoints.showForUser, showMeeting);

  route(app, meetingEndpoints.evaluation, async (request) => {
    const { user } = requireAuth(request);
    const m = await ownMeeting(ctx.db, user.id, request.params.id);
    return document(
      resource('evaluations', m.id, {
        score: m.score,
        quality_label: m.qualityLabel,
        letter_grade: m.evaluation?.letter_grade ?? null,
        results: m.evaluation?.results ?? {},
        details_positive: m.evaluation?.details_positive ?? [],
        details_negative: m.evaluation?.details_negative ?? [],
        details_maybe: m.evaluation?.details_maybe ?? [],
        evaluated_at: m.evaluatedAt?.toISOString() ?? null,
      }),
    );
  });

  route(app, meetingEndpoints.evaluationProgress, async (request) => {
    const { user } = requireAuth(request);
    const m = await ownMeeting(ctx.db, user.id, request.params.id);
    const results = m.evaluation?.results ?? {};
    return document(
      Object.entries(results).map(([rule, r]) =>
        resource('evaluation_progress', `${m.id}:${rule}`, {
          rule,
          label: SETTING_LABELS[rule as keyof typeof SETTING_LABELS]?.label ?? rule,
          ...r,
        }),
      ),
    );
  });
};
