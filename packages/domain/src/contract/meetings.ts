import { z } from 'zod';
import { NON_COMPLIANCE_ACTIONS } from '../constants/actions';
import { MEETING_INTENTIONS } from '../constants/intentions';
import { LETTER_GRADES, QUALITY_LABELS } from '../evaluation/grades';
import type { NotScoredReason } from '../evaluation/types';
import { endpoint } from './endpoint';
import { documentSchema, instantSchema, resourceBodySchema, resourceSchema } from './jsonapi';
import { periodQuerySchema } from './period';

/** The meetings resource (GET /meetings of a period, GET /meetings/:id) and its items. */

const NOT_SCORED_REASONS = [
  'cancelled',
  'all_day',
  'skipped',
  'possible_wellness_block',
  'wellness_block',
  'daily_report',
  'too_few_attendees',
  'all_hands',
] as const satisfies readonly NotScoredReason[];

/** The grade and label the domain's grade rule gave the score (evaluation/grades.ts); null when not scored. */
export const letterGradeSchema = z.enum(LETTER_GRADES);
export const qualityLabelSchema = z.enum(QUALITY_LABELS);
export const notScoredReasonSchema = z.enum(NOT_SCORED_REASONS);

export const agendaItemAttributes = z.object({
  meeting_id: z.string(),
  description: z.string(),
  duration_in_mins: z.number().nullable(),
  position: z.number(),
  status: z.string().nullable(),
  source: z.string().nullable(),
  owner_name: z.string().nullable(),
  owner_id: z.string().nullable(),
  time_spent_in_secs: z.number().nullable(),
  started_at: instantSchema.nullable(),
  ended_at: instantSchema.nullable(),
});

export const objectiveAttributes = z.object({
  meeting_id: z.string(),
  description: z.string(),
  position: z.number(),
  status: z.string().nullable(),
  source: z.string().nullable(),
});

export const preworkItemAttributes = z.object({
  meeting_id: z.string(),
  description: z.string(),
  url: z.string().nullable(),
  timebox: z.number().nullable(),
  position: z.number(),
  status: z.string().nullable(),
  source: z.string().nullable(),
});

/** The attributes of each kind of item, as the item routes answer with them and meetings embed them. */
export const itemAttributesByKind = {
  agenda_items: agendaItemAttributes,
  objectives: objectiveAttributes,
  prework_items: preworkItemAttributes,
} as const;
export type ItemKind = keyof typeof itemAttributesByKind;

const withId = <S extends z.ZodRawShape>(attributes: z.ZodObject<S>) =>
  z.object({ id: z.string() }).extend(attributes.shape);
export const agendaItemSchema = withId(agendaItemAttributes);
export const objectiveSchema = withId(objectiveAttributes);
export const preworkItemSchema = withId(preworkItemAttributes);
export type AgendaItem = z.infer<typeof agendaItemSchema>;
export type Objective = z.infer<typeof objectiveSchema>;
export type PreworkItem = z.infer<typeof preworkItemSchema>;
export interface ItemsByKind {
  agenda_items: AgendaItem;
  objectives: Objective;
  prework_items: PreworkItem;
}
export type MeetingItem = AgendaItem | Objective | PreworkItem;

export const attendeeSchema = z.object({
  email: z.string(),
  name: z.string().nullable(),
  role: z.string().nullable(),
  optional: z.boolean().nullable(),
  status: z.string().nullable(),
  self: z.boolean().nullable(),
});
export type Attendee = z.infer<typeof attendeeSchema>;

/** One rule's entry in an evaluation's `results`. */
export const ruleResultSchema = z.object({
  score: z.number(),
  weight: z.number(),
  points: z.number(),
  letter_grade: letterGradeSchema,
});
export type ApiRuleResult = z.infer<typeof ruleResultSchema>;

/** The scoring part every meeting carries. */
const evaluationShape = {
  score: z.number().nullable(),
  quality_label: qualityLabelSchema.nullable(),
  letter_grade: letterGradeSchema.nullable(),
  not_scored_reason: notScoredReasonSchema.nullable(),
  results: z.record(z.string(), ruleResultSchema),
  details_positive: z.array(z.string()),
  details_negative: z.array(z.string()),
  details_maybe: z.array(z.string()),
};

