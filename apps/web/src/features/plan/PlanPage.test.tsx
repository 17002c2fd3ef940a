import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../session/queryKeys';
import { createTestQueryClient, jsonResponse, mockFetch, renderRoutes, testUser } from '../../test/utils';
import { block, blocksDocument } from '../balance/testing';
import { meetingFixture, meetingResource, settingsDocument, weekDocument } from '../meeting/testing';
import type { Meeting } from '../meeting/types';
import { PlanPage } from './PlanPage';
import { calendarResource, synchronizationsDocument } from './testing';

type Handlers = Parameters<typeof mockFetch>[0];

const WATCHED = [calendarResource({ id: 'c1', name: 'Work', watching: true })];

function setup(
  path: string,
  options: {
    meetings?: Meeting[] | null;
    calendars?: unknown[];
    syncing?: boolean;
    handlers?: Handlers;
  } = {},
) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(queryKeys.currentUser, testUser());
  const fetchMock = mockFetch({
    'GET /api/v1/meetings': () =>
      options.meetings === null ? jsonResponse(204) : jsonResponse(200, weekDocument(options.meetings ?? [])),
    'GET /api/v1/synchronizations': () => jsonResponse(200, synchronizationsDocument(options.syncing)),
    'GET /api/v1/calendars': () => jsonResponse(200, { data: options.calendars ?? WATCHED }),
    'GET /api/v1/users/settings': () => jsonResponse(200, settingsDocument()),
    ...options.handlers,
  });
  const view = renderRoutes(
    [
      { path: '/my/plan', element: <PlanPage /> },
      { path: '/my/plan/meeting/:id', element: <PlanPage /> },
      { path: '/my/plan/block/:blockId', element: <PlanPage /> },
      { path: '/my/account', element: <p>account page</p> },
    ],
    { path, queryClient },
  );
  return { ...view, fetchMock };
}

function mobile(matches: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn().mockImplementation((query: string) => ({
      matches,
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    })),
  );
}

const TUESDAY = meetingFixture({
  id: 'm1',
  summary: 'Roadmap brainstorm',
  starts_at: '2030-01-08T15:00:00Z',
  ends_at: '2030-01-08T16:00:00Z',
  score: 57,
  cost: 77,
});
const THURSDAY = meetingFixture({
  id: 'm2',
  summary: 'Budget decision',
  starts_at: '2030-01-10T18:30:00Z',
  ends_at: '2030-01-10T19:00:00Z',
  score: 100,
  quality_label: 'perfect',
  letter_grade: 'A+',
  cost: 20,
  duration: 1800,
});

afterEach(() => {
  vi.useRealTimers();
});

describe('plan screen: empty states and syncing', () => {
  it("says 'No meetings this week.' and 'Check another week.', and 'No stats available.'", async () => {
    setup('/my/plan?w=2030-01-08', { meetings: [] });
    expect(await screen.findByText('No meetings this week.')).toBeInTheDocument();
    expect(screen.getByText('Check another week.')).toBeInTheDocument();
    expect(screen.getAllByText('No stats available.')).toHaveLength(2);
    expect(screen.queryByText('Assessing the health of your calendar...')).not.toBeInTheDocument();
  });

  it('shows a week with Wellness blocks but no meetings as the calendar with its blocks', async () => {
    setup('/my/plan?w=2030-01-08', {
      meetings: [],
      handlers: {
        'GET /api/v1/wellness_blocks': () =>
          jsonResponse(
            200,
            // Weekly on Monday and Wednesday: twice in the week shown.
            blocksDocument([block({ label: 'Deep work' })]),
          ),
      },
    });
    expect(await screen.findAllByText(/Deep work/)).not.toHaveLength(0);
    expect(screen.queryByText('No meetings this week.')).not.toBeInTheDocument();
  });

  it("offers 'Connect a calendar' when no calendar is watched", async () => {
    setup('/my/plan', {
      meetings: [],
      calendars: [calendarResource({ id: 'c1', name: 'Work', provider: 'google', watching: false })],
    });
    const link = await screen.findByRole('link', { name: 'Connect a calendar' });
    expect(link).toHaveAttribute('href', '/my/account');
    expect(screen.queryByText('No meetings this week.')).not.toBeInTheDocument();
  });

  it('shows the syncing banner while the meetings answer 204, polling every 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let calls = 0;
    setup('/my/plan?w=2030-01-08', {
      handlers: {
        'GET /api/v1/meetings': () => {
          calls += 1;
          return calls === 1 ? jsonResponse(204) : jsonResponse(200, weekDocument([TUESDAY]));
        },
      },
    });
    expect(await screen.findByText('Assessing the health of your calendar...')).toBeInTheDocument();
    expect(screen.queryByText('No meetings this week.')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(3100));
    await waitFor(() =>
      expect(screen.queryByText('Assessing the health of your calendar...')).not.toBeInTheDocument(),
    );
    expect(calls).toBe(2);
    expect(await screen.findByText('Roadmap brainstorm')).toBeInTheDocument();
  });

  it('shows the syncing banner while synchronizations say syncing', async () => {
    setup('/my/plan?w=2030-01-08', { meetings: [TUESDAY], syncing: true });
    expect(await screen.findByTestId('sync-banner')).toHaveTextContent(
      'Assessing the health of your calendar...',
    );
  });
});

