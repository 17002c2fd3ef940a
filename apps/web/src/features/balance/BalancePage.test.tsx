import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, testUser, userDocument, visibleToasts } from '../../test/utils';
import { meetingFixture, meetingResource } from '../meeting/testing';
import { reportDocument } from '../review/testData';
import { BalancePage } from './BalancePage';
import { ok, renderSignedIn, requestBody, settingsDocument } from './testing';

vi.setConfig({ testTimeout: 30_000 });

const routes = [
  '/my/balance',
  '/my/balance/:view',
  '/my/balance/:view/:subView',
  '/my/balance/wellness-blocks/block/:blockId',
].map((path) => ({ path, element: <BalancePage /> }));

const HOUR = 3_600_000;

/** What the lists' changes answer (the user) and what accepting a meeting answers (the meeting). */
const savedUser = { data: userDocument().data };
const accepted = { data: meetingResource(meetingFixture({ id: 'm2', summary: 'Sync 2' })) };

function action(id: string, deadlineOffsetMs: number, extra: Record<string, unknown> = {}) {
  return {
    id,
    type: 'actions',
    attributes: {
      action: 'decline',
      status: 'scheduled',
      manual: false,
      organizer_email: 'pat@vendor.io',
      meeting_id: `m${id}`,
      meeting_summary: `Sync ${id}`,
      meeting_starts_at: new Date(Date.now() + deadlineOffsetMs + 12 * HOUR).toISOString(),
      meeting_ends_at: new Date(Date.now() + deadlineOffsetMs + 13 * HOUR).toISOString(),
      details_negative: { required_agenda: 'This meeting has no agenda.' },
      compliance_deadline: new Date(Date.now() + deadlineOffsetMs).toISOString(),
      queued: deadlineOffsetMs < 0,
      performed_at: null,
      organizer_notes: null,
      ...extra,
    },
  };
}

/** The window the lists asked for (meta; not read by the screen). */
const ACTIONS_WINDOW = { starts_at: '2026-03-01T00:00:00.000Z', ends_at: '2026-03-08T00:00:00.000Z' };

function actionHandlers(extra: Parameters<typeof mockFetch>[0] = {}) {
  return {
    'GET /api/v1/users/settings': ok(settingsDocument()),
    'GET /api/v1/future_actions': ok({
      data: [action('1', -HOUR), action('2', 30 * HOUR)],
      meta: ACTIONS_WINDOW,
    }),
    'GET /api/v1/past_actions': ok({
      meta: ACTIONS_WINDOW,
      data: [
        action('3', -50 * HOUR, {
          status: 'prevented',
          performed_at: new Date(Date.now() - 48 * HOUR).toISOString(),
          organizer_notes: 'Agenda added.',
        }),
      ],
    }),
    'GET /api/v1/maybe_wellness_blocks': ok({ data: [] }),
    'GET /api/v1/users/job_failures': ok({ data: [] }),
    ...extra,
  };
}

const bodyOf = (fetch: ReturnType<typeof mockFetch>, method: string, path: string) =>
  requestBody(fetch, method, path);

