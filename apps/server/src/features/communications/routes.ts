import { emailOptOutDocument, emailOptOutRequestDocument, unsubscribeEmailError } from '@meetwell/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FeatureRoutes } from '../../http/app';
import { AppError } from '../../http/errors';
import { document, resource } from '../../http/jsonapi';
import { optOut } from './opt-outs';
import {
  isValidUnsubscribeSignature,
  normalizeAddress,
  ONE_CLICK_PATH,
  signedUnsubscribePagePath,
} from './unsubscribe-link';

/** The bare form mails a link, so it is limited per visitor's IP whatever session it carries. */
export const BARE_FORM_LIMIT = { max: 10, timeWindow: '1 hour' };
const byIp = (request: FastifyRequest) => `ip:${request.ip}`;

const signedLinkQuery = z.object({
  e: z.string().min(1).max(320),
  sig: z.string().min(1).max(128),
});

function verifiedAddress(ctx: Parameters<FeatureRoutes>[1], query: z.infer<typeof signedLinkQuery>) {
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

  app.get(
    '/api/v1/communications/email/opt-out',
    {
      config: { rateLimit: { ...BARE_FORM_LIMIT, keyGenerator: byIp } },
      schema: {
        tags: ['communications'],
        summary:
          'The bare unsubscribe form: mails the address a signed link to confirm with (if we mail it at all); changes nothing by itself',
        querystring: z.object({ email: z.string().max(320) }),
        response: { 200: emailOptOutRequestDocument },
      },
    },
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
  );

  app.get(
    ONE_CLICK_PATH,
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['communications'],
        summary:
          'A signed unsubscribe link opened (or prefetched by a link scanner): changes nothing, leads to the page that confirms',
        querystring: signedLinkQuery,
      },
    },
    async (request, reply) => {
      const address = verifiedAddress(ctx, request.query);
      return reply.redirect(signedUnsubscribePagePath(ctx, address), 303);
    },
  );

  app.post(
    ONE_CLICK_PATH,
    {
      config: { signedLink: true, rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['communications'],
        summary:
          "One-click unsubscribe (RFC 8058, body List-Unsubscribe=One-Click) and the page's confirm button: opts the signed address out",
        querystring: signedLinkQuery,
        response: { 200: emailOptOutDocument },
      },
    },
    async (request) => {
      const address = verifiedAddress(ctx, request.query);
      await optOut(ctx, address);
      return document(resource('email_opt_outs', address, { email: address, opted_out: true }));
    },
  );
};
