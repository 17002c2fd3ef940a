import type { Endpoint } from '@meetwell/domain';
import type {
  ContextConfigDefault,
  FastifyContextConfig,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RouteApp } from './app';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract's endpoint this route serves (set by `route`): who may call it is read from here. */
    endpoint?: Endpoint;
  }
}

/** The Fastify schema an endpoint of the contract stands for: request parts and answers are typed from it. */
type SchemaOf<E extends Endpoint> = {
  params: E['params'];
  querystring: E['query'];
  body: E['body'];
  response: E['response'];
};

export type EndpointHandler<E extends Endpoint> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  // biome-ignore lint/complexity/noBannedTypes: Fastify's "no generic route parts": they come from the schema.
  {},
  ContextConfigDefault,
  SchemaOf<E>,
  ZodTypeProvider
>;

/** What a route adds to its endpoint: Fastify's own options (config flags, body limit, hooks). */
export type RouteExtras = Omit<RouteShorthandOptions, 'schema' | 'config'> & {
  config?: Omit<FastifyContextConfig, 'endpoint'>;
};

/**
 * Registers the route of one endpoint of the contract: its method and path, its request and answer schemas
 * (validation, serialisation, OpenAPI), and the endpoint itself in the route's config, where the access gates
 * (signed-out, deactivated) read who may call it.
 */
export function route<const E extends Endpoint>(
  app: RouteApp,
  endpoint: E,
  handler: EndpointHandler<E>,
  extras: RouteExtras = {},
) {
  const { config, ...options } = extras;
  app.route({
    // A file's route takes at most the file; any other keeps the app's limit unless it says otherwise.
    ...(endpoint.file ? { bodyLimit: endpoint.file.maxBytes } : {}),
    ...options,
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      tags: [...endpoint.tags],
      summary: endpoint.summary,
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.response ? { response: endpoint.response } : {}),
    },
    config: { ...config, endpoint },
    handler: handler as RouteHandlerMethod,
  });
}
