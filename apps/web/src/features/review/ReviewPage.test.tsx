import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOASTS } from '../../copy/texts';
import { queryKeys } from '../../session/queryKeys';
import type { CurrentUser } from '../../session/types';
import {
  createTestQueryClient,
  jsonResponse,
  mockFetch,
  renderRoutes,
  testUser,
  visibleToasts,
} from '../../test/utils';
import { ReviewPage } from './ReviewPage';
import { type ReportOverrides, reviewHandlers } from './testData';

vi.mock('./exportPdf', () => ({ exportReportPdf: vi.fn(async () => {}) }));

const routes = [
  { path: '/my/review', element: <ReviewPage /> },
  { path: '/my/review/:view', element: <ReviewPage /> },
  { path: '/my/review/:view/:statusFilter', element: <ReviewPage /> },
  { path: '/my/team-management', element: <p>team management</p> },
];

// Wednesday 12 March 2025: this week is Sunday 9 to Saturday 15.
const NOW = new Date('2025-03-12T15:00:00');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

function renderReview(
  path: string,
  options: { user?: Partial<CurrentUser>; overrides?: ReportOverrides; meta?: Record<string, unknown> } = {},
) {
  const fetchMock = mockFetch({
    ...reviewHandlers(options),
    'PATCH /api/v1/users': ({ body }) =>
      jsonResponse(200, {
        data: {
          id: '7',
          type: 'users',
          attributes: {
            ...testUser(options.user),
            ...(body as { data: { attributes: object } }).data.attributes,
          },
        },
      }),
    // The team as the contract answers it, with the change applied.
    'PATCH /api/v1/teams/3': ({ body }) =>
      jsonResponse(200, {
        data: {
          id: '3',
          type: 'teams',
          attributes: {
            name: 'Analytical Engines',
            license_by: 'invite',
            domain: 'engines.test',
            average_annual_salary: 95_000,
            domains_allowlist: [],
            organizer_denylist: [],
            member_count: 2,
            action_settings: null,
            ...(body as { data: { attributes: object } }).data.attributes,
          },
        },
      }),
    'POST /api/v1/meetings/sync': () =>
      jsonResponse(200, {
        data: {
          id: '7',
          type: 'synchronizations',
          attributes: { in_progress: false, started: true, calendars: 1 },
        },
      }),
  });
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(queryKeys.currentUser, testUser(options.user));
  const view = renderRoutes(routes, { path, queryClient });
  return { ...view, fetchMock };
}

const reportCalls = (fetchMock: ReturnType<typeof mockFetch>, kind: string) =>
  fetchMock.mock.calls
    .map(([url]) => String(url))
    .filter((url) => url.startsWith(`/api/v1/reports/${kind}?`));

