import {
  MANUAL_ACTIONS_NEED_PAID_PLAN,
  TAKE_ACTION_CONFIRMATIONS,
  TAKE_ACTION_OUTCOMES,
} from '@meetwell/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../../session/types';
import {
  createTestQueryClient,
  jsonResponse,
  mockFetch,
  renderRoutes,
  testUser,
  visibleToasts,
} from '../../test/utils';
import { MeetingModal } from './MeetingModal';
import { agendaItem, agendaItemChange, meetingFixture, meetingResource, settingsDocument } from './testing';
import type { Meeting } from './types';

type Handlers = Parameters<typeof mockFetch>[0];

function setup(
  meeting: Meeting,
  options: { user?: CurrentUser; handlers?: Handlers; evaluation?: Record<string, unknown> } = {},
) {
  const queryClient = createTestQueryClient();
  const fetchMock = mockFetch({
    [`GET /api/v1/meetings/${meeting.id}`]: () => jsonResponse(200, { data: meetingResource(meeting) }),
    'GET /api/v1/users/settings': () => jsonResponse(200, settingsDocument(options.evaluation)),
    ...options.handlers,
  });
  const onClose = vi.fn();
  const onMissing = vi.fn();
  const view = renderRoutes(
    [
      {
        path: '*',
        element: (
          <MeetingModal
            id={meeting.id}
            user={options.user ?? testUser()}
            weekQuery="?w=2030-01-06"
            onClose={onClose}
            onMissing={onMissing}
          />
        ),
      },
    ],
    { queryClient },
  );
  return { ...view, fetchMock, onClose, onMissing };
}

function bodyOf(fetchMock: ReturnType<typeof mockFetch>, method: string, path: string) {
  const call = fetchMock.mock.calls.find(
    ([url, init]) => (init?.method ?? 'GET') === method && String(url).split('?')[0] === path,
  );
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
}

describe('meeting modal: cost of a large meeting', () => {
  it('writes the number of people as the cost is written, with thousands grouped', async () => {
    setup(meetingFixture({ attendees_count: 3002, cost: 115_462 }));
    expect(await screen.findByRole('dialog', { name: 'Roadmap brainstorm' })).toBeInTheDocument();
    expect(screen.getByTestId('meeting-cost')).toHaveTextContent('$115,462');
    expect(screen.getByTestId('meeting-cost-basis')).toHaveTextContent('× 3,002 people');
  });
});