/** In the order the API writes them (list-json.ts builds the same object in SQL). */
export const meetingAttributes = z.object({
  summary: z.string().nullable(),
  description: z.string().nullable(),
  location: z.string().nullable(),
  conference_url: z.string().nullable(),
  starts_at: instantSchema,
  ends_at: instantSchema,
  all_day: z.boolean(),
  recurring_meeting: z.boolean().nullable(),
  status: z.string().nullable(),
  score: evaluationShape.score,
  quality_label: evaluationShape.quality_label,
  letter_grade: evaluationShape.letter_grade,
  not_scored_reason: evaluationShape.not_scored_reason,
  results: evaluationShape.results,
  details_positive: evaluationShape.details_positive,
  details_negative: evaluationShape.details_negative,
  details_maybe: evaluationShape.details_maybe,
  // The organizer first, then by address.
  attendees: z.array(attendeeSchema),
  attendees_count: z.number().nullable(),
  organizer_email: z
    .object({ email: z.string(), domain: z.string().nullable(), name: z.string().nullable() })
    .nullable(),
  response_status: z.string().nullable(),
  user_optional: z.boolean().nullable(),
  cost: z.number().nullable(),
  /** Seconds. */
  duration: z.number().nullable(),
  intention: z.string().nullable(),
  category: z.string().nullable(),
  skip_evaluation: z.boolean(),
  wellness_blockable: z.boolean(),
  wellness_block_id: z.string().nullable(),
  wellness_block_category: z.string().nullable(),
  /** 'true' while it is a possible Wellness block; 'verified_true' / 'verified_false' once answered. */
  maybe_wellness_block: z.string().nullable(),
  maybe_wellness_block_category: z.string().nullable(),
  event_report_card_id: z.string().nullable(),
  non_compliance_action: z.string().nullable(),
  /** The auto-balance action's state: scheduled, done, cancelled, ignored, prevented, failed (null: none). */
  action_status: z.string().nullable(),
  compliant: z.boolean().nullable(),
  compliance_deadline: instantSchema.nullable(),
  edit_permission: z.boolean().nullable(),
  metadata_importable: z.boolean().nullable(),
  calendar_id: z.string().nullable(),
  agenda_items: z.array(agendaItemSchema),
  objectives: z.array(objectiveSchema),
  prework_items: z.array(preworkItemSchema),
});
export type MeetingAttributes = z.infer<typeof meetingAttributes>;

export const meetingResource = resourceSchema('meetings', meetingAttributes);
export type MeetingResource = z.infer<typeof meetingResource>;

/** GET /meetings?by_period[starts_at]=&by_period[ends_at]= (a 204 without a body while the first sync runs). */
export const meetingListDocument = documentSchema(
  z.array(meetingResource),
  z.object({ starts_at: instantSchema, ends_at: instantSchema }),
);

/** GET /meetings/:id, /users/meetings/:id, and the PATCH answers of a meeting. */
export const meetingDocument = documentSchema(meetingResource);

const itemChangeMeta = z.object({ meeting: meetingResource });

/** An item change answers with the item and, in meta, the meeting re-scored after it. */
export const itemChangeDocuments = {
  agenda_items: documentSchema(resourceSchema('agenda_items', agendaItemAttributes), itemChangeMeta),
  objectives: documentSchema(resourceSchema('objectives', objectiveAttributes), itemChangeMeta),
  prework_items: documentSchema(resourceSchema('prework_items', preworkItemAttributes), itemChangeMeta),
};

/** GET /meetings/:id/evaluation */
export const evaluationDocument = documentSchema(
  resourceSchema(
    'evaluations',
    z.object({
      score: evaluationShape.score,
      quality_label: evaluationShape.quality_label,
      letter_grade: evaluationShape.letter_grade,
      results: evaluationShape.results,
      details_positive: evaluationShape.details_positive,
      details_negative: evaluationShape.details_negative,
      details_maybe: evaluationShape.details_maybe,
      evaluated_at: instantSchema.nullable(),
    }),
  ),
);

