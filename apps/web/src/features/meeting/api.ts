import {
  itemChangeDocuments,
  type MeetingIntention,
  type MeetingResource,
  meetingDocument,
  meetingListDocument,
} from '@meetwell/domain';
import { api, contractRequest, resourceBody } from '../../api/client';
import type { ItemKind, ItemsByKind, Meeting } from './types';

function toMeeting(resource: Pick<MeetingResource, 'id' | 'attributes'>): Meeting {
  return { ...resource.attributes, id: resource.id };
}

/** The week's answer, or no body (204) while the period's first sync runs. */
const meetingWeekAnswer = meetingListDocument.nullable();

export interface WeekMeetings {
  /** The first sync of the period is still running (the API answered 204). */
  syncing: boolean;
  meetings: Meeting[];
}

/** GET /meetings?by_period[starts_at]=&by_period[ends_at]= (204 while the period's first sync runs). */
export async function fetchMeetingsInPeriod(startsAt: string, endsAt: string): Promise<WeekMeetings> {
  const doc = await api.get('/meetings', meetingWeekAnswer, {
    query: { 'by_period[starts_at]': startsAt, 'by_period[ends_at]': endsAt },
  });
  if (doc === null) return { syncing: true, meetings: [] };
  return { syncing: false, meetings: doc.data.map(toMeeting) };
}

export async function fetchMeeting(id: string): Promise<Meeting> {
  const doc = await api.get(`/meetings/${encodeURIComponent(id)}`, meetingDocument);
  return toMeeting(doc.data);
}

export interface ItemChange<K extends ItemKind> {
  item: ItemsByKind[K];
  /** The meeting re-evaluated after the change (meta.meeting), when the server sent it. */
  meeting: Meeting | null;
}

/** The item (its kind's resource) and meta.meeting, both as the contract has them. */
async function itemChange<K extends ItemKind>(
  kind: K,
  method: 'POST' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<ItemChange<K>> {
  const schema = itemChangeDocuments[kind as ItemKind];
  const doc = await contractRequest(method, path, schema, { body });
  return {
    // The schema of `kind` read it: the item is of kind K.
    item: { ...doc.data.attributes, id: doc.data.id } as ItemsByKind[K],
    meeting: toMeeting(doc.meta.meeting),
  };
}

export type ItemAttributes = Partial<{
  description: string;
  duration_in_mins: number | null;
  position: number;
  url: string | null;
  timebox: number | null;
  time_spent_in_secs: number;
  started_at: string | null;
  ended_at: string | null;
}>;

export async function createItem<K extends ItemKind>(
  meetingId: string,
  kind: K,
  attributes: ItemAttributes,
): Promise<ItemChange<K>> {
  return itemChange(
    kind,
    'POST',
    `/meetings/${encodeURIComponent(meetingId)}/${kind}`,
    resourceBody(kind, attributes),
  );
}

export async function updateItem<K extends ItemKind>(
  kind: K,
  id: string,
  attributes: ItemAttributes,
): Promise<ItemChange<K>> {
  return itemChange(kind, 'PATCH', `/${kind}/${encodeURIComponent(id)}`, resourceBody(kind, attributes));
}

export async function deleteItem<K extends ItemKind>(kind: K, id: string): Promise<ItemChange<K>> {
  return itemChange(kind, 'DELETE', `/${kind}/${encodeURIComponent(id)}`);
}

/** A PATCH of a meeting answers with the meeting, re-scored. */
async function changeMeeting(path: string, attributes: Record<string, unknown>): Promise<Meeting> {
  const doc = await contractRequest('PATCH', path, meetingDocument, {
    body: resourceBody('meetings', attributes),
  });
  return toMeeting(doc.data);
}

/** PATCH /users/meetings/:id: skip_evaluation, or the manual non_compliance_action. */
export async function patchUserMeeting(
  id: string,
  attributes: { skip_evaluation: boolean } | { non_compliance_action: 'do_nothing' | 'remind' | 'decline' },
): Promise<Meeting> {
  return changeMeeting(`/users/meetings/${encodeURIComponent(id)}`, attributes);
}

/** PATCH /meetings/:id: answer a possible Wellness block. */
export async function answerPossibleBlock(
  id: string,
  answer: 'verified_true' | 'verified_false',
): Promise<Meeting> {
  return changeMeeting(`/meetings/${encodeURIComponent(id)}`, { maybe_wellness_block: answer });
}

/** PATCH /meetings/:id: choose the meeting's intention (null: none). */
export async function chooseIntention(id: string, intention: MeetingIntention | null): Promise<Meeting> {
  return changeMeeting(`/meetings/${encodeURIComponent(id)}`, { intention });
}
