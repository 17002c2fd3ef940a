import { z } from 'zod';
import { documentSchema, instantSchema, resourceSchema } from './jsonapi';

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
