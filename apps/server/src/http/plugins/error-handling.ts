import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  AppError,
  databaseUnavailable,
  type ErrorCode,
  type ErrorIssue,
  isDatabaseUnavailable,
  isInvalidValueForDatabase,
} from '../errors';
import { errorDocument, JSON_API } from '../jsonapi';

export function sendError(
  reply: FastifyReply,
  code: ErrorCode,
  issues: ErrorIssue[],
  headers: Record<string, string> = {},
) {
  const status = new AppError(code, issues).status;
  return reply.code(status).headers(headers).type(JSON_API).send(errorDocument(code, issues));
}

const MAX_ISSUES_SHOWN = 20;
/** A validator's message may list every unknown key of a body: kept to a readable length. */
const clip = (message: string) => (message.length > 300 ? `${message.slice(0, 297)}...` : message);

/** A validation failure of a request part, as the JSON:API error's issues (pointer for the body, else parameter). */
function validationFailed(error: FastifyError): AppError {
  const part = (error as { validationContext?: string }).validationContext ?? 'body';
  // A body of thousands of wrong values gets the first few errors, not thousands.
  const validation = error.validation ?? [];
  const shown = validation.slice(0, MAX_ISSUES_SHOWN);
  const more = validation.length - shown.length;
  return new AppError('validation_failed', [
    ...shown.map((v) => {
      const segments = v.instancePath.split('/').filter(Boolean);
      const where = segments.length ? segments.join('.') : part;
      const detail = `${where}: ${clip(v.message ?? 'is invalid')}`;
      return part === 'body'
        ? { detail, pointer: v.instancePath || '/' }
        : { detail, parameter: segments.join('.') };
    }),
    ...(more > 0 ? [{ detail: `and ${more} more ${more === 1 ? 'problem' : 'problems'} like these` }] : []),
  ]);
}

function mapFastifyError(error: FastifyError, request: FastifyRequest): AppError | null {
  if (isDatabaseUnavailable(error)) return databaseUnavailable();
  if (isInvalidValueForDatabase(error))
    return new AppError('bad_request', 'A value in the request is out of range or cannot be stored.');
  if (hasZodFastifySchemaValidationErrors(error)) return validationFailed(error);
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new AppError('invalid_json', 'The request body is not valid JSON.');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('bad_request', 'The request body is empty but its content type says JSON.');
    case 'FST_ERR_CTP_BODY_TOO_LARGE': {
      const file = request.routeOptions.config?.endpoint?.file;
      return new AppError('payload_too_large', file?.tooLarge ?? 'The request body is too large.');
    }
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError(
        'unsupported_media_type',
        `Send JSON:API documents with Content-Type: ${JSON_API}.`,
      );
  }
  if (error instanceof SyntaxError)
    return new AppError('invalid_json', 'The request body is not valid JSON.');
  if (error.statusCode === 429)
    return new AppError('rate_limited', 'Too many requests. Please try again shortly.');
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return new AppError(error.statusCode === 404 ? 'not_found' : 'bad_request', error.message);
  }
  return null;
}

/**
 * Every error as a JSON:API error document: ours (AppError) as thrown, Fastify's and the validators' mapped to
 * our codes, anything else logged and answered as `internal`. API answers sent as plain JSON say the API's
 * media type.
 */
const errorHandlingPlugin: FastifyPluginAsync = async (app) => {
  app.addHook('onSend', async (request, reply, payload) => {
    const type = reply.getHeader('content-type');
    if (
      request.url.startsWith('/api/v1/') &&
      typeof type === 'string' &&
      type.startsWith('application/json')
    ) {
      reply.header('content-type', JSON_API);
    }
    return payload;
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = error instanceof AppError ? error : mapFastifyError(error, request);
    if (appError && (!appError.reportable || appError.code === 'unavailable')) {
      return sendError(reply, appError.code, appError.issues, appError.headers);
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, appError?.code ?? 'internal', [
      { detail: 'Something went wrong on our side. It has been logged.' },
    ]);
  });
};

export const errorHandling = fp(errorHandlingPlugin, { name: 'meetwell-error-handling' });
