import fs from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { csrfTokenFor, setCsrfCookie } from '../auth/cookies';
import { refuseDeactivated } from '../auth/deactivated-gate';
import { refuseSignedOut } from '../auth/public-routes';
import {
  type Authenticated,
  authenticateToken,
  CSRF_COOKIE,
  CSRF_HEADER,
  forgetCachedSessions,
  SESSION_COOKIE,
} from '../auth/sessions';
import type { AppContext } from '../context';
import { hashToken, safeEqual } from '../lib/crypto';
import { limitConnectionsPerIp } from './connection-limits';
import {
  AppError,
  databaseUnavailable,
  type ErrorCode,
  type ErrorIssue,
  isDatabaseUnavailable,
  isInvalidValueForDatabase,
} from './errors';
import { findUnstorableText, parseJsonBody, UNSTORABLE_TEXT_DETAIL } from './json-body';
import { errorDocument, JSON_API } from './jsonapi';
import { registerPublicPages, type SendAppPage } from './public-pages';
import { pgRateLimitStore, SharedCounters } from './rate-limit-store';
import { registerSecurityHeaders } from './security-headers';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    auth: Authenticated | null;
    authVia: 'cookie' | 'bearer' | null;
  }
  interface FastifyContextConfig {
    /**
     * A GET the spec names that changes state (accept a meeting, start a re-sync): checked like a POST, so a
     * top-level navigation from another site (which carries the Lax cookie, never the CSRF header) is refused.
     */
    changesState?: boolean | ((request: FastifyRequest) => boolean);
    /**
     * Authorised by a signature in its URL, never by a session (RFC 8058 one-click unsubscribe, posted by mail
     * clients as a form): no JSON:API media type and no CSRF token asked of it.
     */
    signedLink?: boolean;
    /** Open to visitors without a session besides auth/public-routes.ts's list (routes a test registers). */
    public?: boolean;
  }
}

export type App = FastifyInstance;
/** The instance features register on: request parts are typed from their zod schemas. */
export type RouteApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
export type FeatureRoutes = (app: RouteApp, ctx: AppContext) => void | Promise<void>;

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(.+)$/i.exec(header);
  return match?.[1]?.trim() ?? null;
}

