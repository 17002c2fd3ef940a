import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import websocket from '@fastify/websocket';
import type { Endpoint } from '@meetwell/domain';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyRequest,
  LogController,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Authenticated } from '../auth/sessions';
import type { AppContext } from '../context';
import { limitConnectionsPerIp } from './connection-limits';
import { AppError } from './errors';
import { afterChange } from './plugins/after-change';
import { apiDocs } from './plugins/api-docs';
import { bodyParsing } from './plugins/body-parsing';
import { errorHandling } from './plugins/error-handling';
import { rateLimits } from './plugins/rate-limits';
import { loggerOptions, requestLog } from './plugins/request-log';
import { security } from './plugins/security';
import { webApp } from './plugins/web-app';
import { registerSecurityHeaders } from './security-headers';

export type { ChangeListener } from './plugins/after-change';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** Every route as registered, with the contract's endpoint it serves: the authorization matrix test walks it. */
    routeTable: RouteEntry[];
  }
  interface FastifyRequest {
    auth: Authenticated | null;
    authVia: 'cookie' | 'bearer' | null;
  }
}

/** One method and pattern of a registered route, and the contract's endpoint it serves (none for a few). */
export type RouteEntry = { method: string; url: string; endpoint: Endpoint | undefined };

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

/**
 * The HTTP app: Fastify with its limits, then its parts in order (each a plugin under plugins/, or a
 * registration of its own): body parsing, security headers, compression, the request log, cookies, rate limits,
 * the cable's websockets, the API docs, who is calling (sessions, gates, CSRF), afterChange, error handling and
 * the web app; then the features' routes, each in a scope of its own.
 */
export async function buildApp(
  ctx: AppContext,
  features: FeatureRoutes[],
  options: { webDist?: string } = {},
) {
  const { config } = ctx;
  const app = Fastify({
    logger: loggerOptions(config),
    trustProxy: config.trustProxy,
    // `calendars/` is `calendars`, as clients of the spec's paths expect.
    routerOptions: { ignoreTrailingSlash: true },
    // One line per request at most (plugins/request-log.ts), instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 2 * 1024 * 1024,
    // No connection is held for free: slow headers, a slow body, an idle keep-alive or a silent socket are
    // closed after their time (http in the configuration; checked every second rather than Node's 30 s).
    requestTimeout: config.http.requestTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    connectionTimeout: config.http.idleTimeoutMs,
    http: { headersTimeout: config.http.headersTimeoutMs, connectionsCheckingInterval: 1000 },
  }).withTypeProvider<ZodTypeProvider>();
  app.server.maxConnections = config.http.maxConnections;
  if (config.http.maxConnectionsPerIp > 0) {
    limitConnectionsPerIp(app.server, config.http.maxConnectionsPerIp);
  }

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('ctx', ctx);
  app.decorateRequest('auth', null);
  app.decorateRequest('authVia', null);

  await app.register(bodyParsing);
  await registerSecurityHeaders(app, config);
  // Every response compressed when the client accepts it (JSON, the web app's files, the docs).
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(requestLog, { config });
  await app.register(cookie, { secret: ctx.secrets.derive('cookies').toString('base64url') });
  await app.register(rateLimits, { ctx });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await app.register(apiDocs, { serveExplorer: config.apiDocs });
  await app.register(security, { ctx });
  await app.register(afterChange);
  await app.register(errorHandling);
  await app.register(webApp, { config, webDist: options.webDist });

  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    const endpoint: Endpoint | undefined = route.config?.endpoint;
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url, endpoint });
  });
  for (const feature of features) {
    await app.register(async (scope) => {
      await feature(scope.withTypeProvider<ZodTypeProvider>(), ctx);
    });
  }
  return app;
}

/** The signed-in user, or a 401 JSON:API error. */
export function requireAuth(request: FastifyRequest): Authenticated {
  if (!request.auth) throw new AppError('unauthorized', 'Sign in to continue.');
  return request.auth;
}
