import { useEffect, useRef } from 'react';
import type { RouteObject } from 'react-router';
import { AppLayout } from '../../layout/AppLayout';
import { UserMenu } from '../../layout/UserMenu';
import type { CurrentUser } from '../../session/types';
import { useCurrentUser } from '../../session/useCurrentUser';
import { jsonResponse, userDocument } from '../../test/utils';
import { meetingFixture, weekDocument } from '../meeting/testing';
import { calendarResource as calendarResourceOf } from '../plan/testing';

export const TIPS = [
  ['review', 'Your meeting health at a glance', 'Review shows how your meetings score.'],
  ['plan', 'Plan your week', 'Plan shows this week’s meetings coloured by score.'],
  ['agenda', 'Agendas win meetings', 'Add agenda items and objectives to a meeting.'],
  ['balance', 'Protect your time', 'Wellness blocks reserve weekly focus and life time.'],
  ['action', 'Auto-Balance', 'Choose what happens to meetings that break your standards.'],
  ['enforce', 'Who gets enforced?', 'VIP organizers are never reminded or declined.'],
] as const;

export function tipsDocument() {
  return {
    data: TIPS.map(([tag, title, description], index) => ({
      id: String(index + 1),
      type: 'tips',
      attributes: { tag, title, description, seen_at: null },
    })),
  };
}

/** PATCH /tips/{id}'s answer: the tip (1-based, as TIPS numbers them), marked seen. */
export function seenTipDocument(id: number) {
  const [tag, title, description] = TIPS[id - 1] ?? TIPS[0];
  return {
    data: {
      id: String(id),
      type: 'tips',
      attributes: { tag, title, description, seen_at: new Date().toISOString() },
    },
  };
}

export function goalsDocument(selected: number[] = []) {
  return {
    data: [
      [1, 'Deep work'],
      [2, 'Exercise'],
      [3, 'Learning'],
    ].map(([id, name]) => ({
      id: String(id),
      type: 'goals',
      attributes: { name, category: 'focus', selected: selected.includes(id as number) },
    })),
  };
}

export function calendarResource(id: string, name: string, watching: boolean) {
  return calendarResourceOf({ id, name, watching });
}

/** A meeting of this week, for the agenda step. */
export function meetingsDocument() {
  const startsAt = new Date(Date.now() + 60 * 60_000);
  return weekDocument([
    meetingFixture({
      summary: 'Weekly sync',
      starts_at: startsAt.toISOString(),
      ends_at: new Date(startsAt.getTime() + 30 * 60_000).toISOString(),
    }),
  ]);
}

/** A signed-in server whose user changes with PATCH /users, as the real one does. */
export function userServer(initial: Partial<CurrentUser>) {
  let user = { ...initial };
  const patches: Record<string, unknown>[] = [];
  return {
    patches,
    handlers: {
      'GET /api/v1/users': () => jsonResponse(200, userDocument(user)),
      'GET /api/v1/subscription': () => jsonResponse(200, { data: null }),
      'PATCH /api/v1/users': ({ body }: { body: unknown }) => {
        const attributes = (body as { data: { attributes: Record<string, unknown> } }).data.attributes;
        patches.push(attributes);
        user = { ...user, ...(attributes as Partial<CurrentUser>) };
        return jsonResponse(200, userDocument(user));
      },
    },
  };
}

/** Takes focus as it mounts, as the meeting modal does. */
function MeetingScreen() {
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => field.current?.focus(), []);
  return (
    <div data-tour="agenda">
      <p>Meeting screen</p>
      <input ref={field} aria-label="Meeting notes" />
    </div>
  );
}

function Shell() {
  const { data: user } = useCurrentUser();
  return (
    <>
      {user && <UserMenu user={user} />}
      <AppLayout />
    </>
  );
}

/** The app area with screens reduced to the elements the tour points at. */
export const APP_ROUTES: RouteObject[] = [
  {
    path: '/my',
    element: <Shell />,
    children: [
      { path: 'review/you', element: <p data-tour="review">Review screen</p> },
      { path: 'plan', element: <p data-tour="plan">Plan screen</p> },
      { path: 'plan/meeting/:id', element: <MeetingScreen /> },
      { path: 'balance/wellness-blocks', element: <p data-tour="balance">Wellness blocks screen</p> },
      {
        path: 'balance/action',
        element: (
          <>
            <p data-tour="action">Action screen</p>
            <p data-tour="enforce">Enforcement lists</p>
          </>
        ),
      },
      { path: '*', element: <p>Elsewhere</p> },
    ],
  },
];