describe('plan screen: weeks and navigation', () => {
  it('goes back to the plan default on an invalid w', async () => {
    const { router } = setup('/my/plan?w=2030-02-31', { meetings: [] });
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/my/plan');
  });

  it("disables 'View this week' on this week only; the arrows move a week", async () => {
    const { router, fetchMock } = setup('/my/plan?w=2030-01-08', { meetings: [] });
    expect(await screen.findByTestId('week-range')).toHaveTextContent('January 6th - January 12th 2030');
    const url = String(fetchMock.mock.calls.find(([u]) => String(u).startsWith('/api/v1/meetings'))?.[0]);
    expect(decodeURIComponent(url)).toBe(
      '/api/v1/meetings?by_period[starts_at]=2030-01-06T00:00:00.000Z&by_period[ends_at]=2030-01-13T00:00:00.000Z',
    );
    expect(screen.getByRole('button', { name: 'View this week' })).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next week' }));
    expect(router.state.location.search).toBe('?w=2030-01-13');
    await userEvent.click(screen.getByRole('button', { name: 'Previous week' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous week' }));
    expect(router.state.location.search).toBe('?w=2029-12-30');
    await userEvent.click(screen.getByRole('button', { name: 'View this week' }));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByRole('button', { name: 'View this week' })).toBeDisabled();
  });

  it("links 'Add a Wellness block' to the new block drawer", async () => {
    setup('/my/plan?w=2030-01-08', { meetings: [] });
    expect(await screen.findByRole('link', { name: 'Add a Wellness block' })).toHaveAttribute(
      'href',
      '/my/plan/block/new?w=2030-01-06',
    );
  });
});

describe('plan screen: the week', () => {
  it('draws the meetings in the week calendar and sums the week in the side panel', async () => {
    const { router } = setup('/my/plan?w=2030-01-08', { meetings: [TUESDAY, THURSDAY] });
    const calendar = await screen.findByTestId('week-calendar');
    const event = await within(calendar).findByText('Roadmap brainstorm');
    expect(within(calendar).getByText('Budget decision')).toBeInTheDocument();
    // 2 meetings, 1 h 30 m, $97; average (57 + 100) / 2 = 79 (rounded), C+, medium.
    expect(screen.getByText('1h 30m')).toBeInTheDocument();
    expect(screen.getByText('$97')).toBeInTheDocument();
    expect(screen.getByTestId('average-score')).toHaveTextContent('79');
    expect(screen.getByText('C+')).toBeInTheDocument();
    await userEvent.click(event);
    await waitFor(() => expect(router.state.location.pathname).toBe('/my/plan/meeting/m1'));
    expect(router.state.location.search).toBe('?w=2030-01-06');
    expect(await screen.findByRole('dialog', { name: 'Roadmap brainstorm' })).toBeInTheDocument();
  });

  it('lists the week by weekday name on phones', async () => {
    mobile(true);
    setup('/my/plan?w=2030-01-08', { meetings: [THURSDAY, TUESDAY] });
    const list = await screen.findByTestId('week-list');
    const days = within(list).getAllByRole('region');
    expect(days.map((day) => day.getAttribute('aria-label'))).toEqual(['Tuesday', 'Thursday']);
    expect(within(days[0] as HTMLElement).getByText('Roadmap brainstorm')).toBeInTheDocument();
    expect(within(days[1] as HTMLElement).getByText('Budget decision')).toBeInTheDocument();
    expect(screen.queryByTestId('week-calendar')).not.toBeInTheDocument();
  });

  it('fetches a meeting that is not in the week, and goes to the plan default on a 404', async () => {
    const other = meetingFixture({
      id: 'm9',
      summary: 'Far away meeting',
      starts_at: '2031-05-05T10:00:00Z',
    });
    const first = setup('/my/plan/meeting/m9?w=2030-01-08', {
      meetings: [TUESDAY],
      handlers: { 'GET /api/v1/meetings/m9': () => jsonResponse(200, { data: meetingResource(other) }) },
    });
    expect(await screen.findByRole('dialog', { name: 'Far away meeting' })).toBeInTheDocument();
    first.unmount();

    const { router } = setup('/my/plan/meeting/nope?w=2030-01-08', { meetings: [TUESDAY] });
    await waitFor(() => expect(router.state.location.pathname).toBe('/my/plan'));
    expect(router.state.location.search).toBe('');
  });
});
