import { ERROR_STATUS, type ErrorCode, type ErrorIssue } from './errors';

export const JSON_API = 'application/vnd.api+json';

export type Resource<A = Record<string, unknown>, T extends string = string> = {
  type: T;
  id: string;
  attributes: A;
  relationships?: Record<
    string,
    { data: { type: string; id: string } | { type: string; id: string }[] | null }
  >;
  links?: Record<string, string>;
};

/** The type stays a literal, so a presented resource is checked against the contract's schema. */
export function resource<A, const T extends string = string>(
  type: T,
  id: string,
  attributes: A,
  extra: Pick<Resource<A>, 'relationships' | 'links'> = {},
): Resource<A, T> {
  return { type, id, attributes, ...extra };
}

/** `{ data, included?, meta? }`; the meta's type is kept, so a route's response schema checks it too. */
export function document<T>(data: T): { data: T };
export function document<T, M extends Record<string, unknown>>(
  data: T,
  meta: M,
  included?: Resource[],
): { data: T; meta: M; included?: Resource[] };
export function document<T>(
  data: T,
  meta?: Record<string, unknown>,
  included?: Resource[],
): { data: T; meta?: Record<string, unknown>; included?: Resource[] };
export function document<T>(data: T, meta?: Record<string, unknown>, included?: Resource[]) {
  return { data, ...(included?.length ? { included } : {}), ...(meta ? { meta } : {}) };
}

export function errorDocument(code: ErrorCode, issues: ErrorIssue[]) {
  const { status, title } = ERROR_STATUS[code];
  return {
    errors: issues.map((issue) => ({
      status: String(status),
      code,
      title,
      detail: issue.detail,
      ...(issue.pointer ? { source: { pointer: issue.pointer } } : {}),
      ...(issue.parameter ? { source: { parameter: issue.parameter } } : {}),
    })),
  };
}

/** The body of a JSON:API create or update: `{ data: { type, id?, attributes } }` (the contract's). */
export { resourceBodySchema as resourceBody } from '@meetwell/domain';

/** Maps a zod issue path of a request part to a JSON:API source pointer. */
export function pointerFor(
  part: 'body' | 'querystring' | 'params' | 'headers',
  path: PropertyKey[],
): ErrorIssue {
  const joined = path.map(String).join('/');
  if (part === 'body') return { detail: '', pointer: `/${joined}` };
  return { detail: '', parameter: path.map(String).join('.') };
}
