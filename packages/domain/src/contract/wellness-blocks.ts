import { z } from 'zod';
import { endpoint } from './endpoint';
import { documentSchema, instantSchema, resourceBodySchema, resourceSchema } from './jsonapi';
import { periodBound, zonedPeriodQuerySchema } from './period';

/** The wellness_blocks resource (GET /wellness_blocks of a window, one block, and the change answers). */
export const wellnessBlockAttributes = z.object({
  label: z.string(),
  category: z.enum(['focus', 'life']),
  category_label: z.string(),
  calendar_id: z.string().nullable(),
  /** 'RRULE:FREQ=WEEKLY;BYDAY=MO,WE' */
  rrule: z.string(),
  /** The first occurrence. */
  starts_at: instantSchema,
  ends_at: instantSchema,
  time_zone: z.string(),
  recurring: z.boolean(),
  read_only: z.boolean(),
  /** Converted from a meeting: it can only be deleted or made weekly. */
  delete_only: z.boolean(),
  editable: z.boolean(),
  weekdays: z.array(z.number()),
  start_minute: z.number(),
  end_minute: z.number(),
  source_meeting_id: z.string().nullable(),
  in_calendar: z.boolean(),
  /** The occurrences inside the window asked for. */
  occurrences: z.array(z.object({ starts_at: instantSchema, ends_at: instantSchema })),
});
export type WellnessBlockAttributes = z.infer<typeof wellnessBlockAttributes>;

export const wellnessBlockResource = resourceSchema('wellness_blocks', wellnessBlockAttributes);

export const wellnessBlockListDocument = documentSchema(
  z.array(wellnessBlockResource),
  z.object({ starts_at: instantSchema, ends_at: instantSchema, total: z.number() }),
);

/** One block; meta.calendar says what became of its calendar event. */
export const wellnessBlockDocument = documentSchema(
  wellnessBlockResource,
  z.object({
    calendar: z.object({
      status: z.enum(['written', 'local', 'failed', 'none']),
      error: z.string().optional(),
    }),
  }),
);

/** GET /maybe_wellness_blocks: events that look like Wellness blocks, one per recurring series. */
export const possibleBlockAttributes = z.object({
  meeting_id: z.string(),
  summary: z.string(),
  starts_at: instantSchema,
  ends_at: instantSchema,
  recurring_meeting: z.boolean(),
  attendees_count: z.number(),
  /** The category's label (Focus, Life). */
  maybe_wellness_block_category: z.string(),
  category: z.enum(['focus', 'life']),
});
export type PossibleBlockAttributes = z.infer<typeof possibleBlockAttributes>;

export const possibleBlockListDocument = documentSchema(
  z.array(resourceSchema('maybe_wellness_blocks', possibleBlockAttributes)),
);

/** POST /wellness_blocks/convert (201): the block a (possible) Wellness block event became. */
export const convertedBlockDocument = documentSchema(
  wellnessBlockResource,
  z.object({ meeting_id: z.string() }),
);

/** GET /meetings/{id}/make_wellness_block: the block the meeting would become (nothing saved). */
export const blockPreviewDocument = documentSchema(
  wellnessBlockResource,
  z.object({
    meeting_id: z.string(),
    /** The block the meeting already belongs to, if any. */
    existing_block_id: z.string().nullable(),
  }),
);

/** What POST and PATCH /wellness_blocks take: a block's label, category, calendar, days (rrule) and times. */
export const wellnessBlockInputAttributes = z
  .object({
    label: z.string().max(200).nullish(),
    category: z.enum(['focus', 'life']),
    calendar_id: z.uuid({ error: 'must be a calendar id' }).nullish(),
    rrule: z.string().max(500).nullish(),
    starts_at: z.string().max(64).nullish(),
    ends_at: z.string().max(64).nullish(),
  })
  .strict();
export type WellnessBlockInputAttributes = z.input<typeof wellnessBlockInputAttributes>;

const blockParams = z.object({ id: z.uuid({ error: 'must be a Wellness block id' }) });

export const wellnessBlockEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/v1/wellness_blocks',
    summary:
      'Wellness blocks with their occurrences in the window (dates are in the user zone, ends_at inclusive)',
    tags: ['wellness blocks'],
    access: 'signed_in',
    query: zonedPeriodQuerySchema,
    response: { 200: wellnessBlockListDocument },
    errors: [],
  }),
  show: endpoint({
    method: 'GET',
    path: '/api/v1/wellness_blocks/:id',
    summary: 'One Wellness block',
    tags: ['wellness blocks'],
    access: 'owner',
    params: blockParams,
    response: { 200: wellnessBlockDocument },
    errors: ['not_found'],
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/v1/wellness_blocks',
    summary:
      "Create a weekly Wellness block (validated by the rules package) and write it to the user's calendar",
    tags: ['wellness blocks'],
    access: 'signed_in',
    body: resourceBodySchema('wellness_blocks', wellnessBlockInputAttributes.partial({ category: true })),
    response: { 201: wellnessBlockDocument },
    errors: [],
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/v1/wellness_blocks/:id',
    summary: 'Edit a Wellness block, or make a converted (delete_only) block weekly with make_weekly: true',
    tags: ['wellness blocks'],
    access: 'owner',
    params: blockParams,
    body: resourceBodySchema(
      'wellness_blocks',
      wellnessBlockInputAttributes
        .partial()
        .extend({ make_weekly: z.literal(true).optional() })
        .strict(),
    ),
    response: { 200: wellnessBlockDocument },
    errors: ['forbidden', 'not_found'],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/v1/wellness_blocks/:id',
    summary: 'Delete a Wellness block and its calendar event',
    tags: ['wellness blocks'],
    access: 'owner',
    params: blockParams,
    response: { 204: z.null().describe('Deleted') },
    errors: ['forbidden', 'not_found'],
  }),
  convert: endpoint({
    method: 'POST',
    path: '/api/v1/wellness_blocks/convert',
    summary:
      'Convert a (possible) Wellness block event into a block; start and end (YYYY-MM-DD) bound the occurrences returned',
    tags: ['wellness blocks'],
    access: 'signed_in',
    body: z.object({
      data: z.object({
        type: z.string().max(40).optional(),
        attributes: z.object({
          meeting_id: z.uuid({ error: 'must be a meeting id' }),
          start: z.iso.date().optional(),
          end: z.iso.date().optional(),
        }),
      }),
    }),
    response: { 201: convertedBlockDocument },
    errors: ['not_found'],
  }),
  possible: endpoint({
    method: 'GET',
    path: '/api/v1/maybe_wellness_blocks',
    summary: 'Events that look like Wellness blocks (one per recurring series), from now to the window end',
    tags: ['wellness blocks'],
    access: 'signed_in',
    query: zonedPeriodQuerySchema,
    response: { 200: possibleBlockListDocument },
    errors: [],
  }),
  preview: endpoint({
    method: 'GET',
    path: '/api/v1/meetings/:id/make_wellness_block',
    summary: 'Preview the Wellness block a meeting would become (nothing is saved; convert saves it)',
    tags: ['wellness blocks'],
    access: 'owner',
    params: z.object({ id: z.uuid({ error: 'must be a meeting id' }) }),
    query: z.object({
      period: z.string().max(64).optional(),
      starts_at: periodBound.optional(),
      ends_at: periodBound.optional(),
    }),
    response: { 200: blockPreviewDocument },
    errors: ['not_found'],
  }),
};
