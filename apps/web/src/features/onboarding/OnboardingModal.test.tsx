import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderRoutes } from '../../test/utils';
import { weekDocument } from '../meeting/testing';
import { synchronizationsDocument } from '../plan/testing';
import {
  APP_ROUTES,
  calendarResource,
  goalsDocument,
  seenTipDocument,
  tipsDocument,
  userServer,
} from './testing';

afterEach(() => {
  vi.useRealTimers();
});

function setup({
  onboarded = false,
  calendars = [calendarResource('c1', 'Work', false)],
  path = '/my/plan',
}: {
  onboarded?: boolean;
  calendars?: ReturnType<typeof calendarResource>[];
  path?: string;
} = {}) {
  const server = userServer({ onboarded, goal_ids: [] });
  let list = calendars;
  const fetchMock = mockFetch({
    ...server.handlers,
    'GET /api/v1/calendars': () => jsonResponse(200, { data: list }),
    'PATCH /api/v1/calendars/c1': ({ body }) => {
      const watching = (body as { data: { attributes: { watching: boolean } } }).data.attributes.watching;
      list = list.map((c) => (c.id === 'c1' ? calendarResource('c1', 'Work', watching) : c));
      return jsonResponse(200, { data: list[0] });
    },
    'GET /api/v1/synchronizations': () => jsonResponse(200, synchronizationsDocument()),
    'GET /api/v1/meetings': () => jsonResponse(200, weekDocument()),
    'GET /api/v1/goals': () => jsonResponse(200, goalsDocument([1])),
    'GET /api/v1/tips': () => jsonResponse(200, tipsDocument()),
    'PATCH /api/v1/tips/1': () => jsonResponse(200, seenTipDocument(1)),
  });
  const view = renderRoutes(APP_ROUTES, { path });
  return { ...view, server, fetchMock };
}

const user = userEvent.setup();

async function toCalendars() {
  const welcome = await screen.findByRole('dialog', { name: 'Welcome to MeetWell!' });
  expect(within(welcome).getByText('Step 1 of 9')).toBeInTheDocument();
  await user.click(within(welcome).getByRole('button', { name: "Let's get started" }));
  return screen.findByRole('dialog', { name: 'Choose your calendars' });
}

describe('onboarding modal', () => {
  it('welcomes someone not onboarded yet and cannot be dismissed', async () => {
    setup();
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to MeetWell!' });
    expect(within(dialog).queryByRole('button', { name: /close/i })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Welcome to MeetWell!' })).toBeInTheDocument();
  });

  it('is not shown to someone onboarded', async () => {
    setup({ onboarded: true });
    expect(await screen.findByText('Plan screen')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps Next disabled until a calendar is watched', async () => {
    setup();
    const dialog = await toCalendars();
    expect(within(dialog).getByText('Step 2 of 9')).toBeInTheDocument();
    const next = within(dialog).getByRole('button', { name: 'Next' });
    await waitFor(() => expect(within(dialog).getByText('Work')).toBeInTheDocument());
    expect(next).toBeDisabled();
    expect(within(dialog).getByText('Switch on at least one calendar to go on.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('switch', { name: 'Balance Work' }));
    await waitFor(() => expect(next).toBeEnabled());
    await user.click(next);
    expect(await screen.findByRole('dialog', { name: 'Set your goals' })).toBeInTheDocument();
  });

  it('offers to add a calendar to someone who has none', async () => {
    setup({ calendars: [] });
    const dialog = await toCalendars();
    expect(await within(dialog).findByText('No calendar added.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Add an ICS calendar' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Add a CalDAV calendar' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('saves the goals with onboarded true, then after 1.5 s opens Review with the tour', async () => {
    const { server, router } = setup({ calendars: [calendarResource('c1', 'Work', true)] });
    const calendars = await toCalendars();
    const next = within(calendars).getByRole('button', { name: 'Next' });
    await waitFor(() => expect(next).toBeEnabled());
    await user.click(next);

    const goals = await screen.findByRole('dialog', { name: 'Set your goals' });
    expect(within(goals).getByText('Step 3 of 9')).toBeInTheDocument();
    // The goals chosen before come back chosen.
    expect(await within(goals).findByRole('checkbox', { name: 'Deep work' })).toBeChecked();
    await user.click(within(goals).getByRole('checkbox', { name: 'Exercise' }));

    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(within(goals).getByRole('button', { name: 'Finish' }));
    expect(await screen.findByRole('dialog', { name: "You're all set!" })).toBeInTheDocument();
    expect(server.patches).toEqual([{ goal_ids: [1, 2], onboarded: true }]);

    act(() => vi.advanceTimersByTime(1000));
    expect(router.state.location.pathname).toBe('/my/plan');
    expect(screen.getByRole('dialog', { name: "You're all set!" })).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(600));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my/review/you'));
    expect(router.state.location.search).toBe('?onboarding=true');
    vi.useRealTimers();
    // The tour takes over from the modal.
    expect(
      await screen.findByRole('dialog', { name: 'Your meeting health at a glance' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: "You're all set!" })).not.toBeInTheDocument();
  });
});
