// JSON:API client for the MeetWell server under /api/v1.
// - Accept / Content-Type: application/vnd.api+json, cookies sent same-origin.
// - X-CSRF-Token copied from the readable MWCsrf cookie on every non-GET request.
// - Error documents become a typed ApiError; 401, 422 and 503 redirect (unless the caller opts out), and so
//   does a 403 account_deactivated (to the plan chooser).
// - `api.get(path, schema)` reads a document of the API contract (@meetwell/domain's contract): its type is
//   the schema's, and outside production the answer is validated against it, so a server that drifts from
//   the contract fails loudly in development and tests instead of rendering half a screen.
// - `call(endpoint, …)` (api/endpoint.ts) calls an endpoint of the contract's table; `callByName` (here) does
//   the same by the endpoint's name, for modules the public pages load.

import type * as Domain from '@meetwell/domain';
import type { z } from 'zod';
import { CSRF_COOKIE } from '../lib/constants';
import { readCookie } from '../lib/cookies';
import { isAllowedWhenDeactivated, PLAN_CHOOSER_PAGE_PATH } from '../session/deactivated';
import type { CallOptions } from './endpoint';

const JSON_API_TYPE = 'application/vnd.api+json';
const API_ROOT = '/api/v1';

export interface JsonApiResource<A = Record<string, unknown>> {
  id: string;
  type: string;
  attributes: A;
  relationships?: Record<string, unknown>;
  links?: Record<string, unknown>;
  meta?: Record<string, unknown>;
}

export interface JsonApiDocument<D = unknown> {
  data: D;
  included: JsonApiResource[];
  meta: Record<string, unknown>;
}

export interface JsonApiErrorObject {
  status?: string | number;
  /** One of the contract's error codes (its catalogue: `ERROR_STATUS`). */
  code?: Domain.ErrorCode;
  title?: string;
  detail?: string;
  source?: { pointer?: string; parameter?: string };
}

export class ApiError extends Error {
  /** HTTP status; 0 when no response arrived. */
  readonly status: number;
  readonly title: string;
  /** The server's human message, shown as is in toasts. */
  readonly detail: string | null;
  /** JSON pointer of the offending field, e.g. '/data/attributes/email'. */
  readonly pointer: string | null;
  /** The first error's machine code, e.g. 'billing_not_configured' (the contract's catalogue). */
  readonly code: Domain.ErrorCode | null;
  readonly errors: JsonApiErrorObject[];

  constructor(init: {
    status: number;
    title: string;
    detail?: string | null;
    pointer?: string | null;
    errors?: JsonApiErrorObject[];
  }) {
    super(init.detail || init.title);
    this.name = 'ApiError';
    this.status = init.status;
    this.title = init.title;
    this.detail = init.detail ?? null;
    this.pointer = init.pointer ?? null;
    this.errors = init.errors ?? [];
    this.code = this.errors[0]?.code ?? null;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

export interface RequestOptions {
  /** Query string values; arrays are comma-joined, null/undefined dropped. Keys are sent as given. */
  query?: Record<string, QueryValue>;
  /** A JSON:API document (use resourceBody()). */
  body?: unknown;
  /** A file sent as it is, instead of a document (an endpoint that declares `file`). */
  file?: { content: Blob; type: string };
  signal?: AbortSignal;
  /** Apply the 401/422/503 redirects (default true). Pass false when the caller handles the status. */
  redirectOnStatus?: boolean;
}

interface ClientHooks {
  navigate: (to: string) => void;
  /** Forget the local session (cached user, socket) after a 401. */
  onUnauthorized: () => void;
  /** The server says the account is deactivated: reload the user so the app shows why. */
  onDeactivated: () => void;
}

const hooks: ClientHooks = {
  navigate: (to) => window.location.assign(to),
  onUnauthorized: () => {},
  onDeactivated: () => {},
};

/** Wire the client to the router and the session once at start-up (and in tests). */
export function configureApiClient(next: Partial<ClientHooks>): void {
  Object.assign(hooks, next);
}

export const SIGN_IN_PATH = '/?login=true';
const NEEDS_PERMISSION_PATH = '/needs-permission';
const MAINTENANCE_PATH = '/maintenance';

function currentPath(): string {
  return window.location.pathname;
}

export function isAccountDeactivatedError(error: unknown): boolean {
  return isApiError(error) && error.status === 403 && error.code === 'account_deactivated';
}

/**
 * The status redirects of the error catalogue: 401 sign in, 422 permissions, 503 maintenance, a deactivated
 * account to the plan chooser, else log.
 */
export function handleErrorStatus(error: ApiError, context = ''): void {
  if (isAccountDeactivatedError(error)) {
    hooks.onDeactivated();
    if (!isAllowedWhenDeactivated(currentPath())) hooks.navigate(PLAN_CHOOSER_PAGE_PATH);
    return;
  }
  switch (error.status) {
    case 401:
      hooks.onUnauthorized();
      hooks.navigate(SIGN_IN_PATH);
      return;
    case 422:
      if (currentPath() !== NEEDS_PERMISSION_PATH) hooks.navigate(NEEDS_PERMISSION_PATH);
      return;
    case 503:
      if (currentPath() !== MAINTENANCE_PATH) hooks.navigate(MAINTENANCE_PATH);
      return;
    default:
      console.error(`[api] ${context}`.trim(), error.status, error.title, error.detail ?? '');
  }
}

export function apiUrl(path: string, query?: RequestOptions['query']): string {
  const base = path.startsWith('/api/') ? path : `${API_ROOT}${path.startsWith('/') ? '' : '/'}${path}`;
  const params: string[] = [];
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === null || value === undefined) continue;
    const text = Array.isArray(value) ? value.join(',') : String(value);
    params.push(
      `${encodeURIComponent(key).replace(/%5B/g, '[').replace(/%5D/g, ']')}=${encodeURIComponent(text)}`,
    );
  }
  if (params.length === 0) return base;
  return `${base}${base.includes('?') ? '&' : '?'}${params.join('&')}`;
}

