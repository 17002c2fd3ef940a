import { z } from 'zod';
import { documentSchema, instantSchema, resourceSchema } from './jsonapi';

/** GET /goals: the goals (the Wellness block ideas), with whether the user chose each. */
export const goalAttributes = z.object({
  name: z.string(),
  category: z.string().nullable(),
  selected: z.boolean(),
});
export const goalListDocument = documentSchema(z.array(resourceSchema('goals', goalAttributes)));

/** GET /tips: what the tour says at each step, with when the user saw each. */
export const tipAttributes = z.object({
  tag: z.string(),
  title: z.string(),
  description: z.string(),
  seen_at: instantSchema.nullable(),
});
export const tipListDocument = documentSchema(z.array(resourceSchema('tips', tipAttributes)));
