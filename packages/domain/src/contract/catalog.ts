import { z } from 'zod';
import { EVENT_COLORS } from '../constants/colors';
import { MEETING_INTENTIONS } from '../constants/intentions';
import { RULE_GROUPS } from '../constants/rules';
import { endpoint } from './endpoint';
import { documentSchema, instantSchema, resourceSchema } from './jsonapi';

/** GET /goals: the goals (the Wellness block ideas), with whether the user chose each. */
export const goalAttributes = z.object({
  name: z.string(),
  category: z.string().nullable(),
  selected: z.boolean(),
});
export type GoalAttributes = z.infer<typeof goalAttributes>;
export const goalListDocument = documentSchema(z.array(resourceSchema('goals', goalAttributes)));

/** GET /tips: what the tour says at each step, with when the user saw each. */
export const tipAttributes = z.object({
  tag: z.string(),
  title: z.string(),
  description: z.string(),
  seen_at: instantSchema.nullable(),
});
export type TipAttributes = z.infer<typeof tipAttributes>;
export const tipListDocument = documentSchema(z.array(resourceSchema('tips', tipAttributes)));
/** PATCH /tips/:id: the tip, marked seen. */
export const tipDocument = documentSchema(resourceSchema('tips', tipAttributes));

type EventColorKey = keyof typeof EVENT_COLORS;

/** GET /settings_labels: each setting's label, description and weight, and its Auto-balance group. */
export const settingsLabelAttributes = z.object({
  label: z.string(),
  description: z.string(),
  coming_soon: z.boolean(),
  weight: z.number(),
  weight_out_of_100: z.number(),
  /** time, content or attendees; null for a setting no Auto-balance group holds. */
  group: z.enum(RULE_GROUPS).nullable(),
});
export const settingsLabelListDocument = documentSchema(
  z.array(resourceSchema('settings_labels', settingsLabelAttributes)),
);

/** GET /event_colors: the providers' event colours (id `provider:color_id`), and the app's own in meta. */
export const eventColorAttributes = z.object({
  provider: z.enum(['google_oauth2', 'microsoft_graph']),
  /** Google's colour id ('1'–'11') or Outlook's category preset ('preset0'…). */
  color_id: z.string(),
  hex: z.string(),
  label: z.string(),
});
export type EventColorAttributes = z.infer<typeof eventColorAttributes>;
export const eventColorListDocument = documentSchema(
  z.array(resourceSchema('event_colors', eventColorAttributes)),
  z.object({ app_colors: z.record(z.enum(Object.keys(EVENT_COLORS) as EventColorKey[]), z.string()) }),
);

/** GET /meeting_intentions: each intention and its label. */
export const meetingIntentionListDocument = documentSchema(
  z.array(
    resourceSchema('meeting_intentions', z.object({ value: z.enum(MEETING_INTENTIONS), label: z.string() })),
  ),
);

export const catalogEndpoints = {
  goals: endpoint({
    method: 'GET',
    path: '/api/v1/goals',
    summary: 'Goals (the Wellness block ideas), with the user’s choice',
    tags: ['catalog'],
    access: 'public',
    response: { 200: goalListDocument },
    errors: [],
  }),
  settingsLabels: endpoint({
    method: 'GET',
    path: '/api/v1/settings_labels',
    summary: 'Label, description, weight of each setting',
    tags: ['catalog'],
    access: 'public',
    response: { 200: settingsLabelListDocument },
    errors: [],
  }),
  eventColors: endpoint({
    method: 'GET',
    path: '/api/v1/event_colors',
    summary: 'Calendar event colours per provider, and the app’s',
    tags: ['catalog'],
    access: 'public',
    response: { 200: eventColorListDocument },
    errors: [],
  }),
  meetingIntentions: endpoint({
    method: 'GET',
    path: '/api/v1/meeting_intentions',
    summary: 'Meeting intentions and their labels',
    tags: ['catalog'],
    access: 'public',
    response: { 200: meetingIntentionListDocument },
    errors: [],
  }),
  tips: endpoint({
    method: 'GET',
    path: '/api/v1/tips',
    summary: 'Tips, with when the user saw each',
    tags: ['catalog'],
    access: 'signed_in',
    response: { 200: tipListDocument },
    errors: [],
  }),
  clearSeenTips: endpoint({
    method: 'DELETE',
    path: '/api/v1/tips/all',
    summary: 'Clear the tips the user saw, so they show again (developer area)',
    tags: ['catalog'],
    access: 'signed_in',
    response: { 204: z.null().describe('Cleared') },
    errors: [],
  }),
  markTipSeen: endpoint({
    method: 'PATCH',
    path: '/api/v1/tips/:id',
    summary: 'Mark a tip seen',
    tags: ['catalog'],
    access: 'signed_in',
    params: z.object({ id: z.coerce.number().int().positive() }),
    // Nothing is read from the body: the path names the tip.
    body: z.unknown().optional(),
    response: { 200: tipDocument },
    errors: ['not_found'],
  }),
};
