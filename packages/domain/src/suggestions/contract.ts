/** The API documents of suggestions (GET /meetings/:id/suggestions, GET /suggestions/period). */
import { z } from 'zod';
import { documentSchema, resourceSchema } from '../contract/jsonapi';
import { SUGGESTION_KINDS } from './suggestions';

const kind = z.enum(SUGGESTION_KINDS);

/** GET /meetings/:id/suggestions: the few changes that raise the meeting's score most. */
export const meetingSuggestionsDocument = documentSchema(
  z.array(
    resourceSchema(
      'meeting_suggestions',
      z.object({
        kind,
        rule: z.string(),
        label: z.string(),
        score: z.number().int(),
        letter_grade: z.string(),
        gain: z.number().int(),
        text: z.string(),
      }),
    ),
  ),
  z.object({ score: z.number().int().nullable(), letter_grade: z.string().nullable() }),
);
export type MeetingSuggestionsDocument = z.infer<typeof meetingSuggestionsDocument>;

/** GET /suggestions/period: the changes that would lift the period's average most. */
export const periodSuggestionsDocument = documentSchema(
  z.array(
    resourceSchema(
      'period_improvements',
      z.object({
        kind,
        label: z.string(),
        meetings: z.number().int(),
        average_now: z.number(),
        average_after: z.number(),
        lift: z.number(),
      }),
    ),
  ),
  z.object({
    meetings: z.number().int(),
    evaluated: z.number().int(),
    average_score: z.number().nullable(),
  }),
);
export type PeriodSuggestionsDocument = z.infer<typeof periodSuggestionsDocument>;
