import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestQueryClient, jsonResponse, mockFetch, renderRoutes, testUser } from '../../test/utils';
import { MeetingModal } from './MeetingModal';
import { agendaItem, meetingFixture, meetingResource, settingsDocument } from './testing';
import { type Meeting, scoreApplies } from './types';

const REQUIRED = { required_agenda: true, required_objectives: true, required_prework: true };

function setup(meeting: Meeting) {
  mockFetch({
    [`GET /api/v1/meetings/${meeting.id}`]: () => jsonResponse(200, { data: meetingResource(meeting) }),
    'GET /api/v1/users/settings': () => jsonResponse(200, settingsDocument(REQUIRED)),
  });
  renderRoutes(
    [
      {
        path: '*',
        element: (
          <MeetingModal
            id={meeting.id}
            user={testUser()}
            weekQuery="?w=2030-01-06"
            onClose={vi.fn()}
            onMissing={vi.fn()}
          />
        ),
      },
    ],
    { queryClient: createTestQueryClient() },
  );
}

const desktop = vi.mocked(window.matchMedia).getMockImplementation();
afterEach(() => {
  if (desktop) vi.mocked(window.matchMedia).mockImplementation(desktop);
});

function onAPhone() {
  vi.mocked(window.matchMedia).mockImplementation(
    (query: string) =>
      ({
        matches: query.includes('max-width'),
        media: query,
        onchange: null,
        addListener: vi.fn(),
        removeListener: vi.fn(),
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
        dispatchEvent: vi.fn(),
      }) as unknown as MediaQueryList,
  );
}

describe('scoreApplies', () => {
  it.each([
    ['a scored meeting', {}, true],
    [
      'a meeting skipped by choice',
      { score: null, skip_evaluation: true, not_scored_reason: 'skipped' },
      true,
    ],
    ['a meeting not evaluated yet', { score: null, not_scored_reason: null }, true],
    [
      'a possible Wellness block',
      { score: null, maybe_wellness_block: 'true', not_scored_reason: null },
      false,
    ],
    ['an all-day event', { score: null, not_scored_reason: 'all_day' }, false],
    ['an event with fewer than two people', { score: null, not_scored_reason: 'too_few_attendees' }, false],
  ] as const)('%s: %s', (_name, change, expected) => {
    expect(scoreApplies(meetingFixture(change as Partial<Meeting>))).toBe(expected);
  });
});

describe('meeting modal: a not-scored event shows no score-only controls', () => {
  it.each([
    ['a possible Wellness block', { maybe_wellness_block: 'true', score: null, not_scored_reason: null }],
    ['an all-day event', { score: null, not_scored_reason: 'all_day', all_day: true }],
  ] as const)(
    '%s: no Required tags, no Present, no Skip evaluation, no empty Intention',
    async (_name, change) => {
      setup(
        meetingFixture({ summary: 'Lunch', agenda_items: [], objectives: [], prework_items: [], ...change }),
      );
      await screen.findByRole('dialog', { name: 'Lunch' });
      expect(await screen.findByText('Not scored')).toBeInTheDocument();
      await screen.findByRole('region', { name: 'Agenda' });
      expect(screen.queryByText('Required')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Present' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Skip evaluation' })).not.toBeInTheDocument();
      expect(screen.queryByTestId('intention-picker')).not.toBeInTheDocument();
    },
  );

  it('a scored meeting keeps them all', async () => {
    setup(meetingFixture({ agenda_items: [], objectives: [], prework_items: [] }));
    await screen.findByRole('dialog', { name: 'Roadmap brainstorm' });
    expect(
      await within(await screen.findByRole('region', { name: 'Agenda' })).findByText('Required'),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Present' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Skip evaluation' })).toBeInTheDocument();
    expect(screen.getByTestId('intention-picker')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Who can see this?' })).toBeInTheDocument();
  });

  it('a skipped meeting can still be re-evaluated', async () => {
    setup(
      meetingFixture({
        score: null,
        skip_evaluation: true,
        not_scored_reason: 'skipped',
        agenda_items: [agendaItem({ id: 'a1' })],
      }),
    );
    expect(await screen.findByRole('button', { name: 'Re-evaluate' })).toBeInTheDocument();
  });
});

describe('meeting modal on a phone: the score breakdown', () => {
  it('lists each rule with its score, points, weight and grade labelled, in place of the five-column table', async () => {
    onAPhone();
    setup(meetingFixture());
    const breakdown = await screen.findByRole('region', { name: 'Score breakdown' });
    expect(within(breakdown).queryByRole('table')).not.toBeInTheDocument();
    const rules = within(breakdown).getAllByRole('listitem');
    expect(rules.length).toBeGreaterThan(0);
    for (const rule of rules) {
      expect(
        within(rule)
          .getAllByRole('term')
          .map((term) => term.textContent),
      ).toEqual(['Score', 'Points', 'Weight', 'Grade']);
      expect(within(rule).getAllByRole('definition')[3]).toHaveTextContent(/^[A-F][+-]?$/);
    }
  });
});
