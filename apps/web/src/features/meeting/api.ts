import {
  type EndpointBody,
  type ItemKind,
  type MeetingIntention,
  type MeetingPatch,
  type MeetingResource,
  meetingEndpoints,
  meetingItemEndpoints,
  type UserMeetingPatch,
} from '@meetwell/domain';
import { call } from '../../api/endpoint';
import type { ItemsByKind, Meeting } from './types';

function toMeeting(resource: Pick<MeetingResource, 'id' | 'attributes'>): Meeting {
  return { ...resource.attributes, id: resource.id };
}

export interface WeekMeetings {
  /** The first sync of the period is still running (the API answered 204). */
  syncing: boolean;
  meetings: Meeting[];
}

/** GET /meetings?by_period[starts_at]=&by_period[ends_at]= (204 while the period's first sync runs). */
export async function fetchMeetingsInPeriod(startsAt: string, endsAt: string): Promise<WeekMeetings> {
  const doc = await call(meetingEndpoints.list, {
    query: { 'by_period[starts_at]': startsAt, 'by_period[ends_at]': endsAt },
  });
  if (doc === null) return { syncing: true, meetings: [] };
  return { syncing: false, meetings: doc.data.map(toMeeting) };
}

export async function fetchMeeting(id: string): Promise<Meeting> {
  const doc = await call(meetingEndpoints.show, { params: { id } });
  return toMeeting(doc.data);
}

export interface ItemChange<K extends ItemKind> {
  item: ItemsByKind[K];
  /** The meeting re-evaluated after the change (meta.meeting), when the server sent it. */
  meeting: Meeting | null;
}

type ItemEndpoints = (typeof meetingItemEndpoints)[ItemKind];
type ItemPatch<K extends ItemKind> = EndpointBody<
  (typeof meetingItemEndpoints)[K]['update']
>['data']['attributes'];

/** What an item change may set, of any kind (the kind's endpoint takes its own and refuses the others). */
export type ItemAttributes = ItemPatch<'agenda_items'> & ItemPatch<'objectives'> & ItemPatch<'prework_items'>;
/** An item added names its description at least. */
export type NewItemAttributes = ItemAttributes & { description: string };

/** The item (its kind's resource) and meta.meeting, both as the contract has them. */
function itemChange<K extends ItemKind>(doc: {
  data: { id: string; attributes: object };
  meta: { meeting: MeetingResource };
}): ItemChange<K> {
  return {
    // The endpoint of `kind` read it with its schema: the item is of kind K.
    item: { ...doc.data.attributes, id: doc.data.id } as ItemsByKind[K],
    meeting: toMeeting(doc.meta.meeting),
  };
}

/** The endpoints of one kind of item (a union over the kinds: each call's body names its kind). */
const itemEndpoints = (kind: ItemKind): ItemEndpoints => meetingItemEndpoints[kind];

/**
 * The body of a change of `kind`: `{ data: { type: kind, attributes } }`, typed as one kind's body or
 * another's (the same type spelt per kind, so that it is the body of that kind's endpoint).
 */
const itemBody = <A>(kind: ItemKind, attributes: A) =>
  ({ data: { type: kind, attributes } }) as {
    [K in ItemKind]: { data: { type: K; attributes: A } };
  }[ItemKind];

export async function createItem<K extends ItemKind>(
  meetingId: string,
  kind: K,
  attributes: NewItemAttributes,
): Promise<ItemChange<K>> {
  const doc = await call(itemEndpoints(kind).add, {
    params: { id: meetingId },
    body: itemBody(kind, attributes),
  });
  return itemChange<K>(doc);
}

export async function updateItem<K extends ItemKind>(
  kind: K,
  id: string,
  attributes: ItemAttributes,
): Promise<ItemChange<K>> {
  const doc = await call(itemEndpoints(kind).update, {
    params: { id },
    body: itemBody(kind, attributes),
  });
  return itemChange<K>(doc);
}

export async function deleteItem<K extends ItemKind>(kind: K, id: string): Promise<ItemChange<K>> {
  return itemChange<K>(await call(itemEndpoints(kind).remove, { params: { id } }));
}

/** PATCH /users/meetings/:id: skip_evaluation, or the manual non_compliance_action. */
export async function patchUserMeeting(id: string, attributes: UserMeetingPatch): Promise<Meeting> {
  const doc = await call(meetingEndpoints.updateForUser, {
    params: { id },
    body: { data: { type: 'meetings', attributes } },
  });
  return toMeeting(doc.data);
}

/** PATCH /meetings/:id: answer a possible Wellness block, or choose the meeting's intention. */
async function changeMeeting(id: string, attributes: MeetingPatch): Promise<Meeting> {
  const doc = await call(meetingEndpoints.update, {
    params: { id },
    body: { data: { type: 'meetings', attributes } },
  });
  return toMeeting(doc.data);
}

/** PATCH /meetings/:id: answer a possible Wellness block. */
export async function answerPossibleBlock(
  id: string,
  answer: 'verified_true' | 'verified_false',
): Promise<Meeting> {
  return changeMeeting(id, { maybe_wellness_block: answer });
}

/** PATCH /meetings/:id: choose the meeting's intention (null: none). */
export async function chooseIntention(id: string, intention: MeetingIntention | null): Promise<Meeting> {
  return changeMeeting(id, { intention });
}
