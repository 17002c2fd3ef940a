import {
  type Endpoint,
  type EndpointAnswer,
  type EndpointBody,
  type EndpointParams,
  type EndpointQuery,
  endpointPath,
  type FileBody,
} from '@meetwell/domain';
import type { z } from 'zod';
import { api, contractRequest, type RequestOptions } from './client';

/** What a call of the endpoint sends: exactly the parts it declares, typed as the server reads them. */
export type CallOptions<E extends Endpoint> = Omit<RequestOptions, 'query' | 'body' | 'file'> &
  (E['params'] extends z.ZodType ? { params: EndpointParams<E> } : { params?: never }) &
  (E['query'] extends z.ZodType ? { query?: EndpointQuery<E> } : { query?: never }) &
  (E['body'] extends z.ZodType
    ? undefined extends EndpointBody<E>
      ? { body?: EndpointBody<E> }
      : { body: EndpointBody<E> }
    : { body?: never });

/** The schema of a successful answer (200, 201 or 202); none for an answer without a document. */
export function successSchema(endpoint: Endpoint): z.ZodType | undefined {
  const response = endpoint.response;
  return response?.[200] ?? response?.[201] ?? response?.[202];
}

/**
 * Calls one endpoint of the API contract: the path filled from `params`, the query and body typed as the
 * endpoint declares them, and the answer typed by (and, outside production, checked against) its schema.
 */
export async function call<const E extends Endpoint>(
  endpoint: E,
  ...[options]: E['params'] extends z.ZodType
    ? [CallOptions<E>]
    : E['body'] extends z.ZodType
      ? undefined extends EndpointBody<E>
        ? [CallOptions<E>?]
        : [CallOptions<E>]
      : [CallOptions<E>?]
): Promise<EndpointAnswer<E>> {
  const { params, query, body, ...rest } = (options ?? {}) as {
    params?: Record<string, string | number>;
    query?: RequestOptions['query'];
    body?: unknown;
  } & RequestOptions;
  const path = endpointPath(endpoint.path, params);
  const request: RequestOptions = {
    ...rest,
    ...(query ? { query } : {}),
    ...(body !== undefined ? { body } : {}),
  };
  const schema = successSchema(endpoint);
  if (schema) {
    // An endpoint that may also answer 204 (the week while its first sync runs) reads null then.
    const answer = endpoint.response?.[204] ? schema.nullable() : schema;
    return (await contractRequest(endpoint.method, path, answer, request)) as EndpointAnswer<E>;
  }
  // An answer without a document (204 No Content): nothing to read.
  switch (endpoint.method) {
    case 'GET':
      await api.get(path, request);
      break;
    case 'DELETE':
      await api.delete(path, request);
      break;
    default:
      await api[endpoint.method === 'POST' ? 'post' : endpoint.method === 'PUT' ? 'put' : 'patch'](
        path,
        body,
        rest,
      );
  }
  return undefined as EndpointAnswer<E>;
}

/**
 * Sends a file as it is to an endpoint that takes one (`file` in the contract): its bytes with the endpoint's
 * media type, no JSON around them and no base64, so a file of megabytes costs neither side a parse.
 */
export async function sendFile<const E extends Endpoint & { file: FileBody }>(
  endpoint: E,
  options: Omit<CallOptions<E>, 'body' | 'file'> & { file: Blob },
): Promise<EndpointAnswer<E>> {
  const { params, query, file, ...rest } = options as unknown as {
    params?: Record<string, string | number>;
    query?: RequestOptions['query'];
    file: Blob;
  } & Omit<RequestOptions, 'file'>;
  const path = endpointPath(endpoint.path, params);
  const request: RequestOptions = {
    ...rest,
    ...(query ? { query } : {}),
    file: { content: file, type: endpoint.file.mediaTypes[0]! },
  };
  const schema = successSchema(endpoint);
  if (!schema) throw new Error(`${endpoint.method} ${endpoint.path} answers no document to read`);
  return (await contractRequest(endpoint.method, path, schema, request)) as EndpointAnswer<E>;
}
