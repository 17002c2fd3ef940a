import { z } from 'zod';
import { MAX_ITEM_CHARS } from '../validation/misc';
import { endpoint } from './endpoint';
import { resourceBodySchema } from './jsonapi';
import { type ItemKind, itemChangeDocuments } from './meetings';

/** A meeting's agenda items, objectives and pre-work items: what a change may set, and their endpoints. */

const itemDescription = z.string().trim().min(1, 'must not be empty').max(MAX_ITEM_CHARS);
const itemPosition = z.number().int().min(0).max(10_000);
const minutesInADay = z
  .number()
  .int()
  .min(0)
  .max(24 * 60);

/** What an item change may set, by kind (every attribute optional; an added item needs its description). */
export const itemPatchAttributesByKind = {
  agenda_items: z
    .object({
      description: itemDescription,
      duration_in_mins: minutesInADay.nullable(),
      position: itemPosition,
      owner_name: z.string().max(200).nullable(),
      time_spent_in_secs: z
        .number()
        .int()
        .min(0)
        .max(7 * 24 * 3600),
      started_at: z.iso.datetime({ offset: true }).nullable(),
      ended_at: z.iso.datetime({ offset: true }).nullable(),
    })
    .partial()
    .strict(),
  objectives: z.object({ description: itemDescription, position: itemPosition }).partial().strict(),
  prework_items: z
    .object({
      description: itemDescription,
      url: z.url({ protocol: /^https?$/, error: 'must be an http(s) link' }).nullable(),
      timebox: minutesInADay.nullable(),
      position: itemPosition,
    })
    .partial()
    .strict(),
};

/**
 * An item kind's endpoints: added to a meeting, edited or reordered, deleted (status deleted, hidden). Each
 * answers with the item and the meeting re-scored after the change.
 */
function itemEndpoints<
  const K extends ItemKind,
  N extends z.ZodType,
  A extends z.ZodType,
  D extends z.ZodType,
>(kind: K, attributes: { added: N; changed: A }, answer: D) {
  const label = kind.replace(/_/g, ' ');
  const itemParams = z.object({ id: z.uuid() });
  return {
    add: endpoint({
      method: 'POST',
      path: `/api/v1/meetings/:id/${kind}`,
      summary: `Add ${label} to a meeting`,
      tags: ['meetings'],
      access: 'owner',
      params: itemParams,
      body: resourceBodySchema(kind, attributes.added),
      response: { 201: answer },
      errors: ['not_found'],
    }),
    update: endpoint({
      method: 'PATCH',
      path: `/api/v1/${kind}/:id`,
      summary: `Edit or reorder ${label}`,
      tags: ['meetings'],
      access: 'owner',
      params: itemParams,
      body: resourceBodySchema(kind, attributes.changed),
      response: { 200: answer },
      errors: ['not_found'],
    }),
    remove: endpoint({
      method: 'DELETE',
      path: `/api/v1/${kind}/:id`,
      summary: `Delete ${label}`,
      tags: ['meetings'],
      access: 'owner',
      params: itemParams,
      response: { 200: answer },
      errors: ['not_found'],
    }),
  };
}

/** The endpoints of a meeting's agenda items, objectives and pre-work items, by kind. */
export const meetingItemEndpoints = {
  agenda_items: itemEndpoints(
    'agenda_items',
    {
      added: itemPatchAttributesByKind.agenda_items.extend({ description: itemDescription }),
      changed: itemPatchAttributesByKind.agenda_items,
    },
    itemChangeDocuments.agenda_items,
  ),
  objectives: itemEndpoints(
    'objectives',
    {
      added: itemPatchAttributesByKind.objectives.extend({ description: itemDescription }),
      changed: itemPatchAttributesByKind.objectives,
    },
    itemChangeDocuments.objectives,
  ),
  prework_items: itemEndpoints(
    'prework_items',
    {
      added: itemPatchAttributesByKind.prework_items.extend({ description: itemDescription }),
      changed: itemPatchAttributesByKind.prework_items,
    },
    itemChangeDocuments.prework_items,
  ),
};