describe('meeting modal: the three variants', () => {
  it('shows a meeting: time, location, cost, score with quality label and grade, rules and details', async () => {
    setup(meetingFixture());
    expect(await screen.findByRole('dialog', { name: 'Roadmap brainstorm' })).toBeInTheDocument();
    expect(screen.getByText('Room 4')).toBeInTheDocument();
    expect(screen.getByTestId('meeting-cost')).toHaveTextContent('$77');
    expect(screen.getByTestId('score-value')).toHaveTextContent('57/100');
    expect(screen.getByText('low')).toBeInTheDocument();
    expect(screen.getByTestId('letter-grade')).toHaveTextContent('F');
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Rule', 'Score', 'Points', 'Weight', 'Grade']);
    // Rules in display order, with their labels.
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual([
      'Meeting conflicts',
      'Agenda',
    ]);
    expect(
      within(rows[1] as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Agenda', '0', '0', '20', 'F']);
    expect(screen.getByText('There is no agenda.')).toBeInTheDocument();
    expect(screen.getByText('No conflicts with your other meetings.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Present' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Help: Agenda' })).toHaveAttribute(
      'href',
      '/faq#plan-add-agenda',
    );
    expect(screen.getByRole('link', { name: 'Help: Objectives' })).toHaveAttribute(
      'href',
      '/faq#plan-add-objective',
    );
    expect(screen.getByRole('link', { name: 'Help: Pre-work' })).toHaveAttribute(
      'href',
      '/faq#plan-add-prework',
    );
  });

  it('shows the event of a Wellness block with a link to the block', async () => {
    setup(
      meetingFixture({
        summary: 'Deep work',
        wellness_block_id: 'b9',
        wellness_block_category: 'focus',
        score: null,
        results: {},
        attendees_count: 1,
      }),
    );
    expect(await screen.findByText('Focus Wellness block')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View the Wellness block' })).toHaveAttribute(
      'href',
      '/my/plan/block/b9?w=2030-01-06',
    );
    expect(screen.queryByRole('button', { name: 'Present' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows a daily report event with its text', async () => {
    setup(
      meetingFixture({
        summary: 'MeetWell daily report: B',
        description: 'Today: 4 meetings, average score 84.',
        event_report_card_id: 'r1',
        score: null,
        results: {},
      }),
    );
    expect(await screen.findByText('Daily report card')).toBeInTheDocument();
    expect(screen.getByText('Today: 4 meetings, average score 84.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Skip evaluation' })).not.toBeInTheDocument();
  });

  it('gives up on a meeting the server does not know (404)', async () => {
    const { onMissing } = setup(meetingFixture(), {
      handlers: {
        'GET /api/v1/meetings/m1': () =>
          jsonResponse(404, { errors: [{ status: '404', title: 'Not found' }] }),
      },
    });
    await waitFor(() => expect(onMissing).toHaveBeenCalled());
    expect(visibleToasts()).toEqual([]);
  });
});

describe('meeting modal: description, Required tags and attendees', () => {
  it('collapses a description over 50 characters to its first 50, with a toggle', async () => {
    const long = 'Walk through the new onboarding screens and decide what ships first.';
    setup(meetingFixture({ description: long }));
    const text = await screen.findByTestId('meeting-description');
    expect(text).toHaveAttribute('data-collapsed', 'true');
    expect(text).toHaveTextContent(`${long.slice(0, 50).trimEnd()}…`);
    const toggle = screen.getByRole('button', { name: 'Show more' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(screen.getByTestId('meeting-description')).toHaveAttribute('data-collapsed', 'false');
    expect(screen.getByTestId('meeting-description')).toHaveTextContent(long);
    expect(screen.getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('keeps a short description open, unless the meeting has agenda items', async () => {
    const { unmount } = setup(meetingFixture({ description: 'Bring ideas.' }));
    expect(await screen.findByTestId('meeting-description')).toHaveAttribute('data-collapsed', 'false');
    expect(screen.queryByRole('button', { name: /Show/ })).not.toBeInTheDocument();
    unmount();
    setup(meetingFixture({ description: 'Bring ideas.', agenda_items: [agendaItem()] }));
    const toggle = await screen.findByRole('button', { name: 'Show description' });
    expect(screen.queryByTestId('meeting-description')).not.toBeInTheDocument();
    await userEvent.click(toggle);
    expect(screen.getByTestId('meeting-description')).toHaveTextContent('Bring ideas.');
  });

  it("shows 'Required' in red on an empty required list and in green once it has items", async () => {
    setup(
      meetingFixture({
        objectives: [
          {
            id: 'o1',
            meeting_id: 'm1',
            description: 'Pick a theme',
            position: 0,
            status: 'active',
            source: 'app',
          },
        ],
      }),
      {
        evaluation: { required_agenda: true, required_objectives: true, required_prework: false },
      },
    );
    const agenda = await screen.findByRole('region', { name: 'Agenda' });
    const agendaTag = await within(agenda).findByText('Required');
    expect(agendaTag.closest('[data-state]')).toHaveAttribute('data-state', 'missing');
    expect(
      (agendaTag.closest('.mantine-Badge-root') as HTMLElement).style.getPropertyValue('--badge-color'),
    ).toContain('danger');
    const objectivesTag = within(screen.getByRole('region', { name: 'Objectives' })).getByText('Required');
    expect(objectivesTag.closest('[data-state]')).toHaveAttribute('data-state', 'met');
    expect(
      (objectivesTag.closest('.mantine-Badge-root') as HTMLElement).style.getPropertyValue('--badge-color'),
    ).toContain('success');
    // Pre-work is not required: no tag.
    expect(
      within(screen.getByRole('region', { name: 'Pre-work' })).queryByText('Required'),
    ).not.toBeInTheDocument();
  });

  it('fades and scrolls the attendee list above 5 people', async () => {
    const many = Array.from({ length: 6 }, (_, i) => ({
      email: `p${i}@northwind.example`,
      name: `Person ${i}`,
      role: 'attendee',
      optional: false,
      status: 'accepted',
      self: false,
    }));
    const { unmount } = setup(meetingFixture({ attendees: many, attendees_count: 6 }));
    expect(await screen.findByTestId('attendees-list')).toHaveAttribute('data-faded', 'true');
    unmount();
    setup(meetingFixture({ attendees: many.slice(0, 5), attendees_count: 5 }));
    expect(await screen.findByTestId('attendees-list')).toHaveAttribute('data-faded', 'false');
    expect(screen.queryByText(/ more$/)).not.toBeInTheDocument();
  });

  it('counts the invitees of a company-wide event that its list does not keep', async () => {
    const kept = Array.from({ length: 200 }, (_, i) => ({
      email: `p${String(i).padStart(3, '0')}@northwind.example`,
      name: null,
      role: i === 0 ? 'organizer' : 'attendee',
      optional: false,
      status: 'accepted',
      self: false,
    }));
    setup(meetingFixture({ attendees: kept, attendees_count: 5_000 }));
    const section = await screen.findByRole('region', { name: 'Attendees' });
    expect(within(section).getByText('Attendees (5,000)')).toBeInTheDocument();
    expect(within(section).getByText('and 4,800 more')).toBeInTheDocument();
  });
});

describe('meeting modal: skip, re-evaluate and live score', () => {
  it('skips and re-evaluates with the exact toasts', async () => {
    let skipped = false;
    const { fetchMock } = setup(meetingFixture(), {
      handlers: {
        'PATCH /api/v1/users/meetings/m1': ({ body }) => {
          skipped = (body as { data: { attributes: { skip_evaluation: boolean } } }).data.attributes
            .skip_evaluation;
          return jsonResponse(200, {
            data: meetingResource(
              meetingFixture({
                skip_evaluation: skipped,
                score: skipped ? null : 57,
                not_scored_reason: skipped ? 'skipped' : null,
              }),
            ),
          });
        },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Skip evaluation' }));
    expect(bodyOf(fetchMock, 'PATCH', '/api/v1/users/meetings/m1')).toEqual({
      data: { type: 'meetings', attributes: { skip_evaluation: true } },
    });
    await waitFor(() =>
      expect(visibleToasts().map((t) => t.message)).toContain('This meetings evaluation was skipped.'),
    );
    expect(screen.getByText('Evaluation skipped')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Re-evaluate' }));
    await waitFor(() =>
      expect(visibleToasts().map((t) => t.message)).toContain('This meeting was re-evaluated.'),
    );
    expect(screen.getByTestId('score-value')).toHaveTextContent('57/100');
  });

  it('lets an editor choose the intention, and shows the re-evaluated score', async () => {
    const { fetchMock } = setup(meetingFixture({ intention: null, score: 57 }), {
      handlers: {
        'PATCH /api/v1/meetings/m1': () =>
          jsonResponse(200, { data: meetingResource(meetingFixture({ intention: 'planning', score: 63 })) }),
      },
    });
    const picker = await screen.findByTestId('intention-picker');
    expect(picker).toHaveAttribute('placeholder', 'No intention');
    await userEvent.click(picker);
    await userEvent.click(await screen.findByRole('option', { name: 'Planning' }));
    expect(bodyOf(fetchMock, 'PATCH', '/api/v1/meetings/m1')).toEqual({
      data: { type: 'meetings', attributes: { intention: 'planning' } },
    });
    await waitFor(() => expect(screen.getByTestId('score-value')).toHaveTextContent('63/100'));
    expect(screen.getByTestId('intention-picker')).toHaveValue('Planning');
  });

  it('shows the intention without a picker to someone who cannot edit the event', async () => {
    setup(meetingFixture({ intention: 'planning', edit_permission: false }));
    expect(await screen.findByText('Planning')).toBeInTheDocument();
    expect(screen.queryByTestId('intention-picker')).not.toBeInTheDocument();
  });

  it('adds an agenda item and shows the re-evaluated score from meta.meeting', async () => {
    const item = agendaItem({ id: 'a9', description: 'Pick three themes', duration_in_mins: 15 });
    const { fetchMock } = setup(meetingFixture(), {
      handlers: {
        'POST /api/v1/meetings/m1/agenda_items': () =>
          jsonResponse(201, {
            data: { id: 'a9', type: 'agenda_items', attributes: { ...item, id: undefined } },
            meta: {
              meeting: meetingResource(
                meetingFixture({
                  score: 77,
                  quality_label: 'medium',
                  letter_grade: 'C+',
                  agenda_items: [item],
                }),
              ),
            },
          }),
      },
    });
    const agenda = await screen.findByRole('region', { name: 'Agenda' });
    await userEvent.type(
      within(agenda).getByRole('textbox', { name: 'New agenda item' }),
      'Pick three themes',
    );
    await userEvent.type(within(agenda).getByRole('textbox', { name: 'Minutes' }), '15');
    await userEvent.click(within(agenda).getByRole('button', { name: 'Add' }));
    expect(await screen.findByTestId('score-value')).toHaveTextContent('77/100');
    expect(screen.getByTestId('letter-grade')).toHaveTextContent('C+');
    expect(within(agenda).getByText('Pick three themes')).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'POST', '/api/v1/meetings/m1/agenda_items')).toEqual({
      data: { type: 'agenda_items', attributes: { description: 'Pick three themes', duration_in_mins: 15 } },
    });
  });

  it('says when a pasted item stops at the most an item holds, rather than cutting it silently', async () => {
    setup(meetingFixture());
    const agenda = await screen.findByRole('region', { name: 'Agenda' });
    const field = within(agenda).getByRole('textbox', { name: 'New agenda item' });
    await userEvent.click(field);
    await userEvent.paste('Short');
    expect(within(agenda).queryByText('An item holds at most 1,000 characters.')).not.toBeInTheDocument();
    await userEvent.clear(field);
    await userEvent.paste('x'.repeat(1_200));
    expect((field as HTMLInputElement).value).toHaveLength(1_000);
    expect(within(agenda).getByText('An item holds at most 1,000 characters.')).toBeInTheDocument();
  });

  it('reorders with the arrows by sending the new positions', async () => {
    const first = agendaItem({ id: 'a1', description: 'First', position: 0 });
    const second = agendaItem({ id: 'a2', description: 'Second', position: 1 });
    const { fetchMock } = setup(meetingFixture({ agenda_items: [first, second] }), {
      handlers: {
        'PATCH /api/v1/agenda_items/a1': () => jsonResponse(200, agendaItemChange(first)),
        'PATCH /api/v1/agenda_items/a2': () => jsonResponse(200, agendaItemChange(second)),
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Move down: First' }));
    await waitFor(() => expect(bodyOf(fetchMock, 'PATCH', '/api/v1/agenda_items/a2')).toBeDefined());
    expect(bodyOf(fetchMock, 'PATCH', '/api/v1/agenda_items/a2').data.attributes).toEqual({ position: 0 });
    expect(bodyOf(fetchMock, 'PATCH', '/api/v1/agenda_items/a1').data.attributes).toEqual({ position: 1 });
  });

  it('moves an item among many by trading places with its neighbour: two requests, whatever the gaps', async () => {
    // Positions 1 to 40: the first item was deleted, so none is at its index any more.
    const items = Array.from({ length: 40 }, (_, i) =>
      agendaItem({ id: `a${i + 1}`, description: `Item ${i + 1}`, position: i + 1 }),
    );
    const handlers: Handlers = {};
    for (const item of items)
      handlers[`PATCH /api/v1/agenda_items/${item.id}`] = () => jsonResponse(200, agendaItemChange(item));
    const { fetchMock } = setup(meetingFixture({ agenda_items: items }), { handlers });
    await userEvent.click(await screen.findByRole('button', { name: 'Move down: Item 1' }));
    await waitFor(() => expect(bodyOf(fetchMock, 'PATCH', '/api/v1/agenda_items/a2')).toBeDefined());
    const patches = fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH');
    expect(patches).toHaveLength(2);
    expect(bodyOf(fetchMock, 'PATCH', '/api/v1/agenda_items/a1').data.attributes).toEqual({ position: 2 });
    expect(bodyOf(fetchMock, 'PATCH', '/api/v1/agenda_items/a2').data.attributes).toEqual({ position: 1 });
  });

  it('sends one item for a double click on Add, and takes a second click on a bin as done', async () => {
    const item = agendaItem({ id: 'a9', description: 'Once', duration_in_mins: null });
    let answer: () => void = () => {};
    const { fetchMock } = setup(meetingFixture({ agenda_items: [agendaItem()] }), {
      handlers: {
        'POST /api/v1/meetings/m1/agenda_items': () =>
          new Promise<Response>((resolve) => {
            answer = () =>
              resolve(
                jsonResponse(
                  201,
                  agendaItemChange(item, meetingFixture({ agenda_items: [agendaItem(), item] })),
                ),
              );
          }),
        'DELETE /api/v1/agenda_items/a1': () =>
          fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE').length > 1
            ? jsonResponse(404, {
                errors: [
                  {
                    status: '404',
                    code: 'not_found',
                    title: 'Not found',
                    detail: 'The agenda item does not exist.',
                  },
                ],
              })
            : jsonResponse(
                200,
                agendaItemChange(agendaItem({ status: 'deleted' }), meetingFixture({ agenda_items: [item] })),
              ),
      },
    });
    const agenda = await screen.findByRole('region', { name: 'Agenda' });
    await userEvent.type(within(agenda).getByRole('textbox', { name: 'New agenda item' }), 'Once');
    await userEvent.dblClick(within(agenda).getByRole('button', { name: 'Add' }));
    answer();
    await waitFor(() =>
      expect(within(agenda).getByRole('textbox', { name: 'New agenda item' })).toHaveValue(''),
    );
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);

    const bin = within(agenda).getByRole('button', { name: /Delete: Screens recap/ });
    await userEvent.dblClick(bin);
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE').length).toBeGreaterThan(0),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(visibleToasts()).toEqual([]);
  });
});

describe('meeting modal: take-action panel', () => {
  it('is disabled on the trial plan with the upgrade message', async () => {
    setup(meetingFixture(), { user: testUser({ subscription_plan: 'trial' }) });
    const panel = await screen.findByRole('region', { name: 'Take action' });
    for (const name of ['Do nothing', 'Remind', 'Decline']) {
      expect(within(panel).getByRole('button', { name })).toBeDisabled();
    }
    expect(within(panel).getByText(MANUAL_ACTIONS_NEED_PAID_PLAN, { exact: false })).toBeInTheDocument();
  });

  it('reminds on a paid plan and confirms the action', async () => {
    const { fetchMock } = setup(meetingFixture(), {
      user: testUser({ subscription_plan: 'team-500' }),
      handlers: {
        'PATCH /api/v1/users/meetings/m1': () =>
          jsonResponse(200, { data: meetingResource(meetingFixture({ non_compliance_action: 'remind' })) }),
      },
    });
    const panel = await screen.findByRole('region', { name: 'Take action' });
    expect(
      within(panel).queryByText(MANUAL_ACTIONS_NEED_PAID_PLAN, { exact: false }),
    ).not.toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Remind' }));
    expect(await within(panel).findByText(TAKE_ACTION_CONFIRMATIONS.remind)).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'PATCH', '/api/v1/users/meetings/m1')).toEqual({
      data: { type: 'meetings', attributes: { non_compliance_action: 'remind' } },
    });
  });

  it("shows the server's reason, and no confirmation, when the choice cannot act", async () => {
    setup(meetingFixture(), {
      user: testUser({ subscription_plan: 'team-500' }),
      handlers: {
        'PATCH /api/v1/users/meetings/m1': () =>
          jsonResponse(409, {
            errors: [
              { status: '409', code: 'conflict', title: 'Conflict', detail: 'You organize this meeting.' },
            ],
          }),
      },
    });
    const panel = await screen.findByRole('region', { name: 'Take action' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Remind' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('You organize this meeting.');
    expect(within(panel).queryByText(TAKE_ACTION_CONFIRMATIONS.remind)).not.toBeInTheDocument();
  });

  it.each([
    [
      { response_status: 'declined', non_compliance_action: 'decline', action_status: 'done' },
      TAKE_ACTION_OUTCOMES.declined,
    ],
    [
      { response_status: 'accepted', non_compliance_action: 'decline', action_status: 'ignored' },
      TAKE_ACTION_OUTCOMES.accepted,
    ],
    [{ non_compliance_action: 'decline', action_status: 'prevented' }, TAKE_ACTION_OUTCOMES.prevented],
  ])('says what became of the meeting, with no choice left: %j', async (state, text) => {
    setup(meetingFixture(state), { user: testUser({ subscription_plan: 'team-500' }) });
    const panel = await screen.findByRole('region', { name: 'Take action' });
    expect(within(panel).getByText(text)).toBeInTheDocument();
    expect(within(panel).queryByText(TAKE_ACTION_CONFIRMATIONS.decline)).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Decline' })).not.toBeInTheDocument();
  });

  it.each([
    ['decline', TAKE_ACTION_CONFIRMATIONS.decline],
    ['do_nothing', TAKE_ACTION_CONFIRMATIONS.do_nothing],
  ])('confirms an existing %s action', async (action, text) => {
    setup(meetingFixture({ non_compliance_action: action }), {
      user: testUser({ subscription_plan: 'team-500' }),
    });
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it("shows the server's 403 message as a toast", async () => {
    setup(meetingFixture(), {
      user: testUser({ subscription_plan: 'team-500' }),
      handlers: {
        'PATCH /api/v1/users/meetings/m1': () =>
          jsonResponse(403, {
            errors: [{ status: '403', title: 'Forbidden', detail: MANUAL_ACTIONS_NEED_PAID_PLAN }],
          }),
      },
    });
    const panel = await screen.findByRole('region', { name: 'Take action' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Decline' }));
    await waitFor(() =>
      expect(visibleToasts().map((t) => t.message)).toContain(MANUAL_ACTIONS_NEED_PAID_PLAN),
    );
  });

  it.each([
    ['a past meeting', { starts_at: '2020-01-01T10:00:00Z', ends_at: '2020-01-01T11:00:00Z' }, {}],
    [
      'a meeting the user organizes',
      { organizer_email: { email: 'ada@example.com', domain: 'example.com', name: null } },
      {},
    ],
    ['a meeting without negative details', { details_negative: [] }, {}],
    ['a meeting that is not scored', { score: null }, {}],
    ['an organizer outside the allowlist', {}, { domains_allowlist: ['bigclient.example'] }],
  ] as const)('is hidden for %s', async (_label, overrides, userOverrides) => {
    setup(meetingFixture(overrides as Partial<Meeting>), {
      user: testUser(userOverrides as Partial<CurrentUser>),
    });
    await screen.findByRole('button', { name: 'Present' });
    expect(screen.queryByRole('region', { name: 'Take action' })).not.toBeInTheDocument();
  });
});

describe('meeting modal: possible Wellness block', () => {
  it('asks before converting an event with several attendees', async () => {
    const { fetchMock } = setup(
      meetingFixture({ summary: 'Lunch', maybe_wellness_block: 'true', score: null, attendees_count: 3 }),
      {
        handlers: {
          'PATCH /api/v1/meetings/m1': () =>
            jsonResponse(200, {
              data: meetingResource(
                meetingFixture({ maybe_wellness_block: 'verified_true', wellness_block_id: 'b1' }),
              ),
            }),
        },
      },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Convert to a Wellness block' }));
    const dialog = await screen.findByRole('dialog', { name: 'Convert to a Wellness block?' });
    expect(bodyOf(fetchMock, 'PATCH', '/api/v1/meetings/m1')).toBeUndefined();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Convert' }));
    await waitFor(() =>
      expect(bodyOf(fetchMock, 'PATCH', '/api/v1/meetings/m1')).toEqual({
        data: { type: 'meetings', attributes: { maybe_wellness_block: 'verified_true' } },
      }),
    );
  });

  it('ignores a suggestion at once', async () => {
    const { fetchMock } = setup(
      meetingFixture({ summary: 'Lunch', maybe_wellness_block: 'true', score: null, attendees_count: 1 }),
      {
        handlers: {
          'PATCH /api/v1/meetings/m1': () =>
            jsonResponse(200, {
              data: meetingResource(meetingFixture({ maybe_wellness_block: 'verified_false' })),
            }),
        },
      },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Ignore' }));
    await waitFor(() =>
      expect(bodyOf(fetchMock, 'PATCH', '/api/v1/meetings/m1')?.data.attributes).toEqual({
        maybe_wellness_block: 'verified_false',
      }),
    );
  });
});
