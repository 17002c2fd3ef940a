import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderRoutes } from '../../test/utils';
import { settingsDocument } from '../meeting/testing';
import { synchronizationsDocument } from '../plan/testing';
import { meetingForTour } from './ProductTour';
import {
  APP_ROUTES,
  calendarResource,
  goalsDocument,
  meetingsDocument,
  seenTipDocument,
  TIPS,
  tipsDocument,
  userServer,
} from './testing';

const user = userEvent.setup();

function setup(path = '/my/review/you?onboarding=true') {
  const server = userServer({ onboarded: true, goal_ids: [1] });
  const seen: string[] = [];
  const tipHandlers = Object.fromEntries(
    TIPS.map((_, index) => [
      `PATCH /api/v1/tips/${index + 1}`,
      () => {
        seen.push(String(index + 1));
        return jsonResponse(200, seenTipDocument(index + 1));
      },
    ]),
  );
  mockFetch({
    ...server.handlers,
    ...tipHandlers,
    'GET /api/v1/tips': () => jsonResponse(200, tipsDocument()),
    'GET /api/v1/meetings': () => jsonResponse(200, meetingsDocument()),
    'GET /api/v1/calendars': () => jsonResponse(200, { data: [calendarResource('c1', 'Work', true)] }),
    'GET /api/v1/synchronizations': () => jsonResponse(200, synchronizationsDocument()),
    'GET /api/v1/goals': () => jsonResponse(200, goalsDocument([1])),
    'PATCH /api/v1/users/settings': () => jsonResponse(200, settingsDocument()),
  });
  const view = renderRoutes(APP_ROUTES, { path });
  return { ...view, server, seen };
}

const STEPS = [
  {
    title: 'Your meeting health at a glance',
    counter: '4 of 9',
    next: 'What about my meetings?',
    path: '/my/review/you',
  },
  { title: 'Plan your week', counter: '5 of 9', next: 'How are meetings scored?', path: '/my/plan' },
  {
    title: 'Agendas win meetings',
    counter: '6 of 9',
    next: 'How do I take action?',
    path: '/my/plan/meeting/m1',
  },
  {
    title: 'Protect your time',
    counter: '7 of 9',
    next: 'What does MeetWell do automatically?',
    path: '/my/balance/wellness-blocks',
  },
  { title: 'Auto-Balance', counter: '8 of 9', next: 'Who gets enforced?', path: '/my/balance/action' },
  { title: 'Who gets enforced?', counter: '9 of 9', next: 'All done!', path: '/my/balance/action' },
];

describe('the guided tour', () => {
  it('goes through its six steps in order, each on its screen, and ends with All done!', async () => {
    const { router, seen } = setup();
    for (const step of STEPS) {
      const dialog = await screen.findByRole('dialog', { name: step.title });
      await waitFor(() => expect(router.state.location.pathname).toBe(step.path));
      expect(router.state.location.search).toBe('?onboarding=true');
      expect(within(dialog).getByText(step.counter)).toBeInTheDocument();
      // Focus moves into the step.
      await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
      await user.click(within(dialog).getByRole('button', { name: step.next }));
    }
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // After the exit delay the tour parameter goes; the person stays where the tour ended.
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/my/balance/action');
    expect([...seen].sort()).toEqual(['1', '2', '3', '4', '5', '6']);
  });

  it('shows each step the tip of its screen', async () => {
    setup();
    const dialog = await screen.findByRole('dialog', { name: 'Your meeting health at a glance' });
    expect(within(dialog).getByText('Review shows how your meetings score.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Skip tour' })).toBeInTheDocument();
  });

  it('goes back a step with Back', async () => {
    const { router } = setup();
    const first = await screen.findByRole('dialog', { name: 'Your meeting health at a glance' });
    await user.click(within(first).getByRole('button', { name: 'What about my meetings?' }));
    const second = await screen.findByRole('dialog', { name: 'Plan your week' });
    await user.click(within(second).getByRole('button', { name: 'Back' }));
    expect(
      await screen.findByRole('dialog', { name: 'Your meeting health at a glance' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/my/review/you'));
  });

  it('ends on Escape and drops the tour parameter', async () => {
    const { router } = setup();
    await screen.findByRole('dialog', { name: 'Your meeting health at a glance' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/my/review/you');
  });

  it('ends with Skip tour', async () => {
    const { router } = setup();
    const dialog = await screen.findByRole('dialog', { name: 'Your meeting health at a glance' });
    await user.click(within(dialog).getByRole('button', { name: 'Skip tour' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does not start without the tour parameter', async () => {
    setup('/my/review/you');
    expect(await screen.findByText('Review screen')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('starts again from the start with Take a tour, through the onboarding modal', async () => {
    const { router, server } = setup('/my/plan');
    await screen.findByText('Plan screen');
    await user.click(screen.getByRole('button', { name: /Account menu for/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Take a tour' }));

    const welcome = await screen.findByRole('dialog', { name: 'Welcome to MeetWell!' });
    expect(server.patches[0]).toEqual({ onboarded: false });
    expect(router.state.location.pathname).toBe('/my/review/you');
    expect(router.state.location.search).toBe('?onboarding=true');
    // The tour waits for the modal.
    expect(screen.queryByRole('dialog', { name: 'Your meeting health at a glance' })).not.toBeInTheDocument();

    await user.click(within(welcome).getByRole('button', { name: "Let's get started" }));
    const calendars = await screen.findByRole('dialog', { name: 'Choose your calendars' });
    const next = within(calendars).getByRole('button', { name: 'Next' });
    await waitFor(() => expect(next).toBeEnabled());
    await user.click(next);
    const goals = await screen.findByRole('dialog', { name: 'Set your goals' });
    await within(goals).findByRole('checkbox', { name: 'Deep work' });
    await user.click(within(goals).getByRole('button', { name: 'Finish' }));
    expect(
      await screen.findByRole('dialog', { name: 'Your meeting health at a glance' }, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(server.patches[1]).toEqual({ goal_ids: [1], onboarded: true });
  });
});

describe('the meeting of the agenda step', () => {
  const meeting = (id: string, startsAt: string) => ({ id, starts_at: startsAt }) as never;
  it('is the next meeting of the week, else the first', () => {
    const now = new Date('2026-03-04T12:00:00Z');
    const meetings = [
      meeting('later', '2026-03-05T09:00:00Z'),
      meeting('past', '2026-03-02T09:00:00Z'),
      meeting('next', '2026-03-04T13:00:00Z'),
    ];
    expect(meetingForTour(meetings, now)).toBe('next');
    expect(meetingForTour([meeting('past', '2026-03-02T09:00:00Z')], now)).toBe('past');
    expect(meetingForTour([], now)).toBeNull();
  });
});
