/** The API documents of suggestions (GET /meetings/:id/suggestions, GET /suggestions/period). */
import { z } from 'zod';
import { endpoint } from '../contract/endpoint';
import { documentSchema, resourceSchema } from '../contract/jsonapi';
import { reportQuery } from '../contract/reports';
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

export const suggestionEndpoints = {
  forMeeting: endpoint({
    method: 'GET',
    path: '/api/v1/meetings/:id/suggestions',
    summary: "What would raise a meeting's score: the few changes that raise it most, with the new score",
    tags: ['meetings'],
    access: 'owner',
    params: z.object({ id: z.uuid({ error: 'must be a meeting id' }) }),
    response: { 200: meetingSuggestionsDocument },
    errors: ['not_found'],
  }),
  forPeriod: endpoint({
    method: 'GET',
    path: '/api/v1/suggestions/period',
    summary:
      "The changes that would lift the period's average score most: you (who=user), your team (who=team) or a group",
    tags: ['reports'],
    access: 'signed_in',
    // The reports' query, the invite-status filter included: the block counts the meetings the report does.
    query: reportQuery,
    response: { 200: periodSuggestionsDocument },
    // The reports' access: a teammate's period for the team's admins only, a team or group its members'.
    errors: ['not_found', 'forbidden'],
  }),
};