describe('Balance screen', () => {
  it('opens the Auto-balance view by default, with its sub-navigation', async () => {
    mockFetch(actionHandlers());
    const { router } = renderSignedIn(routes, { path: '/my/balance' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/my/balance/action'));
    expect(await screen.findByRole('tab', { name: 'Auto-balance' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Meeting evaluations' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Wellness blocks' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: /Choose plan/ })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Wellness blocks' }));
    expect(router.state.location.pathname).toBe('/my/balance/wellness-blocks');
  });

  it('says when Auto-Balance has stopped, and tries again when asked', async () => {
    const user = userEvent.setup({ delay: null });
    const failure = {
      type: 'job_failures',
      id: 'autobalance_user',
      attributes: {
        job: 'autobalance_user',
        reason: 'PostgreSQL 53100: disk full',
        failed_at: '2026-03-02T09:30:00.000Z',
      },
    };
    let failed = true;
    const fetch = mockFetch(
      actionHandlers({
        'GET /api/v1/users/job_failures': () => jsonResponse(200, { data: failed ? [failure] : [] }),
        'POST /api/v1/users/job_failures/autobalance_user/retry': () => {
          failed = false;
          return jsonResponse(202, { data: failure });
        },
      }),
    );
    renderSignedIn(routes, { path: '/my/balance/action' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Auto-Balance has stopped');
    expect(alert).toHaveTextContent(
      'Auto-Balance could not go through your meetings (last tried March 2nd at 9:30 am)',
    );
    expect(alert).not.toHaveTextContent('PostgreSQL');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(
        fetch.mock.calls.some(
          ([url, init]) =>
            String(url).endsWith('/api/v1/users/job_failures/autobalance_user/retry') &&
            init?.method === 'POST',
        ),
      ).toBe(true),
    );
    await waitFor(() => expect(screen.queryByText('Auto-Balance has stopped')).not.toBeInTheDocument());
  });

  it("labels a future action's meeting date and its compliance deadline, so neither reads like the other", async () => {
    mockFetch(
      actionHandlers({
        'GET /api/v1/future_actions': ok({
          meta: ACTIONS_WINDOW,
          data: [
            action('9', 0, {
              organizer_email: 'quinn@vendor.io',
              meeting_starts_at: '2037-11-30T10:00:00.000Z',
              meeting_ends_at: '2037-11-30T11:00:00.000Z',
              compliance_deadline: '2037-11-29T22:30:00.000Z',
              queued: false,
            }),
          ],
        }),
      }),
    );
    renderSignedIn(routes, { path: '/my/balance/action' });
    const future = await screen.findByRole('region', { name: 'Future actions' });
    expect(
      await within(future).findByText(
        'Organized by quinn@vendor.io · Meeting Monday, November 30th at 10:00 am · Compliance deadline November 29th at 10:30 pm',
      ),
    ).toBeInTheDocument();
  });

  it('shows the preferences, the action panel and the future actions', async () => {
    const user = userEvent.setup({ delay: null });
    const fetch = mockFetch(actionHandlers({ 'POST /api/v1/users/meetings/accept/m2': ok(accepted) }));
    renderSignedIn(routes, { path: '/my/balance/action' });
    for (const group of ['Time and duration', 'Content', 'Attendees']) {
      expect(await screen.findByRole('region', { name: group })).toBeInTheDocument();
    }
    const time = screen.getByRole('region', { name: 'Time and duration' });
    expect(within(time).getByText('Desired duration')).toBeInTheDocument();
    expect(within(time).getByText('90 minutes')).toBeInTheDocument();
    expect(within(time).getAllByText('Prevent')).toHaveLength(2);
    expect(
      within(screen.getByRole('region', { name: 'Attendees' })).getByText('Coming soon'),
    ).toBeInTheDocument();

    expect(screen.getByText('Hours ahead of a meeting when MeetWell will take action')).toBeInTheDocument();
    expect(screen.getByText('12 hours')).toBeInTheDocument();
    expect(screen.getByText('Recommended')).toBeInTheDocument();
    expect(screen.getByText('Before and after an action')).toBeInTheDocument();

    const future = screen.getByRole('region', { name: 'Future actions' });
    const rows = await within(future).findAllByRole('listitem', {}, { timeout: 5000 });
    const [first, second] = rows.filter(
      (row) => row.parentElement?.parentElement === future.firstElementChild,
    ) as HTMLElement[];
    expect(within(first as HTMLElement).getByText('queued to happen soon')).toBeInTheDocument();
    expect(within(second as HTMLElement).queryByText('queued to happen soon')).not.toBeInTheDocument();
    expect(within(second as HTMLElement).getByText(/ at \d{1,2}:\d{2} (am|pm)/)).toBeInTheDocument();
    expect(within(first as HTMLElement).getByText('This meeting has no agenda.')).toBeInTheDocument();

    const past = screen.getByRole('region', { name: 'Past actions' });
    expect(await within(past).findByText(/Prevented by the organizer/)).toBeInTheDocument();
    expect(within(past).getByText("Organizer's note: “Agenda added.”")).toBeInTheDocument();
    expect(within(past).queryByRole('button', { name: /Ignore/ })).not.toBeInTheDocument();

    await user.click(within(second as HTMLElement).getByRole('button', { name: 'Ignore Sync 2' }));
    await waitFor(() =>
      expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/api/v1/users/meetings/accept/m2'))).toBe(
        true,
      ),
    );
    const futureCall = fetch.mock.calls.find(([url]) => String(url).includes('/api/v1/future_actions'));
    // The person is told, even though the row that asked is gone from the refreshed list.
    await waitFor(() => expect(visibleToasts().map((t) => t.message)).toContain('You accepted “Sync 2”.'));
    // No start: actions queued past their deadline stay listed.
    expect(String(futureCall?.[0])).toMatch(/\?by_period\[ends_at\]=[^&]+$/);
    const pastCall = fetch.mock.calls.find(([url]) => String(url).includes('/api/v1/past_actions'));
    expect(String(pastCall?.[0])).toMatch(/by_period\[starts_at\]=.+&by_period\[ends_at\]=/);
  });

  it('saves an action setting from its edit popover', async () => {
    const user = userEvent.setup({ delay: null });
    const fetch = mockFetch(
      actionHandlers({
        'PATCH /api/v1/users/settings': () =>
          jsonResponse(200, settingsDocument({ action_settings: { compliance_deadline: 24 } })),
      }),
    );
    renderSignedIn(routes, { path: '/my/balance/action' });
    await user.click(await screen.findByRole('button', { name: 'Edit Compliance deadline' }));
    const popover = await screen.findByRole('dialog', { name: 'Edit Compliance deadline' });
    expect(within(popover).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.click(within(popover).getByRole('radio', { name: '24 hours' }));
    await user.click(within(popover).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodyOf(fetch, 'PATCH', '/users/settings')).toEqual({
        data: { type: 'user_settings', attributes: { action_settings: { compliance_deadline: 24 } } },
      }),
    );
    expect(await screen.findByText('24 hours')).toBeInTheDocument();
  });

  it('asks to confirm a VIP reached by ?addVIP= and saves it', async () => {
    const user = userEvent.setup({ delay: null });
    const fetch = mockFetch(
      actionHandlers({
        'POST /api/v1/users/denylisted_organizers/bulk': ok(savedUser),
      }),
    );
    const { router } = renderSignedIn(routes, {
      path: '/my/balance/action?addVIP=Boss%40Acme.com',
      user: { organizer_denylist: ['cfo@acme.com'] },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Add a VIP?' });
    expect(within(dialog).getByText('boss@acme.com')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save as VIP' }));
    await waitFor(() =>
      expect(bodyOf(fetch, 'POST', '/users/denylisted_organizers/bulk')?.data.attributes).toEqual({
        email_list: ['cfo@acme.com', 'boss@acme.com'],
      }),
    );
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('keeps Save off for a VIP list longer than a list holds, and says how many to remove', async () => {
    const user = userEvent.setup({ delay: null });
    mockFetch(actionHandlers({}));
    renderSignedIn(routes, { path: '/my/balance/action' });
    const region = await screen.findByRole('region', { name: 'Who gets enforced?' });
    const [vipSave] = within(region).getAllByRole('button', { name: 'Save' }) as [HTMLElement];
    await user.click(within(region).getByRole('textbox', { name: 'VIPs' }));
    await user.paste(Array.from({ length: 501 }, (_, i) => `p${i}@acme.com`).join(', '));
    expect(
      await within(region).findByText('A list holds at most 500 entries: remove 1 entry.'),
    ).toBeInTheDocument();
    expect(vipSave).toBeDisabled();
    await user.click(within(region).getByRole('button', { name: 'Remove p500@acme.com' }));
    expect(within(region).queryByText(/A list holds at most/)).not.toBeInTheDocument();
    expect(vipSave).toBeEnabled();
  });

  it('saves the VIP list and the domain list by their rules', async () => {
    const user = userEvent.setup({ delay: null });
    const fetch = mockFetch(
      actionHandlers({
        'POST /api/v1/users/denylisted_organizers/bulk': ok(savedUser),
        'PATCH /api/v1/users': ok(savedUser),
      }),
    );
    const base = testUser();
    renderSignedIn(routes, {
      path: '/my/balance/action',
      user: {
        company: {
          ...base.company!,
          roles: [],
          domains_allowlist: [],
          organizer_denylist: ['chair@acme.com'],
        },
      },
    });
    const region = await screen.findByRole('region', { name: 'Who gets enforced?' });
    const [vipSave, domainSave] = within(region).getAllByRole('button', { name: 'Save' }) as [
      HTMLElement,
      HTMLElement,
    ];
    expect(vipSave).toBeDisabled();
    expect(domainSave).toBeDisabled();
    expect(
      within(region).getByLabelText('chair@acme.com (This email was added by your team.)'),
    ).toBeInTheDocument();

    await user.type(within(region).getByRole('textbox', { name: 'VIPs' }), 'ceo@acme.com{Enter}');
    expect(vipSave).toBeEnabled();
    await user.click(vipSave);
    await waitFor(() =>
      expect(bodyOf(fetch, 'POST', '/users/denylisted_organizers/bulk')?.data.attributes).toEqual({
        email_list: ['ceo@acme.com'],
      }),
    );

    // Domains: 'All' → 'Some' with an empty list cannot be saved.
    await user.click(within(region).getByRole('radio', { name: 'Some' }));
    expect(domainSave).toBeDisabled();
    await user.type(within(region).getByRole('textbox', { name: 'Domains' }), 'vendor.io{Enter}');
    expect(domainSave).toBeEnabled();
    await user.click(domainSave);
    await waitFor(() =>
      expect(bodyOf(fetch, 'PATCH', '/api/v1/users')?.data).toEqual({
        type: 'users',
        attributes: { domains_allowlist: ['vendor.io'] },
      }),
    );
  });

  it('converts a possible Wellness block (confirming when others are invited) or ignores it', async () => {
    const user = userEvent.setup({ delay: null });
    const meeting = (id: string, summary: string, attendees: number) =>
      meetingResource(
        meetingFixture({
          id,
          summary,
          starts_at: '2030-01-07T12:00:00Z',
          ends_at: '2030-01-07T13:00:00Z',
          recurring_meeting: true,
          maybe_wellness_block: 'true',
          maybe_wellness_block_category: 'Life',
          attendees_count: attendees,
        }),
      );
    const possible = (id: string, summary: string, attendees: number) => ({
      id,
      type: 'maybe_wellness_blocks',
      attributes: {
        meeting_id: id,
        summary,
        starts_at: '2030-01-07T12:00:00.000Z',
        ends_at: '2030-01-07T13:00:00.000Z',
        recurring_meeting: true,
        attendees_count: attendees,
        maybe_wellness_block_category: 'Life',
        category: 'life',
      },
    });
    const fetch = mockFetch(
      actionHandlers({
        'GET /api/v1/maybe_wellness_blocks': ok({
          data: [possible('p1', 'Lunch', 1), possible('p2', 'Run club', 4)],
        }),
        'PATCH /api/v1/meetings/p1': () => jsonResponse(200, { data: meeting('p1', 'Lunch', 1) }),
        'PATCH /api/v1/meetings/p2': () => jsonResponse(200, { data: meeting('p2', 'Run club', 4) }),
      }),
    );
    renderSignedIn(routes, { path: '/my/balance/action' });
    const region = await screen.findByRole('region', { name: 'Possible Wellness blocks' });
    await user.click(within(region).getByRole('button', { name: 'Ignore Lunch' }));
    await waitFor(() =>
      expect(requestBody(fetch, 'PATCH', '/meetings/p1')?.data).toEqual({
        type: 'meetings',
        attributes: { maybe_wellness_block: 'verified_false' },
      }),
    );
    await user.click(within(region).getByRole('button', { name: 'Convert Run club to a Wellness block' }));
    const confirm = await screen.findByRole('dialog', { name: 'Make this meeting a Wellness block?' });
    await user.click(within(confirm).getByRole('button', { name: 'Convert' }));
    await waitFor(() =>
      expect(requestBody(fetch, 'PATCH', '/meetings/p2')?.data.attributes).toEqual({
        maybe_wellness_block: 'verified_true',
      }),
    );
  });

  it('locks the evaluation settings for non-admins', async () => {
    mockFetch({
      'GET /api/v1/users/settings': ok(settingsDocument({ can_edit_evaluation_settings: false })),
    });
    renderSignedIn(routes, {
      path: '/my/balance/evaluation',
      user: { company: { ...testUser().company!, roles: [] } },
    });
    expect(await screen.findByText('Locked! You cannot make changes')).toBeInTheDocument();
    expect(
      screen.getByText(
        /Only your team's administrators can edit the evaluation settings\. Contact your billing admin/,
      ),
    ).toBeInTheDocument();
    const settings = screen.getByRole('region', { name: 'Evaluation settings' });
    expect(within(settings).queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
    expect(within(settings).getByText('Wellness block conflicts')).toBeInTheDocument();
    expect(within(settings).getAllByText('20 / 100')).toHaveLength(2);
    expect(within(settings).getAllByText('15 / 100')).toHaveLength(2);
    expect(screen.getByRole('region', { name: 'Meetings to ignore' })).toHaveTextContent('All-day meetings');
    // No averages report yet (404): the card shows without data.
    expect(await screen.findByText('No stats available.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Team enforcement' })).not.toBeInTheDocument();
  });

  it('lets admins edit the evaluation settings and shows the team grade', async () => {
    const user = userEvent.setup({ delay: null });
    const fetch = mockFetch({
      'GET /api/v1/users/settings': ok(settingsDocument({ can_edit_evaluation_settings: true })),
      'GET /api/v1/reports/averages': ({ url }) => {
        const report = reportDocument('averages', url);
        return jsonResponse(200, {
          ...report,
          data: { ...report.data, attributes: { ...report.data.attributes, average: 84.4 } },
        });
      },
      'PATCH /api/v1/users/settings': () =>
        jsonResponse(200, settingsDocument({ evaluation_settings: { ignore_all_hands_meetings: false } })),
    });
    renderSignedIn(routes, { path: '/my/balance/evaluation' });
    expect(await screen.findByText('84')).toBeInTheDocument();
    expect(screen.getByText('B')).toBeInTheDocument();
    expect(screen.queryByText('Locked! You cannot make changes')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit All-hands meetings' }));
    const popover = await screen.findByRole('dialog', { name: 'Edit All-hands meetings' });
    await user.click(within(popover).getByRole('radio', { name: 'Not ignored' }));
    await user.click(within(popover).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodyOf(fetch, 'PATCH', '/users/settings')?.data.attributes).toEqual({
        evaluation_settings: { ignore_all_hands_meetings: false },
      }),
    );
    const averages = fetch.mock.calls.find(([url]) => String(url).includes('/reports/averages'));
    expect(String(averages?.[0])).toMatch(/who=team&start=\d{4}-\d{2}-\d{2}&end=\d{4}-\d{2}-\d{2}/);
  });

  it('opens the plan chooser via the sub-view and closes to the action view', async () => {
    const user = userEvent.setup({ delay: null });
    mockFetch(actionHandlers());
    const { router } = renderSignedIn(routes, { path: '/my/balance/action/choose-plan' });
    const dialog = await screen.findByRole('dialog', { name: 'Choose a plan' });
    expect(within(dialog).getByRole('heading', { name: 'Our plans' })).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: "What you'll get" })).toBeInTheDocument();
    expect(within(dialog).getByText('Just you')).toBeInTheDocument();
    expect(within(dialog).getByText('Your team')).toBeInTheDocument();
    expect(within(dialog).queryByText('Trial')).not.toBeInTheDocument();
    expect(within(dialog).getByText('$5')).toBeInTheDocument();
    expect(within(dialog).getByText('$50')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Contact us' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:/),
    );

    expect(within(dialog).getByText('You are on the free trial: 10 days left.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Select Solo' }));
    expect(within(dialog).getByRole('button', { name: 'Choose Solo' })).toBeEnabled();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my/balance/action'));
  });

  it("tells non-admins 'Only admins can choose a plan'", async () => {
    mockFetch(actionHandlers());
    renderSignedIn(routes, {
      path: '/my/balance/action/choose-plan',
      user: { company: { ...testUser().company!, roles: [] } },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Choose a plan' });
    expect(within(dialog).getByText('Only admins can choose a plan')).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'Select Solo' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Choose a plan' })).toBeDisabled();
  });
});
