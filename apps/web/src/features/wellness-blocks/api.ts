// Wellness blocks, the calendars a block can be written to, and the user's goals (the 'Ideas:' chips).
import {
  type WellnessBlockAttributes,
  type WellnessBlockInputAttributes,
  wellnessBlockEndpoints,
} from '@meetwell/domain';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/endpoint';
import { goalsQuery } from '../onboarding/api';
import { type CalendarItem, calendarKeys, fetchCalendars } from '../plan/calendars';

export type { WellnessBlockAttributes } from '@meetwell/domain';

export interface WellnessBlock extends WellnessBlockAttributes {
  id: string;
}

export interface CalendarChoice {
  id: string;
  name: string;
  watching: boolean;
}

export interface Goal {
  id: string;
  name: string;
}

/** Everything cached about blocks starts with 'wellness_blocks' (other screens invalidate that prefix). */
export const wellnessBlockKeys = {
  all: ['wellness_blocks'] as const,
  list: (from: string, to: string) => ['wellness_blocks', 'list', from, to] as const,
};

const DAY_MS = 86_400_000;

/**
 * The window the list asks for: a week back to five weeks ahead, from local midnight (stable for a day, so
 * the cache key does not change on every render).
 */
export function blockListWindow(now: Date = new Date()): { from: string; to: string } {
  const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  return {
    from: new Date(midnight - 7 * DAY_MS).toISOString(),
    to: new Date(midnight + 35 * DAY_MS).toISOString(),
  };
}

function toBlock(resource: { id: string; attributes: WellnessBlockAttributes }): WellnessBlock {
  return { ...resource.attributes, id: resource.id };
}

export async function fetchWellnessBlocks(from: string, to: string): Promise<WellnessBlock[]> {
  const doc = await call(wellnessBlockEndpoints.list, { query: { starts_at: from, ends_at: to } });
  return doc.data.map(toBlock);
}

/** A change answers with the block (and, in meta, what became of its calendar event). */
export async function createWellnessBlock(payload: WellnessBlockInputAttributes): Promise<WellnessBlock> {
  const doc = await call(wellnessBlockEndpoints.create, {
    body: { data: { type: 'wellness_blocks', attributes: payload } },
  });
  return toBlock(doc.data);
}

export async function updateWellnessBlock(
  id: string,
  payload: WellnessBlockInputAttributes,
): Promise<WellnessBlock> {
  const doc = await call(wellnessBlockEndpoints.update, {
    params: { id },
    body: { data: { type: 'wellness_blocks', id, attributes: payload } },
  });
  return toBlock(doc.data);
}

/** 'Make weekly': a block converted from a meeting (delete_only) becomes an ordinary weekly block. */
export async function makeWellnessBlockWeekly(id: string): Promise<WellnessBlock> {
  const doc = await call(wellnessBlockEndpoints.update, {
    params: { id },
    body: { data: { type: 'wellness_blocks', id, attributes: { make_weekly: true } } },
  });
  return toBlock(doc.data);
}

export async function deleteWellnessBlock(id: string): Promise<void> {
  await call(wellnessBlockEndpoints.remove, { params: { id } });
}

export function useWellnessBlocks(window: { from: string; to: string }) {
  return useQuery({
    queryKey: wellnessBlockKeys.list(window.from, window.to),
    queryFn: () => fetchWellnessBlocks(window.from, window.to),
  });
}

/** The watched calendars (the ones a block can be written to), from the one calendars cache. */
export function useWatchedCalendars() {
  return useQuery({
    queryKey: calendarKeys.list(false),
    queryFn: () => fetchCalendars(false),
    select: toCalendarChoices,
  });
}

function toCalendarChoices(calendars: readonly CalendarItem[]): CalendarChoice[] {
  return calendars
    .filter((calendar) => calendar.watching)
    .map((calendar) => ({ id: calendar.id, name: calendar.name.trim() || 'Calendar', watching: true }));
}

/** The goals' names, the 'Ideas:' chips (from the one goals query). */
export function useGoals() {
  return useQuery({
    ...goalsQuery,
    select: (doc): Goal[] =>
      doc.data
        .map((goal) => ({ id: goal.id, name: goal.attributes.name.trim() }))
        .filter((goal) => goal.name.length > 0),
    staleTime: 10 * 60_000,
    // The ideas are a nicety: no toast when they cannot be loaded.
    meta: { errorToast: false },
  });
}
