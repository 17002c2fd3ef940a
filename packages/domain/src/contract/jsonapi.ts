import { z } from 'zod';

/**
 * The JSON:API envelope the API answers with: `{ data, meta? }`, each resource `{ type, id, attributes }`.
 * The contract describes today's documents; it does not change them (the web app and the browser journeys
 * rely on their shape).
 */
export function resourceSchema<const T extends string, A extends z.ZodType>(type: T, attributes: A) {
  return z.object({ type: z.literal(type), id: z.string(), attributes });
}

/** A document whose `data` is `data`, with `meta` when the route sends one. */
export function documentSchema<D extends z.ZodType>(data: D): z.ZodObject<{ data: D }>;
export function documentSchema<D extends z.ZodType, M extends z.ZodType>(
  data: D,
  meta: M,
): z.ZodObject<{ data: D; meta: M }>;
export function documentSchema(data: z.ZodType, meta?: z.ZodType) {
  return meta ? z.object({ data, meta }) : z.object({ data });
}

/** An instant as the API writes it: ISO 8601 in UTC (`2026-03-02T09:00:00.000Z`). */
export const instantSchema = z.string();

/** The body of a JSON:API create or update: `{ data: { type, id?, attributes } }`. */
export function resourceBodySchema<const T extends string, A extends z.ZodType>(type: T, attributes: A) {
  return z.object({
    data: z.object({
      type: z.literal(type, { error: `data.type must be "${type}"` }),
      id: z.string().optional(),
      attributes,
    }),
  });
}
