import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/utils';
import {
  block,
  blockDocument,
  blocksDocument,
  calendarsDocument,
  ok,
  renderSignedIn,
  requestBody,
} from '../balance/testing';
import { drawerParentPath, WellnessBlockDrawerRoute } from './WellnessBlockDrawer';

// Mantine in jsdom on a shared 2-core machine: give the longer journeys room.
vi.setConfig({ testTimeout: 20_000 });

const ONE_CALENDAR = calendarsDocument([{ id: 'c1', name: 'Work', watching: true }]);
const goal = (id: string, name: string) => ({
  id,
  type: 'goals',
  attributes: { name, category: 'life', selected: false },
});
const GOALS = {
  data: [goal('1', 'Exercise more'), goal('2', 'Spend time with family'), goal('3', 'Read more')],
};

const routes = [
  { path: '/my/balance/wellness-blocks', element: <p>The list</p> },
  { path: '/my/balance/wellness-blocks/block/:blockId', element: <WellnessBlockDrawerRoute /> },
];

function setup({
  blockId = 'new',
  blocks = [],
  calendars = ONE_CALENDAR,
  goalIds = [1, 3],
  extra = {},
}: {
  blockId?: string;
  blocks?: ReturnType<typeof block>[];
  calendars?: unknown;
  goalIds?: number[];
  extra?: Parameters<typeof mockFetch>[0];
} = {}) {
  const fetch = mockFetch({
    'GET /api/v1/wellness_blocks': ok(blocksDocument(blocks)),
    'GET /api/v1/calendars': ok(calendars),
    'GET /api/v1/goals': ok(GOALS),
    ...extra,
  });
  const view = renderSignedIn(routes, {
    path: `/my/balance/wellness-blocks/block/${blockId}`,
    user: { goal_ids: goalIds },
  });
  return { ...view, fetch };
}

async function openDrawer(title: string) {
  return screen.findByRole('dialog', { name: title });
}

function dayToggle(name: string) {
  return screen.getByRole('button', { name });
}

async function pickTime(user: ReturnType<typeof userEvent.setup>, field: 'From' | 'To', label: string) {
  await user.click(screen.getByRole('combobox', { name: field }));
  await user.click(await screen.findByRole('option', { name: label }));
}

