import { letterGrade, qualityLabel } from '@meetwell/domain';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../session/queryKeys';
import type { WeekMeetings } from './api';
import type { ItemKind, Meeting, MeetingItem } from './types';

/** Every meeting query lives under ['meetings'], so the realtime refresh invalidates them all at once. */
export const meetingKeys = {
  all: queryKeys.meetings,
  weeks: [...queryKeys.meetings, 'week'] as const,
  week: (startsAt: string, endsAt: string) => [...queryKeys.meetings, 'week', startsAt, endsAt] as const,
  detail: (id: string) => [...queryKeys.meetings, 'detail', id] as const,
};

/** The meeting as held by a loaded week, if any (the modal opens without a request then). */
export function findMeetingInWeeks(queryClient: QueryClient, id: string): Meeting | undefined {
  for (const [, data] of queryClient.getQueriesData<WeekMeetings>({ queryKey: meetingKeys.weeks })) {
    const found = data?.meetings.find((meeting) => meeting.id === id);
    if (found) return found;
  }
  return undefined;
}

function updateEverywhere(queryClient: QueryClient, id: string, update: (meeting: Meeting) => Meeting): void {
  queryClient.setQueryData<Meeting>(meetingKeys.detail(id), (old) => (old ? update(old) : old));
  queryClient.setQueriesData<WeekMeetings>({ queryKey: meetingKeys.weeks }, (old) =>
    old?.meetings.some((meeting) => meeting.id === id)
      ? { ...old, meetings: old.meetings.map((meeting) => (meeting.id === id ? update(meeting) : meeting)) }
      : old,
  );
}

/** Puts a fresh meeting resource (a PATCH answer or meta.meeting) in the detail and week caches. */
export function storeMeeting(queryClient: QueryClient, meeting: Meeting): void {
  queryClient.setQueryData<Meeting>(meetingKeys.detail(meeting.id), meeting);
  updateEverywhere(queryClient, meeting.id, () => meeting);
}

function withScore(meeting: Meeting, score: number | null | undefined): Meeting {
  if (score === undefined || score === meeting.score) return meeting;
  return {
    ...meeting,
    score,
    quality_label: typeof score === 'number' ? qualityLabel(score) : null,
    letter_grade: typeof score === 'number' ? letterGrade(score) : null,
  };
}

function applyItem(list: MeetingItem[] | null, item: MeetingItem, type: string): MeetingItem[] {
  const others = (list ?? []).filter((existing) => existing.id !== item.id);
  if (type === 'item_deleted' || item.status === 'deleted') return others;
  return [...others, item].sort((a, b) => a.position - b.position);
}

interface ItemRefreshMessage {
  type: 'item_created' | 'item_updated' | 'item_deleted';
  item_type: ItemKind;
  meeting_id: string;
  item: { id: string; attributes?: Record<string, unknown> } & Record<string, unknown>;
  score?: number | null;
}

const ITEM_TYPES = new Set(['item_created', 'item_updated', 'item_deleted']);
const ITEM_KINDS = new Set<string>(['agenda_items', 'objectives', 'prework_items']);

function isItemMessage(message: unknown): message is ItemRefreshMessage {
  if (!message || typeof message !== 'object') return false;
  const m = message as Partial<ItemRefreshMessage>;
  return (
    ITEM_TYPES.has(String(m.type)) &&
    ITEM_KINDS.has(String(m.item_type)) &&
    typeof m.meeting_id === 'string' &&
    Boolean(m.item && typeof m.item === 'object')
  );
}

/** The item of a push: a JSON:API resource ({id, attributes}) or a plain item. */
function itemOf(raw: ItemRefreshMessage['item']): MeetingItem {
  const attributes = raw.attributes && typeof raw.attributes === 'object' ? raw.attributes : raw;
  return { ...(attributes as object), id: raw.id } as MeetingItem;
}

/**
 * A MeetingRefreshChannel message: item changes from another session are applied to the cached meeting at
 * once (items and score). realtime/cable.ts then invalidates ['meetings'], so every message (sync_finished,
 * meeting_updated, reevaluated...) also refetches the meeting queries.
 */
export function applyMeetingRefresh(queryClient: QueryClient, message: unknown): void {
  if (isItemMessage(message)) {
    const item = itemOf(message.item);
    updateEverywhere(queryClient, message.meeting_id, (meeting) =>
      withScore(
        {
          ...meeting,
          [message.item_type]: applyItem(
            meeting[message.item_type] as MeetingItem[] | null,
            item,
            message.type,
          ),
        },
        message.score,
      ),
    );
  }
}