// ---------------------------------------------------------------------------------------------------------
// Endpoints

const meetingParams = z.object({ id: z.uuid({ error: 'must be a meeting id' }) });

/** GET /meetings: a period given by both bounds, or none (the current week). */
export const meetingPeriodQuery = periodQuerySchema.refine(
  (q) => Boolean(q['by_period[starts_at]']) === Boolean(q['by_period[ends_at]']),
  'by_period[starts_at] and by_period[ends_at] go together',
);

/** PATCH /users/meetings/:id: skip (or score again) the meeting, or choose its manual action. */
export const userMeetingPatchAttributes = z.union([
  z.object({ skip_evaluation: z.boolean() }).strict(),
  z.object({ non_compliance_action: z.enum(NON_COMPLIANCE_ACTIONS) }).strict(),
]);
export type UserMeetingPatch = z.input<typeof userMeetingPatchAttributes>;

/** PATCH /meetings/:id: answer a possible Wellness block, or choose the meeting's intention (null: none). */
export const meetingPatchAttributes = z.union([
  z.object({ maybe_wellness_block: z.enum(['verified_true', 'verified_false']) }).strict(),
  z.object({ intention: z.enum(MEETING_INTENTIONS).nullable() }).strict(),
]);
export type MeetingPatch = z.input<typeof meetingPatchAttributes>;

export const meetingEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/v1/meetings',
    summary: 'Meetings of a period (204 while its first sync runs)',
    tags: ['meetings'],
    access: 'signed_in',
    query: meetingPeriodQuery,
    // Documents the answer; the body itself is built by PostgreSQL and sent as text (the server's
    // list-json.ts), so it is not serialised again (a test parses it with this schema).
    response: { 200: meetingListDocument, 204: z.null().describe('The first sync of the period runs') },
    errors: [],
  }),
  show: endpoint({
    method: 'GET',
    path: '/api/v1/meetings/:id',
    summary: 'One meeting',
    tags: ['meetings'],
    access: 'owner',
    params: meetingParams,
    response: { 200: meetingDocument },
    errors: ['not_found'],
  }),
  showForUser: endpoint({
    method: 'GET',
    path: '/api/v1/users/meetings/:id',
    summary: "One meeting from the user's side",
    tags: ['meetings'],
    access: 'owner',
    params: meetingParams,
    response: { 200: meetingDocument },
    errors: ['not_found'],
  }),
  evaluation: endpoint({
    method: 'GET',
    path: '/api/v1/meetings/:id/evaluation',
    summary: "A meeting's evaluation",
    tags: ['meetings'],
    access: 'owner',
    params: meetingParams,
    response: { 200: evaluationDocument },
    errors: ['not_found'],
  }),
  evaluationProgress: endpoint({
    method: 'GET',
    path: '/api/v1/meetings/:id/evaluation/progress',
    summary: 'Per-rule results of a meeting, as a list',
    tags: ['meetings'],
    access: 'owner',
    params: meetingParams,
    errors: ['not_found'],
  }),
  updateForUser: endpoint({
    method: 'PATCH',
    path: '/api/v1/users/meetings/:id',
    summary: 'Skip or re-evaluate a meeting, or choose its manual action',
    tags: ['meetings'],
    access: 'owner',
    params: z.object({ id: z.uuid() }),
    body: resourceBodySchema('meetings', userMeetingPatchAttributes),
    response: { 200: meetingDocument },
    // forbidden: a plan without manual actions; conflict: a manual action that cannot act (the reason).
    errors: ['not_found', 'forbidden', 'conflict'],
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/v1/meetings/:id',
    summary: "Answer a possible Wellness block, or choose a meeting's intention",
    tags: ['meetings'],
    access: 'owner',
    params: z.object({ id: z.uuid() }),
    body: resourceBodySchema('meetings', meetingPatchAttributes),
    response: { 200: meetingDocument },
    // forbidden: an intention chosen by someone who neither organizes nor can edit the event.
    errors: ['not_found', 'forbidden'],
  }),
};