describe('Wellness block drawer', () => {
  it('opens a new block with the defaults: 1:00–2:00 pm, focus, no days', async () => {
    setup();
    await openDrawer('New weekly Wellness block');
    await screen.findByRole('textbox', { name: 'Name' });
    expect(screen.getByRole('combobox', { name: 'From' })).toHaveValue('1:00 pm');
    expect(screen.getByRole('combobox', { name: 'To' })).toHaveValue('2:00 pm');
    expect(screen.getByRole('radio', { name: 'Focus' })).toBeChecked();
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']) {
      expect(dayToggle(day)).toHaveAttribute('aria-pressed', 'false');
    }
    for (const title of ['What for?', 'What kind of block?', 'Which days?', 'What time?']) {
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    }
    // One watched calendar: no calendar choice.
    expect(screen.queryByRole('heading', { name: 'Which Calendar?' })).not.toBeInTheDocument();
  });

  it('shows the validation messages on Save, then creates the block and closes', async () => {
    const user = userEvent.setup({ delay: null });
    const existing = block({ id: 'b9', label: 'Lunch walk' }); // Monday and Wednesday 1:00–2:00 pm
    const { fetch, router } = setup({
      blocks: [existing],
      extra: {
        'POST /api/v1/wellness_blocks': () => jsonResponse(201, blockDocument(block({ id: 'b10' }))),
      },
    });
    await openDrawer('New weekly Wellness block');
    const save = await screen.findByRole('button', { name: 'Save' });

    await user.click(save);
    expect(await screen.findByRole('alert')).toHaveTextContent('Please add a label.');

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Gym');
    await user.click(save);
    expect(screen.getByRole('alert')).toHaveTextContent('Please pick one or multiple days.');

    await user.click(dayToggle('Monday'));
    await pickTime(user, 'To', '12:00 pm');
    await user.click(save);
    expect(screen.getByRole('alert')).toHaveTextContent('Please pick a valid start and end time.');

    await pickTime(user, 'To', '2:00 pm');
    await user.click(save);
    expect(screen.getByRole('alert')).toHaveTextContent(
      "Please pick a time range that doesn't overlap with an existing Wellness block.",
    );

    await user.click(dayToggle('Monday'));
    await user.click(dayToggle('Tuesday'));
    await user.click(screen.getByRole('radio', { name: 'Life' }));
    await user.click(save);

    await waitFor(() =>
      expect(fetch.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === 'POST')).toBe(
        true,
      ),
    );
    const body = requestBody(fetch, 'POST')!;
    expect(body.data.type).toBe('wellness_blocks');
    expect(body.data.attributes).toMatchObject({
      label: 'Gym',
      category: 'life',
      calendar_id: 'c1',
      rrule: 'RRULE:FREQ=WEEKLY;BYDAY=TU',
    });
    const starts = new Date(String(body.data.attributes.starts_at));
    const ends = new Date(String(body.data.attributes.ends_at));
    expect(starts.getUTCDay()).toBe(2);
    expect(starts.getUTCHours()).toBe(13);
    expect(ends.getTime() - starts.getTime()).toBe(3_600_000);
    // The drawer closes, then (300 ms later) the route goes back to the list.
    await waitFor(() => expect(router.state.location.pathname).toBe('/my/balance/wellness-blocks'));
  });

  it("'Every' switches all seven days on and off, and is pressed when all are", async () => {
    const user = userEvent.setup({ delay: null });
    setup();
    await openDrawer('New weekly Wellness block');
    const group = await screen.findByRole('group', { name: 'Days of the week' });
    const buttons = within(group).getAllByRole('button');
    expect(buttons[0]).toHaveTextContent('Every');
    expect(buttons.slice(1).map((b) => b.getAttribute('aria-label'))).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);

    const every = screen.getByRole('button', { name: 'Every' });
    await user.click(every);
    expect(every).toHaveAttribute('aria-pressed', 'true');
    for (const b of buttons.slice(1)) expect(b).toHaveAttribute('aria-pressed', 'true');

    await user.click(dayToggle('Sunday'));
    expect(every).toHaveAttribute('aria-pressed', 'false');
    await user.click(dayToggle('Sunday'));
    expect(every).toHaveAttribute('aria-pressed', 'true');

    await user.click(every);
    for (const b of buttons) expect(b).toHaveAttribute('aria-pressed', 'false');
  });

  it("shows 'Ideas:' chips from the user's goals only while the label is empty", async () => {
    const user = userEvent.setup({ delay: null });
    setup({ goalIds: [1, 3] });
    await openDrawer('New weekly Wellness block');
    expect(await screen.findByText('Ideas:')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Exercise more' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Read more' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Spend time with family' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Read more' }));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Read more');
    expect(screen.queryByText('Ideas:')).not.toBeInTheDocument();

    await user.clear(screen.getByRole('textbox', { name: 'Name' }));
    expect(screen.getByText('Ideas:')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'x');
    expect(screen.queryByText('Ideas:')).not.toBeInTheDocument();
  });

  it('shows no ideas when the user has no goals', async () => {
    setup({ goalIds: [] });
    await openDrawer('New weekly Wellness block');
    await screen.findByRole('textbox', { name: 'Name' });
    expect(screen.queryByText('Ideas:')).not.toBeInTheDocument();
  });

  it('asks to connect a calendar when none is watched', async () => {
    setup({ calendars: calendarsDocument([{ id: 'c1', name: 'Old', watching: false }]) });
    await openDrawer('New weekly Wellness block');
    expect(await screen.findByText('No calendar added.')).toBeInTheDocument();
    expect(
      screen.getByText('You must first have a calendar connected before adding or editing Wellness blocks.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to settings' })).toHaveAttribute('href', '/my/account');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('offers the calendar choice when more than one calendar is watched', async () => {
    setup({
      calendars: calendarsDocument([
        { id: 'c1', name: 'Work', watching: true },
        { id: 'c2', name: 'Home', watching: true },
        { id: 'c3', name: 'Holidays', watching: false },
      ]),
    });
    await openDrawer('New weekly Wellness block');
    expect(await screen.findByRole('heading', { name: 'Which Calendar?' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Which Calendar?' })).toHaveValue('Work');
  });

  it('edits an existing block, keeping its series start', async () => {
    const user = userEvent.setup({ delay: null });
    const { fetch, router } = setup({
      blockId: 'b1',
      blocks: [block()],
      extra: {
        'PATCH /api/v1/wellness_blocks/b1': () => jsonResponse(200, blockDocument(block())),
      },
    });
    await openDrawer('Editing Wellness block');
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('Deep work');
    expect(dayToggle('Monday')).toHaveAttribute('aria-pressed', 'true');
    expect(dayToggle('Wednesday')).toHaveAttribute('aria-pressed', 'true');
    expect(dayToggle('Friday')).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('combobox', { name: 'From' })).toHaveValue('1:00 pm');

    await user.click(dayToggle('Friday'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(fetch.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === 'PATCH')).toBe(
        true,
      ),
    );
    const body = requestBody(fetch, 'PATCH')!;
    expect(body.data).toMatchObject({ id: 'b1', attributes: { rrule: 'RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR' } });
    // The series keeps its first date.
    expect(body.data.attributes.starts_at).toBe('2026-03-02T13:00:00.000Z');
    await waitFor(() => expect(router.state.location.pathname).toBe('/my/balance/wellness-blocks'));
  });

  it('deletes a block after confirmation', async () => {
    const user = userEvent.setup({ delay: null });
    const { fetch } = setup({
      blockId: 'b1',
      blocks: [block()],
      extra: { 'DELETE /api/v1/wellness_blocks/b1': () => jsonResponse(204) },
    });
    await openDrawer('Editing Wellness block');
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this Wellness block?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(
        fetch.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === 'DELETE'),
      ).toBe(true),
    );
  });

  it('shows a read-only block without Save or Delete', async () => {
    setup({ blockId: 'b1', blocks: [block({ read_only: true })] });
    await openDrawer('Editing Wellness block');
    expect(await screen.findByText('This Wellness block can no longer be edited.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeDisabled();
    expect(dayToggle('Monday')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it("lets a delete-only block be deleted or made weekly with 'Make weekly'", async () => {
    const user = userEvent.setup({ delay: null });
    const converted = block({
      id: 'b2',
      label: 'Yoga',
      rrule: '',
      recurring: false,
      delete_only: true,
      starts_at: '2099-03-04T08:00:00.000Z', // a Wednesday
      ends_at: '2099-03-04T09:00:00.000Z',
    });
    const { fetch } = setup({
      blockId: 'b2',
      blocks: [converted],
      extra: {
        'PATCH /api/v1/wellness_blocks/b2': () => jsonResponse(200, blockDocument(converted)),
      },
    });
    await openDrawer('Editing Wellness block');
    expect(await screen.findByRole('button', { name: 'Make weekly' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Make weekly' }));
    await waitFor(() => expect(requestBody(fetch, 'PATCH')).toBeDefined());
    expect(requestBody(fetch, 'PATCH')).toEqual({
      data: { type: 'wellness_blocks', id: 'b2', attributes: { make_weekly: true } },
    });
    // Now an ordinary weekly block: editable, saved with Save.
    expect(await screen.findByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeEnabled();
    expect(dayToggle('Wednesday')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('button', { name: 'Make weekly' })).not.toBeInTheDocument();
  });

  it('retries a deep link every 500 ms until the block arrives', async () => {
    let calls = 0;
    mockFetch({
      'GET /api/v1/wellness_blocks': () => {
        calls += 1;
        return jsonResponse(
          200,
          blocksDocument(calls < 3 ? [] : [block({ id: 'late', label: 'Fresh block' })]),
        );
      },
      'GET /api/v1/calendars': ok(ONE_CALENDAR),
      'GET /api/v1/goals': ok(GOALS),
    });
    renderSignedIn(routes, { path: '/my/balance/wellness-blocks/block/late' });
    await openDrawer('Editing Wellness block');
    expect(await screen.findByRole('textbox', { name: 'Name' }, { timeout: 3000 })).toHaveValue(
      'Fresh block',
    );
    expect(calls).toBe(3);
  });
});

describe('drawerParentPath', () => {
  it('drops /block/:id and keeps the query', () => {
    expect(drawerParentPath('/my/plan/block/12', '?w=2026-03-01')).toBe('/my/plan?w=2026-03-01');
    expect(drawerParentPath('/my/balance/wellness-blocks/block/new')).toBe('/my/balance/wellness-blocks');
  });
});