/** { data: { type, id?, attributes } }; the type stays a literal, as the contract's request bodies name it. */
export function resourceBody<const T extends string, A extends Record<string, unknown>>(
  type: T,
  attributes: A,
  id?: string,
): { data: { type: T; id?: string; attributes: A } } {
  return { data: id === undefined ? { type, attributes } : { type, id, attributes } };
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function toApiError(status: number, statusText: string, body: unknown): ApiError {
  const errors =
    body && typeof body === 'object' && Array.isArray((body as { errors?: unknown }).errors)
      ? ((body as { errors: JsonApiErrorObject[] }).errors ?? [])
      : [];
  const first = errors[0];
  const parsedStatus = first?.status !== undefined ? Number(first.status) : Number.NaN;
  return new ApiError({
    status: Number.isFinite(parsedStatus) && parsedStatus > 0 ? parsedStatus : status,
    title: first?.title || statusText || `HTTP ${status}`,
    detail: first?.detail ?? null,
    pointer: first?.source?.pointer ?? null,
    errors,
  });
}

function toDocument<D>(body: unknown): JsonApiDocument<D> {
  const doc = (body && typeof body === 'object' ? body : {}) as Partial<JsonApiDocument<D>>;
  return {
    data: (doc.data ?? null) as D,
    included: Array.isArray(doc.included) ? doc.included : [],
    meta: doc.meta && typeof doc.meta === 'object' ? doc.meta : {},
  };
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** The answer did not match the contract's schema (development and tests only). */
export class ContractMismatchError extends Error {
  readonly issues: z.core.$ZodIssue[];
  constructor(where: string, issues: z.core.$ZodIssue[]) {
    const first = issues[0];
    const at = first ? `${first.path.map(String).join('.') || '(document)'}: ${first.message}` : '';
    super(`${where} does not match the API contract (${issues.length} issue(s); ${at})`);
    this.name = 'ContractMismatchError';
    this.issues = issues;
  }
}

/** Whether answers are checked against the contract: in development and tests, never in production. */
export const VALIDATES_CONTRACT = import.meta.env.DEV || import.meta.env.MODE === 'test';

/**
 * A body read as the contract's document. Outside production it must parse (the body itself is returned,
 * so development sees exactly what production sees); in production the schema only gives the type.
 */
export function readContract<S extends z.ZodType>(
  schema: S,
  body: unknown,
  where: string,
  validate = VALIDATES_CONTRACT,
): z.output<S> {
  if (validate) {
    const result = schema.safeParse(body);
    if (!result.success) {
      const error = new ContractMismatchError(where, result.error.issues);
      console.error(`[api] ${error.message}`, result.error.issues);
      throw error;
    }
  }
  return body as z.output<S>;
}

async function apiRequest<D = unknown>(
  method: Method,
  path: string,
  options: RequestOptions = {},
): Promise<JsonApiDocument<D>> {
  return toDocument<D>(await requestBody(method, path, options));
}

/** The request and its error handling; the parsed JSON body of a success (null when empty, as for a 204). */
async function requestBody(method: Method, path: string, options: RequestOptions): Promise<unknown> {
  const headers: Record<string, string> = { Accept: JSON_API_TYPE };
  if (options.file) headers['Content-Type'] = options.file.type;
  else if (options.body !== undefined) headers['Content-Type'] = JSON_API_TYPE;
  if (method !== 'GET') {
    const csrf = readCookie(CSRF_COOKIE);
    if (csrf) headers['X-CSRF-Token'] = csrf;
  }
  const url = apiUrl(path, options.query);

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      credentials: 'same-origin',
      body: options.file
        ? options.file.content
        : options.body === undefined
          ? undefined
          : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    const error = new ApiError({ status: 0, title: 'Network error' });
    console.error(`[api] ${method} ${url}`, 0, cause);
    throw error;
  }

  const body = await readJson(response);
  if (!response.ok) {
    const error = toApiError(response.status, response.statusText, body);
    if (options.redirectOnStatus !== false) handleErrorStatus(error, `${method} ${url}`);
    throw error;
  }
  return body;
}

/** A request whose answer is a document of the contract (see readContract). */
export async function contractRequest<S extends z.ZodType>(
  method: Method,
  path: string,
  schema: S,
  options: RequestOptions = {},
): Promise<z.output<S>> {
  const body = await requestBody(method, path, options);
  return readContract(schema, body, `${method} ${apiUrl(path, options.query)}`);
}

/** The contract's endpoint table by area (a type only: nothing of the domain is loaded by naming one). */
type EndpointGroups = (typeof Domain)['ENDPOINT_GROUPS'];
type GroupName = keyof EndpointGroups & string;

/** An endpoint of the contract's table by its area and name, e.g. `'billing.subscription'`. */
export type EndpointName = { [G in GroupName]: `${G}.${keyof EndpointGroups[G] & string}` }[GroupName];

/** The endpoint a name stands for. */
export type NamedEndpoint<N extends EndpointName> = N extends `${infer G extends GroupName}.${infer K}`
  ? K extends keyof EndpointGroups[G]
    ? EndpointGroups[G][K]
    : never
  : never;

/**
 * The endpoint's method and path as written in the call (`'GET /api/v1/subscription'`), which must be the
 * endpoint's own. Only endpoints without path parameters: the path is sent as written.
 */
type RouteOf<E> = E extends { params: z.ZodType }
  ? never
  : E extends { method: infer M extends string; path: infer P extends string }
    ? `${M} ${P}`
    : never;

type ByNameArgs<E> = E extends Domain.Endpoint
  ? E['body'] extends z.ZodType
    ? [options: Omit<CallOptions<E>, 'params'>]
    : [options?: Omit<CallOptions<E>, 'params'>]
  : never;

/**
 * `call` (api/endpoint.ts) by the endpoint's name, for modules the public pages load (the pricing page's plan
 * chooser, who is signed in, the sign-in steps): the request and answer are typed by the endpoint and its
 * method and path checked against it by the type checker, but nothing of the contract is loaded at run time.
 * Its schemas, and the validation library with them, are fetched only where answers are checked (development
 * and tests), where the endpoint's method and path are compared as well. Production builds drop the check.
 */
export async function callByName<const N extends EndpointName>(
  name: N,
  route: RouteOf<NamedEndpoint<N>>,
  ...[options]: ByNameArgs<NamedEndpoint<N>>
): Promise<Domain.EndpointAnswer<NamedEndpoint<N>>> {
  const split = route.indexOf(' ');
  const method = route.slice(0, split) as Method;
  const path = route.slice(split + 1);
  const { query, body, ...rest } = (options ?? {}) as RequestOptions;
  const where = `${method} ${apiUrl(path, query)}`;
  const answer = await requestBody(method, path, {
    ...rest,
    ...(query ? { query } : {}),
    ...(body !== undefined ? { body } : {}),
  });
  if (import.meta.env.DEV || import.meta.env.MODE === 'test') {
    const [{ ENDPOINT_GROUPS }, { successSchema }] = await Promise.all([
      import('@meetwell/domain'),
      import('./endpoint'),
    ]);
    const [group, key] = name.split('.') as [GroupName, string];
    const endpoint = (ENDPOINT_GROUPS[group] as Record<string, Domain.Endpoint>)[key]!;
    if (`${endpoint.method} ${endpoint.path}` !== route) {
      throw new Error(`${name} is ${endpoint.method} ${endpoint.path}, not ${route}`);
    }
    const schema = successSchema(endpoint);
    if (schema) readContract(schema, answer, where, true);
  }
  return answer as Domain.EndpointAnswer<NamedEndpoint<N>>;
}

type GetOptions = Omit<RequestOptions, 'body'>;

function isSchema(value: unknown): value is z.ZodType {
  return typeof value === 'object' && value !== null && typeof (value as z.ZodType).safeParse === 'function';
}

/** GET with a contract schema: typed and (outside production) validated; without one: a loose document. */
function get<S extends z.ZodType>(path: string, schema: S, options?: GetOptions): Promise<z.output<S>>;
function get<D = unknown>(path: string, options?: GetOptions): Promise<JsonApiDocument<D>>;
function get(path: string, schemaOrOptions?: z.ZodType | GetOptions, options?: GetOptions) {
  return isSchema(schemaOrOptions)
    ? contractRequest('GET', path, schemaOrOptions, options)
    : apiRequest('GET', path, schemaOrOptions);
}

export const api = {
  get,
  post: <D = unknown>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<D>('POST', path, { ...options, body }),
  patch: <D = unknown>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<D>('PATCH', path, { ...options, body }),
  put: <D = unknown>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<D>('PUT', path, { ...options, body }),
  delete: <D = unknown>(path: string, options?: RequestOptions) => apiRequest<D>('DELETE', path, options),
};