function sendError(
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

function mapFastifyError(error: FastifyError): AppError | null {
  if (isDatabaseUnavailable(error)) return databaseUnavailable();
  if (isInvalidValueForDatabase(error))
    return new AppError('bad_request', 'A value in the request is out of range or cannot be stored.');
  if (hasZodFastifySchemaValidationErrors(error)) {
    const part = (error as { validationContext?: string }).validationContext ?? 'body';
    // A body of thousands of wrong values gets the first few errors, not thousands.
    const shown = error.validation.slice(0, MAX_ISSUES_SHOWN);
    const more = error.validation.length - shown.length;
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
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new AppError('invalid_json', 'The request body is not valid JSON.');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('bad_request', 'The request body is empty but its content type says JSON.');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('payload_too_large', 'The request body is too large.');
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

export async function buildApp(
  ctx: AppContext,
  features: FeatureRoutes[],
  options: { webDist?: string } = {},
) {
  const app = Fastify({
    logger:
      ctx.config.logLevel === 'silent'
        ? false
        : {
            level: ctx.config.logLevel,
            serializers: {
              // Session tokens may ride in ?token= (the cable); they never reach the logs.
              req: (request) => ({
                method: request.method,
                url: request.url.replace(/([?&](?:token|validationToken)=)[^&]*/g, '$1[redacted]'),
                remoteAddress: request.ip,
              }),
            },
          },
    trustProxy: ctx.config.trustProxy,
    // `calendars/` is `calendars`, as clients of the spec's paths expect.
    routerOptions: { ignoreTrailingSlash: true },
    // One line per request at most (onResponse below), instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 2 * 1024 * 1024,
    // No connection is held for free: slow headers, a slow body, an idle keep-alive or a silent socket are
    // closed after their time (http in the configuration; checked every second rather than Node's 30 s).
    requestTimeout: ctx.config.http.requestTimeoutMs,
    keepAliveTimeout: ctx.config.http.keepAliveTimeoutMs,
    connectionTimeout: ctx.config.http.idleTimeoutMs,
    http: { headersTimeout: ctx.config.http.headersTimeoutMs, connectionsCheckingInterval: 1000 },
  }).withTypeProvider<ZodTypeProvider>();
  app.server.maxConnections = ctx.config.http.maxConnections;
  if (ctx.config.http.maxConnectionsPerIp > 0) {
    limitConnectionsPerIp(app.server, ctx.config.http.maxConnectionsPerIp);
  }

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('ctx', ctx);
  app.decorateRequest('auth', null);
  app.decorateRequest('authVia', null);

  // JSON bodies (the API's media type, and plain JSON, which the media-type check then refuses) are parsed within
  // a depth and a size of their own before anything walks them (json-body.ts): a nested bomb is a 400, not a
  // stack overflow.
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

  await registerSecurityHeaders(app, ctx.config);
  // Every response compressed when the client accepts it (JSON, the web app's files, the docs).
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  const logsEveryRequest = ['trace', 'debug', 'info'].includes(ctx.config.logLevel);
  app.addHook('onResponse', async (request, reply) => {
    // At warn (production's default) a successful request logs nothing: no line is built for it.
    if (reply.statusCode < 500 && !logsEveryRequest) return;
    const line = {
      method: request.method,
      url: request.routeOptions.url ?? request.url.split('?')[0],
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    };
    if (reply.statusCode >= 500) request.log.error(line, 'request failed');
    else request.log.info(line, 'request');
  });
  await app.register(cookie, { secret: ctx.secrets.derive('cookies').toString('base64url') });
  // One budget per signed-in session (or per IP for visitors) over every API route, shared by all processes
  // through PostgreSQL; routes that guard against guessing or abuse set stricter limits of their own.
  const rateCounters = new SharedCounters(ctx.pool, 250);
  app.addHook('onClose', () => rateCounters.close());
  await app.register(rateLimit, {
    global: true,
    max: ctx.config.rateLimitPerMinute,
    timeWindow: 60_000,
    store: pgRateLimitStore(rateCounters),
    // The counters live in the database: while it is away the limit lets requests through (they get 503s).
    skipOnError: true,
    allowList: (request) => !request.url.startsWith('/api/'),
    keyGenerator: (request) => {
      const token = bearerToken(request) ?? request.cookies[SESSION_COOKIE];
      return token ? `s:${hashToken(token).slice(0, 32)}` : `ip:${request.ip}`;
    },
  });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'MeetWell API', version: '1.0.0', description: 'JSON:API documents under /api/v1.' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          cookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  // The API's description and its explorer: always in development, in production only when API_DOCS says so.
  if (ctx.config.apiDocs) await app.register(swaggerUi, { routePrefix: '/api/docs' });

  // Who is calling: a session cookie, or a bearer token (scripts, mobile, the cable).
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/') && !request.url.startsWith('/cable') && request.url !== '/logout')
      return;
    const bearer = bearerToken(request);
    const token = bearer ?? request.cookies[SESSION_COOKIE];
    if (!token) return;
    request.auth = await authenticateToken(ctx.db, token);
    request.authVia = request.auth ? (bearer ? 'bearer' : 'cookie') : null;
    // A cookie session whose CSRF cookie is missing or not its own (an older session, a planted cookie)
    // gets its own again; the web app reads it before every change.
    if (request.authVia === 'cookie' && request.cookies[CSRF_COOKIE] !== csrfTokenFor(ctx.secrets, token)) {
      setCsrfCookie(request, reply, ctx, token);
    }
  });
  // A visitor reaches only the public routes (auth/public-routes.ts); a deactivated account only the routes it
  // needs to choose a plan (auth/deactivated-gate.ts).
  app.addHook('onRequest', refuseSignedOut);
  app.addHook('onRequest', refuseDeactivated);

  // No text we store may hold a NUL character or a lone surrogate (PostgreSQL cannot keep either as sent):
  // refused at the edge, naming where. The walk keeps its own stack (json-body.ts).
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

  // JSON:API media type on request bodies, and a double-submit token for cookie-authenticated changes.
  app.addHook('preValidation', async (request) => {
    const guarded = request.url.startsWith('/api/v1/') || request.url === '/logout';
    const flag = request.routeOptions.config?.changesState;
    const changesState =
      UNSAFE_METHODS.has(request.method) || (typeof flag === 'function' ? flag(request) : flag === true);
    if (!guarded || !changesState || request.routeOptions.config?.signedLink) return;
    const contentType = request.headers['content-type'];
    const hasBody = request.body !== undefined && request.body !== null;
    if (hasBody && !contentType?.toLowerCase().startsWith(JSON_API)) {
      throw new AppError('unsupported_media_type', `Send JSON:API documents with Content-Type: ${JSON_API}.`);
    }
    if (request.authVia === 'cookie') {
      const header = request.headers[CSRF_HEADER];
      const expected = csrfTokenFor(ctx.secrets, request.cookies[SESSION_COOKIE] ?? '');
      if (typeof header !== 'string' || !safeEqual(header, expected)) {
        throw new AppError(
          'csrf_failed',
          `Send the ${CSRF_COOKIE} cookie's value in the X-CSRF-Token header.`,
        );
      }
    }
  });

  // A change made through a request is seen by the next read in this process: what features keep of the
  // caller's reads (their afterChange listeners, e.g. the week cache) and the cached sessions go before the reply.
  const changeListeners: ChangeListener[] = [];
  app.decorate('afterChange', (listener: ChangeListener) => {
    changeListeners.push(listener);
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    if (!request.auth) return payload;
    const flag = request.routeOptions.config?.changesState;
    if (UNSAFE_METHODS.has(request.method) || (typeof flag === 'function' ? flag(request) : flag === true)) {
      for (const listener of changeListeners) listener(request.auth.user.id);
      forgetCachedSessions();
    }
    return payload;
  });

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
    const appError = error instanceof AppError ? error : mapFastifyError(error);
    if (appError && (!appError.reportable || appError.code === 'unavailable')) {
      return sendError(reply, appError.code, appError.issues, appError.headers);
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, appError?.code ?? 'internal', [
      { detail: 'Something went wrong on our side. It has been logged.' },
    ]);
  });

  const indexHtml = options.webDist ? path.join(options.webDist, 'index.html') : null;
  const serveWeb = indexHtml !== null && fs.existsSync(indexHtml);
  // Every page of the web app, with a public page's own <head>; robots.txt, sitemap.xml and the blog feed.
  const sendAppPage =
    serveWeb && options.webDist ? await registerPublicPages(app, ctx.config, options.webDist) : null;
  // Features answer a page of their own through it (the unsubscribe page's states); null without a web build.
  app.decorate('sendAppPage', sendAppPage);

  app.setNotFoundHandler((request, reply) => {
    const isApi =
      request.url.startsWith('/api/') ||
      request.url.startsWith('/cable') ||
      request.url.startsWith('/webhooks/');
    // A missing (or private) file under assets/ is a 404, not the app's page under a script's name.
    const isAsset = request.url.startsWith('/assets/');
    if (!isApi && !isAsset && sendAppPage && (request.method === 'GET' || request.method === 'HEAD')) {
      return sendAppPage(request.url, reply);
    }
    return sendError(reply, 'not_found', [
      { detail: `No route for ${request.method} ${request.url.split('?')[0]}.` },
    ]);
  });

  if (serveWeb && options.webDist) {
    await app.register(fastifyStatic, {
      root: options.webDist,
      // Read at request time, so a rebuilt web app is served without a restart.
      wildcard: true,
      index: false,
      // Source maps are for development; a production server keeps them unless SOURCE_MAPS says otherwise.
      allowedPath: (pathName) => ctx.config.serveSourceMaps || !pathName.endsWith('.map'),
      setHeaders: (reply, filePath) => {
        // Vite fingerprints the files under assets/: they never change, so browsers may keep them.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
    app.get('/', (request, reply) => sendAppPage!(request.url, reply));
  }

  // Every route as registered (method and pattern): the authorization matrix test walks it.
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url });
  });
  for (const feature of features) {
    await app.register(async (scope) => {
      await feature(scope.withTypeProvider<ZodTypeProvider>(), ctx);
    });
  }
  return app;
}

type RouteEntry = { method: string; url: string };

/** Told who changed something, before the reply of their request that changed state (POST, PATCH, …). */
export type ChangeListener = (userId: string) => void;

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteEntry[];
    sendAppPage: SendAppPage | null;
    /**
     * Registers a listener for every signed-in request that changes state, across all routes: a feature
     * drops what it keeps of that person's reads (http never imports features; they register here).
     */
    afterChange(listener: ChangeListener): void;
  }
}

/** The signed-in user, or a 401 JSON:API error. */
export function requireAuth(request: FastifyRequest): Authenticated {
  if (!request.auth) throw new AppError('unauthorized', 'Sign in to continue.');
  return request.auth;
}
