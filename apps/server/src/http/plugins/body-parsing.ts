import { ENDPOINTS } from '@meetwell/domain';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors';
import { findUnstorableText, parseJsonBody, UNSTORABLE_TEXT_DETAIL } from '../json-body';
import { JSON_API } from '../jsonapi';

/** The media types of files the contract's endpoints take as they are. */
const FILE_MEDIA_TYPES = [...new Set(ENDPOINTS.flatMap((endpoint) => endpoint.file?.mediaTypes ?? []))];

/**
 * Request bodies: JSON (the API's media type, and plain JSON, which the media-type check then refuses) is parsed
 * within a depth and a size of its own before anything walks it (json-body.ts), so a nested bomb is a 400, not a
 * stack overflow; and no text we store may hold a NUL character or a lone surrogate (PostgreSQL cannot keep
 * either as sent): refused at the edge, naming where. The walk keeps its own stack (json-body.ts).
 */
const bodyParsingPlugin: FastifyPluginAsync = async (app) => {
  app.removeContentTypeParser('application/json');
  for (const type of [JSON_API, 'application/json']) {
    app.addContentTypeParser(type, { parseAs: 'string' }, (_request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') return done(null, undefined);
      try {
        done(null, parseJsonBody(text));
      } catch (error) {
        done(error as AppError, undefined);
      }
    });
  }

  // A file sent as it is (the endpoints that declare `file` in the contract; the security plugin refuses it
  // anywhere else): its bytes, gathered as they come, within the route's body limit.
  for (const type of FILE_MEDIA_TYPES) {
    app.addContentTypeParser(type, { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  }

  app.addHook('preValidation', async (request) => {
    const parts = [
      ['body', request.body],
      ['query', request.query],
      ['params', request.params],
    ] as const;
    for (const [part, value] of parts) {
      const found = findUnstorableText(value);
      if (!found) continue;
      const where = found.pointer;
      const detail = UNSTORABLE_TEXT_DETAIL[found.problem];
      throw new AppError(
        'validation_failed',
        part === 'body'
          ? [{ detail: `${where}: ${detail}`, pointer: where }]
          : [
              {
                detail: `${where.slice(1) || part}: ${detail}`,
                parameter: where.slice(1).split('/')[0] ?? part,
              },
            ],
      );
    }
  });
};

export const bodyParsing = fp(bodyParsingPlugin, { name: 'meetwell-body-parsing' });