describe('review page: view, filters and range in the URL', () => {
  it('opens the you view of this week', async () => {
    const { router, fetchMock } = renderReview('/my/review');
    await waitFor(() => expect(router.state.location.pathname).toBe('/my/review/you'));
    expect(await screen.findByText('Report card')).toBeInTheDocument();
    expect(screen.getAllByText(/This week/).length).toBeGreaterThan(0);
    await waitFor(() => expect(reportCalls(fetchMock, 'averages').length).toBeGreaterThan(0));
    expect(reportCalls(fetchMock, 'averages')[0]).toBe(
      '/api/v1/reports/averages?start=2025-03-09&end=2025-03-15&who=user&byAttendeeStatus=all',
    );
    expect(reportCalls(fetchMock, 'user_counts')).toEqual([]);
  });

  it('switches to the team view, which loads the team reports and user counts', async () => {
    const { router, fetchMock } = renderReview('/my/review/you?s=2025-03-01&e=2025-03-31');
    await screen.findByText('Report card');
    await userEvent.click(screen.getByText('Team'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my/review/team'));
    expect(router.state.location.search).toBe('?s=2025-03-01&e=2025-03-31');
    await waitFor(() => expect(reportCalls(fetchMock, 'user_counts').length).toBe(1));
    expect(reportCalls(fetchMock, 'averages').some((url) => url.includes('who=team'))).toBe(true);
  });

  it('disables the team view without a team', async () => {
    renderReview('/my/review/you', { user: { company: null } });
    await screen.findByText('Report card');
    expect(screen.getByRole('radio', { name: 'Team' })).toBeDisabled();
  });

  it('sends a team view without a team back to the you view', async () => {
    const { router } = renderReview('/my/review/team?s=2025-03-01&e=2025-03-31', { user: { company: null } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/my/review/you'));
  });

  it('filters by invite status: Accepted goes to the URL and the request; only All and Accepted can be chosen', async () => {
    const { router, fetchMock } = renderReview('/my/review/you?s=2025-03-09&e=2025-03-15');
    await screen.findByText('Report card');
    await userEvent.click(screen.getByRole('combobox', { name: 'Invite status' }));
    const listbox = await screen.findByRole('listbox');
    for (const name of ['Tentative', 'Unresponded', 'Declined']) {
      expect(within(listbox).getByRole('option', { name })).toHaveAttribute('data-combobox-disabled', 'true');
    }
    await userEvent.click(within(listbox).getByRole('option', { name: 'Accepted' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my/review/you/confirmed'));
    await waitFor(() =>
      expect(
        reportCalls(fetchMock, 'averages').some((url) => url.includes('byAttendeeStatus=confirmed')),
      ).toBe(true),
    );
  });

  it('applies a preset from the date picker and labels it', async () => {
    const { router } = renderReview('/my/review/you?s=2025-03-09&e=2025-03-15');
    await screen.findByText('Report card');
    await userEvent.click(screen.getByRole('button', { name: 'Date range: This week' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Last month' }));
    await waitFor(() => expect(router.state.location.search).toBe('?s=2025-02-01&e=2025-02-28'));
    expect(await screen.findByRole('button', { name: 'Date range: Last month' })).toBeInTheDocument();
  });

  it('ignores a range of less than a day in the URL', async () => {
    const { fetchMock } = renderReview('/my/review/you?s=2025-03-05&e=2025-03-05');
    await waitFor(() =>
      expect(reportCalls(fetchMock, 'averages')[0]).toContain('start=2025-03-09&end=2025-03-15'),
    );
  });

  it('labels a range that ends today as the last N days', async () => {
    renderReview('/my/review/you?s=2025-03-03&e=2025-03-12');
    expect(await screen.findByRole('button', { name: 'Date range: Last 10 days' })).toBeInTheDocument();
  });
});

describe('review page: blocks', () => {
  it('shows the report card, the leaderboard, the evaluation tables, the wellness tiles and MISC', async () => {
    renderReview('/my/review/you?s=2025-03-09&e=2025-03-15');
    const card = await screen.findByRole('region', { name: 'Report card' });
    expect(await within(card).findByText('81')).toBeInTheDocument();
    expect(within(card).getByText('$520')).toBeInTheDocument();
    expect(within(card).getByText(/plenty of time/)).toBeInTheDocument();
    const leaderboard = await screen.findByRole('list', { name: 'Leaderboard' });
    expect(
      within(leaderboard)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('Ada Lovelace'), expect.stringContaining('Dana (Vendor)')]);
    expect(within(leaderboard).getByText(/2 nudges/)).toBeInTheDocument();
    expect(screen.getByText('INTENTIONS')).toBeInTheDocument();
    expect(screen.getByText('RECURRING & ALL-DAY')).toBeInTheDocument();
    expect(screen.getByText('MISC')).toBeInTheDocument();
    const organizers = screen.getByRole('table', { name: 'All organizers' });
    const names = within(organizers)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[0]?.textContent);
    expect(names[0]).toContain('Dana (Vendor)'); // 3 meetings before 1
    const wellness = screen.getByRole('region', { name: 'Wellness' });
    expect(within(wellness).getByText('Focus block conflicts')).toBeInTheDocument();
    expect(within(wellness).getByText(/1 the previous 7 days/)).toBeInTheDocument();
  });

  it('gives a team its time in meetings per member, and says so', async () => {
    renderReview('/my/review/team?s=2025-03-09&e=2025-03-15', {
      overrides: {
        duration_and_costs: { members: 5, work_hours_spent: { spent_hours: 12, percent_of_time: 30 } },
      },
    });
    const card = await screen.findByRole('region', { name: 'Report card' });
    expect(await within(card).findByText('12 h')).toBeInTheDocument();
    expect(within(card).getByText(/^Per member of 5: 30(\.0)? ?% of 40 work hours/)).toBeInTheDocument();
  });

  it('sorts the organizers by another column when its header is clicked', async () => {
    renderReview('/my/review/you?s=2025-03-09&e=2025-03-15');
    const organizers = await screen.findByRole('table', { name: 'All organizers' });
    await userEvent.click(within(organizers).getByRole('button', { name: /Organizer/ }));
    const first = within(organizers).getAllByRole('row')[1];
    expect(first?.textContent).toContain('Ada Lovelace');
  });

  it('shows the ROI calculator with its defaults (6 teammates, 80,000, 15 hours)', async () => {
    renderReview('/my/review/you?s=2025-03-09&e=2025-03-15');
    expect(await screen.findByLabelText('Teammates')).toHaveValue('6');
    expect(screen.getByLabelText('Salary per teammate')).toHaveValue('$80,000');
    expect(screen.getByTestId('roi-hourly')).toHaveTextContent('$231');
    expect(screen.getByTestId('roi-break-even')).toHaveTextContent('2 hours a year');
  });

  it('exports a PDF titled with the date range, then says so', async () => {
    const { exportReportPdf } = await import('./exportPdf');
    renderReview('/my/review/you?s=2025-03-01&e=2025-03-31');
    await screen.findByText('Report card');
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'PDF report' }));
    expect(await screen.findByText('Download successful!')).toBeInTheDocument();
    expect(exportReportPdf).toHaveBeenCalledWith(
      expect.objectContaining({
        range: { start: '2025-03-01', end: '2025-03-31' },
        subtitle: 'Your meetings · This month · March 1st 2025 - March 31st 2025',
        reports: expect.objectContaining({
          averages: expect.objectContaining({ rows: expect.objectContaining({ average: 81, total: 4 }) }),
          nudges: { rows: [{ day: '2025-03-11', count: 2 }], total: 2 },
        }),
      }),
      {
        title: 'MeetWell review: March 1st 2025 - March 31st 2025',
        fileName: 'MeetWell review March 1st 2025 - March 31st 2025.pdf',
      },
    );
  });

  it('links the CSV exports to the period, people and statuses on screen', async () => {
    renderReview('/my/review/team/confirmed?s=2025-03-01&e=2025-03-31');
    await screen.findByText('Report card');
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    const query = '?start=2025-03-01&end=2025-03-31&who=team&byAttendeeStatus=confirmed';
    expect(await screen.findByRole('menuitem', { name: 'Report tables (CSV)' })).toHaveAttribute(
      'href',
      `/api/v1/reports/export/report.csv${query}`,
    );
    expect(screen.getByRole('menuitem', { name: 'Meetings (CSV)' })).toHaveAttribute(
      'href',
      `/api/v1/reports/export/meetings.csv${query}`,
    );
  });
});

describe('review page: empty states', () => {
  it('says "No stats available" when the synced range has no matching meetings', async () => {
    renderReview('/my/review/you?s=2025-03-09&e=2025-03-15', {
      overrides: { averages: { total: 0, average: null } },
    });
    expect(await screen.findByText('No stats available')).toBeInTheDocument();
    expect(screen.queryByText('Report card')).not.toBeInTheDocument();
  });

  it('offers to connect a calendar, not to re-sync, to a person without one', async () => {
    renderReview('/my/review/you?s=2025-03-09&e=2025-03-15', {
      overrides: { averages: { total: 0, average: null } },
      meta: { synced_from: null, synced_to: null, calendars: 0 },
    });
    expect(await screen.findByText('No calendar connected')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Connect a calendar' })).toHaveAttribute('href', '/my/account');
    expect(screen.queryByText('Meetings not synced')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Re-sync' })).not.toBeInTheDocument();
  });

  it('says "Meetings not synced" outside the synced range, and re-syncs', async () => {
    const { fetchMock } = renderReview('/my/review/you?s=2025-03-09&e=2025-03-15', {
      overrides: { averages: { total: 0, average: null } },
      meta: { synced_from: '2025-04-01T00:00:00Z', synced_to: '2025-07-01T00:00:00Z' },
    });
    expect(await screen.findByText('Meetings not synced')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Re-sync' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([url]) => String(url)),
      ).toContain('/api/v1/meetings/sync'),
    );
    // The answer was read as the contract's: the toast says the sync started.
    await waitFor(() => expect(visibleToasts().map((toast) => toast.message)).toContain(TOASTS.syncing));
  });

  it('says the team is not here (yet), with a link to add members', async () => {
    renderReview('/my/review/team?s=2025-03-09&e=2025-03-15', {
      overrides: { user_counts: { evaluatable_users: 1, total_users: 1 } },
    });
    expect(await screen.findByText("Aw, crap! Your team isn't here (yet).")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add team members' })).toHaveAttribute(
      'href',
      '/my/team-management',
    );
  });
});

describe('review page: average salary', () => {
  it('keeps Save off while unchanged, then saves the user’s salary and reloads the reports', async () => {
    const { fetchMock } = renderReview('/my/review/you?s=2025-03-09&e=2025-03-15');
    const input = await screen.findByRole('textbox', { name: 'Annual salary' });
    await waitFor(() => expect(input).toHaveValue('95,000'));
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    expect(screen.getByText('Please edit the salary')).toBeInTheDocument();
    await userEvent.clear(input);
    await userEvent.type(input, '1,2');
    expect(save).toBeDisabled();
    expect(screen.getByText('Enter a whole number, like 80,000')).toBeInTheDocument();
    await userEvent.clear(input);
    await userEvent.type(input, '999,999,999,999');
    expect(save).toBeDisabled();
    expect(screen.getByText('Enter at most 100,000,000')).toBeInTheDocument();
    await userEvent.clear(input);
    await userEvent.type(input, '102,500');
    expect(save).toBeEnabled();
    const before = reportCalls(fetchMock, 'duration_and_costs').length;
    await userEvent.click(save);
    await waitFor(() => {
      const patch = fetchMock.mock.calls.find(
        ([url, init]) => String(url) === '/api/v1/users' && init?.method === 'PATCH',
      );
      expect(JSON.parse(String(patch?.[1]?.body))).toEqual({
        data: { type: 'users', attributes: { annual_salary: 102_500 } },
      });
    });
    await waitFor(() => expect(reportCalls(fetchMock, 'duration_and_costs').length).toBeGreaterThan(before));
  });

  it('edits the team’s salary in the team view for admins', async () => {
    const { fetchMock } = renderReview('/my/review/team?s=2025-03-09&e=2025-03-15');
    const input = await screen.findByRole('textbox', { name: 'Annual salary' });
    await waitFor(() => expect(input).toHaveValue('95,000'));
    await userEvent.clear(input);
    await userEvent.type(input, '90000');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      const patch = fetchMock.mock.calls.find(([url]) => String(url) === '/api/v1/teams/3');
      expect(JSON.parse(String(patch?.[1]?.body))).toEqual({
        data: { type: 'teams', attributes: { average_annual_salary: 90_000 } },
      });
    });
    await waitFor(() =>
      expect(visibleToasts().map((toast) => toast.message)).toContain('Average salary saved.'),
    );
  });

  it('hides the team salary from members who are not admins', async () => {
    const member = testUser();
    renderReview('/my/review/team?s=2025-03-09&e=2025-03-15', {
      user: { company: { ...member.company!, roles: [] } },
    });
    await screen.findByText('Report card');
    expect(screen.queryByRole('textbox', { name: 'Annual salary' })).not.toBeInTheDocument();
  });
});
