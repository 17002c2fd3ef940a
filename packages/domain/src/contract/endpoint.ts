import type { z } from 'zod';
import type { ErrorCode } from './errors';

/**
 * One endpoint of the API, declared once: its method and path, what it reads (path parameters, query, body),
 * what it answers, the error codes it may answer with, and who may call it. The server registers its route from
 * this declaration (validation, serialisation, OpenAPI, the access gates) and the web app calls it by the same
 * object, so a request or an answer that drifts apart on one side is a type error on the other.
 */
export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * Who may call an endpoint:
 * - `public`: anyone, without a session (sign-in steps, reference data, and the links mail carries, whose token
 *   or signature is the credential);
 * - `signed_in`: any signed-in person, about their own data;
 * - `owner`: a signed-in person, about one record the path names, which must be theirs (anyone else gets a 404:
 *   its existence is not confirmed);
 * - `team_member`: a member of the team the path names (a stranger gets a 404);
 * - `team_admin`: an admin of their team (a member gets a 403; a stranger to the team the path names a 404).
 */
export const ACCESS_LEVELS = ['public', 'signed_in', 'owner', 'team_member', 'team_admin'] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

export interface Endpoint {
  readonly method: HttpMethod;
  /** Fastify's pattern: `/api/v1/teams/:id`. */
  readonly path: string;
  readonly summary: string;
  /** OpenAPI tags. */
  readonly tags: readonly string[];
  readonly access: Access;
  /**
   * Still open to a deactivated account (its trial over without a plan): who it is, its Account screen, the plan
   * chooser, signing out, and every public route. Every other call of theirs gets 403 account_deactivated.
   */
  readonly whenDeactivated?: boolean;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /**
   * The body is a file as it is, not a JSON:API document: sent with one of these media types, at most
   * `maxBytes`, read as bytes (an import of megabytes then costs no JSON text to parse nor base64 to decode).
   */
  readonly file?: FileBody;
  /** The answer's schema per status; none for an answer that is not JSON (a CSV file, a redirect). */
  readonly response?: Readonly<Record<number, z.ZodType>>;
  /** The error codes this endpoint answers with besides those every endpoint may (see COMMON_ERRORS). */
  readonly errors: readonly ErrorCode[];
}

/** A body that is a file: its media types, its largest size, and what a larger one is told. */
export interface FileBody {
  readonly mediaTypes: readonly string[];
  readonly maxBytes: number;
  readonly tooLarge: string;
}

/**
 * What any endpoint may answer: a malformed or invalid request, a missing session or CSRF token, a deactivated
 * account, too many requests, the database out of reach.
 */
export const COMMON_ERRORS = [
  'bad_request',
  'invalid_json',
  'validation_failed',
  'unauthorized',
  'csrf_failed',
  'account_deactivated',
  'payload_too_large',
  'unsupported_media_type',
  'not_acceptable',
  'rate_limited',
  'unavailable',
  'internal',
] as const satisfies readonly ErrorCode[];

/** Declares an endpoint, keeping every literal (method, path, schemas) for the types that follow from it. */
export const endpoint = <const E extends Endpoint>(definition: E): E => definition;

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;
type Input<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What a caller sends: the path parameters, query and body the endpoint reads, as written before parsing. */
export type EndpointParams<E extends Endpoint> = Input<E['params']>;
export type EndpointQuery<E extends Endpoint> = Input<E['query']>;
export type EndpointBody<E extends Endpoint> = Input<E['body']>;

type SuccessStatus = 200 | 201 | 202;
/**
 * The document a successful call answers with (200, 201 or 202); null when it may also answer without one
 * (204 declared beside it: the week while its first sync runs), or when that is its only answer.
 */
export type EndpointAnswer<E extends Endpoint> =
  E['response'] extends Readonly<Record<number, z.ZodType>>
    ?
        | Output<E['response'][Extract<keyof E['response'], SuccessStatus>]>
        | (204 extends keyof E['response'] ? null : never)
    : unknown;

/** `method path`, the key the route table and the gates use. */
export const endpointKey = (e: Pick<Endpoint, 'method' | 'path'>) => `${e.method} ${e.path}`;

/**
 * The path with its parameters filled in (each encoded): `/api/v1/teams/:id` with `{ id }`. A parameter the path
 * names but the values lack is an error, not an "undefined" in a URL.
 */
export function endpointPath(path: string, params: Readonly<Record<string, string | number>> = {}): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path} needs the parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
