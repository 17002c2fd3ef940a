// Test helpers for the Balance and Wellness block screens (signed-in user in the cache, fixtures).
import { DEFAULT_ACTION_SETTINGS, DEFAULT_EVALUATION_SETTINGS } from '@meetwell/domain';
import type { RouteObject } from 'react-router';
import { queryKeys } from '../../session/queryKeys';
import type { CurrentUser } from '../../session/types';
import { createTestQueryClient, jsonResponse, renderRoutes, testUser } from '../../test/utils';
import type { WellnessBlock } from '../wellness-blocks/api';

/** Renders routes with the signed-in user already loaded (as AppLayout guarantees). */
export function renderSignedIn(
  routes: RouteObject[],
  { path, user = {} }: { path: string; user?: Partial<CurrentUser> },
) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(queryKeys.currentUser, testUser({ time_zone: 'UTC', ...user }));
  return renderRoutes(routes, { path, queryClient });
}

export { calendarsDocument } from '../plan/testing';

/** GET /wellness_blocks of a window (the window in meta is not read by the app). */
export function blocksDocument(blocks: WellnessBlock[]) {
  return {
    data: blocks.map(blockResource),
    meta: {
      starts_at: '2026-03-01T00:00:00.000Z',
      ends_at: '2026-04-05T00:00:00.000Z',
      total: blocks.length,
    },
  };
}

function blockResource({ id, ...attributes }: WellnessBlock) {
  return { id, type: 'wellness_blocks', attributes };
}

/** What POST or PATCH wellness_blocks answers: the block, and what became of its calendar event. */
export function blockDocument(saved: WellnessBlock) {
  return { data: blockResource(saved), meta: { calendar: { status: 'written' } } };
}

/** A weekly block, Monday and Wednesday 1:00–2:00 pm UTC, unless overridden. */
export function block(overrides: Partial<WellnessBlock> = {}): WellnessBlock {
  return {
    id: 'b1',
    label: 'Deep work',
    category: 'focus',
    calendar_id: 'c1',
    rrule: 'RRULE:FREQ=WEEKLY;BYDAY=MO,WE',
    starts_at: '2026-03-02T13:00:00.000Z',
    ends_at: '2026-03-02T14:00:00.000Z',
    time_zone: 'UTC',
    recurring: true,
    read_only: false,
    delete_only: false,
    category_label: 'Focus',
    editable: true,
    weekdays: [1, 3],
    start_minute: 13 * 60,
    end_minute: 14 * 60,
    source_meeting_id: null,
    in_calendar: true,
    occurrences: [],
    ...overrides,
  };
}

export function settingsDocument(
  attributes: {
    action_settings?: Record<string, unknown>;
    evaluation_settings?: Record<string, unknown>;
    can_edit_evaluation_settings?: boolean;
  } = {},
) {
  return {
    data: {
      id: '7',
      type: 'user_settings',
      attributes: {
        default_action_settings: DEFAULT_ACTION_SETTINGS,
        default_evaluation_settings: DEFAULT_EVALUATION_SETTINGS,
        can_edit_evaluation_settings: true,
        ...attributes,
        action_settings: { ...DEFAULT_ACTION_SETTINGS, ...attributes.action_settings },
        evaluation_settings: { ...DEFAULT_EVALUATION_SETTINGS, ...attributes.evaluation_settings },
      },
    },
  };
}

export const ok = (body: unknown) => () => jsonResponse(200, body);

/** The JSON body of the first request with this method (and path fragment), or undefined. */
export function requestBody(
  fetch: { mock: { calls: unknown[][] } },
  method: string,
  path = '',
): { data: { type: string; id?: string; attributes: Record<string, unknown> } } | undefined {
  const call = fetch.mock.calls.find(
    ([url, init]) =>
      String(url).includes(path) &&
      ((init as RequestInit | undefined)?.method ?? 'GET').toUpperCase() === method,
  );
  const init = call?.[1] as RequestInit | undefined;
  return init?.body ? JSON.parse(String(init.body)) : undefined;
}
