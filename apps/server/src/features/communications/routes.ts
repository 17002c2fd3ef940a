import {
  communicationEndpoints,
  pageSlot,
  type signedUnsubscribeQuery,
  UNSUBSCRIBE_REDIRECT,
  unsubscribeEmailError,
} from '@meetwell/domain';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { authenticateToken, SESSION_COOKIE } from '../../auth/sessions';
import type { FeatureRoutes } from '../../http/app';
import { route } from '../../http/endpoint';
import { AppError } from '../../http/errors';
import { document, resource } from '../../http/jsonapi';
import { redirectWhenRateLimited } from '../../http/plain-form';
import type { AppPageOptions } from '../../http/public-pages';
import { optOut } from './opt-outs';
import {
  isValidUnsubscribeSignature,
  normalizeAddress,
  signedUnsubscribePagePath,
  UNSUBSCRIBE_PAGE_PATH,
} from './unsubscribe-link';

/** The bare form mails a link, so it is limited per visitor's IP whatever session it carries. */
export const BARE_FORM_LIMIT = { max: 10, timeWindow: '1 hour' };
const byIp = (request: FastifyRequest) => `ip:${request.ip}`;

function verifiedAddress(ctx: Parameters<FeatureRoutes>[1], query: z.infer<typeof signedUnsubscribeQuery>) {
  const address = normalizeAddress(query.e);
  if (!isValidUnsubscribeSignature(ctx, address, query.sig)) {
    throw new AppError('forbidden', [
      {
        detail:
          'This unsubscribe link is not valid. Enter your email on the unsubscribe page and we will send you a new one.',
        parameter: 'sig',
      },
    ]);
  }
  return address;
}

export const communicationRoutes: FeatureRoutes = (app, ctx) => {
  // Mail clients post the one-click request as a form (RFC 8058); its body says nothing the URL does not.
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data'],
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, body),
  );

  route(
    app,
    communicationEndpoints.requestOptOut,
    async (request) => {
      const typed = request.query.email.trim();
      const invalid = unsubscribeEmailError(typed);
      if (invalid) throw new AppError('validation_failed', [{ detail: invalid, parameter: 'email' }]);
      const address = normalizeAddress(typed);
      // Queued for every address, known or not: the answer says and takes the same either way.
      await ctx.jobs.enqueue(
        'unsubscribe_confirmation',
        { email: typed },
        { jobKey: `unsubscribe_confirmation:${address}` },
      );
      return document(resource('email_opt_out_requests', address, { email: address }));
    },
    { config: { rateLimit: { ...BARE_FORM_LIMIT, keyGenerator: byIp } } },
  );

  route(
    app,
    communicationEndpoints.openSignedLink,
    async (request, reply) => {
      const address = verifiedAddress(ctx, request.query);
      return reply.redirect(signedUnsubscribePagePath(ctx, address), 303);
    },
    { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
  );

  route(
    app,
    communicationEndpoints.unsubscribe,
    async (request) => {
      const address = verifiedAddress(ctx, request.query);
      await optOut(ctx, address);
      return document(resource('email_opt_outs', address, { email: address, opted_out: true }));
    },
    { config: { signedLink: true, rateLimit: { max: 30, timeWindow: '1 minute' } } },
  );

  // The unsubscribe page without JavaScript: a signed link's page is sent with its address filled in once the
  // signature holds; its forms post here as plain forms, and the answer is a redirect to the page's state.
  app.get(UNSUBSCRIBE_PAGE_PATH, { schema: { hide: true } }, async (request, reply) => {
    const sendAppPage = app.sendAppPage;
    if (!sendAppPage) return reply.callNotFound();
    // A signed-in person manages their mails in account settings: without JavaScript the page goes there too.
    const token = request.cookies[SESSION_COOKIE];
    const signedIn = token ? (await authenticateToken(ctx.db, token)) !== null : false;
    const redirect = signedIn ? { redirectWithoutScript: UNSUBSCRIBE_REDIRECT } : {};
    const send = (options: AppPageOptions = {}) =>
      sendAppPage(request.url, reply, { ...options, ...redirect });
    const query = request.query as Record<string, unknown>;
    const e = typeof query.e === 'string' ? query.e : null;
    const sig = typeof query.sig === 'string' ? query.sig : null;
    const status = typeof query.status === 'string' ? query.status : null;
    if (e !== null && sig !== null) {
      const address = normalizeAddress(e);
      if (e.length <= 320 && sig.length <= 128 && isValidUnsubscribeSignature(ctx, address, sig)) {
        return send({
          document: SIGNED_PAGE_STATE,
          values: { e: address, sig },
        });
      }
      return send({ document: pageState('invalid_link') });
    }
    if (status !== null && (POSTED_STATUSES as readonly string[]).includes(status)) {
      return send({ document: pageState(status as PostedStatus) });
    }
    return send();
  });

  app.post(
    UNSUBSCRIBE_PAGE_PATH,
    {
      config: { rateLimit: { ...BARE_FORM_LIMIT, keyGenerator: byIp } },
      // A browser without JavaScript shows what it is answered: too many posts lead to the page saying so.
      errorHandler: redirectWhenRateLimited(pageState('rate_limited')),
      schema: {
        tags: ['communications'],
        summary:
          "The unsubscribe page's forms posted without JavaScript (e and sig: opts the signed address out; email: mails it a signed link); answers with a redirect to the page showing the result",
      },
    },
    async (request, reply) => {
      const form = new URLSearchParams(typeof request.body === 'string' ? request.body : '');
      const e = form.get('e');
      const sig = form.get('sig');
      const back = (status: PostedStatus) => reply.redirect(pageState(status), 303);
      if (e !== null && sig !== null) {
        const address = normalizeAddress(e);
        if (e.length > 320 || !isValidUnsubscribeSignature(ctx, address, sig)) return back('invalid_link');
        await optOut(ctx, address);
        return back('unsubscribed');
      }
      const typed = (form.get('email') ?? '').trim();
      if (typed.length > 320 || unsubscribeEmailError(typed)) return back('invalid_email');
      await ctx.jobs.enqueue(
        'unsubscribe_confirmation',
        { email: typed },
        { jobKey: `unsubscribe_confirmation:${normalizeAddress(typed)}` },
      );
      return back('sent');
    },
  );
};

/** The page's states a posted form leads to (apps/web/src/public/pages.ts pre-renders each). */
const POSTED_STATUSES = ['sent', 'unsubscribed', 'invalid_link', 'invalid_email', 'rate_limited'] as const;
type PostedStatus = (typeof POSTED_STATUSES)[number];
const pageState = (status: PostedStatus) => `${UNSUBSCRIBE_PAGE_PATH}?status=${status}`;
/** The signed link's page, its address and signature filled in by the server. */
const SIGNED_PAGE_STATE = `${UNSUBSCRIBE_PAGE_PATH}?e=${pageSlot('e')}&sig=${pageSlot('sig')}`;
