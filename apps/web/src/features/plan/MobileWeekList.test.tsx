import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '../../app/theme';
import { meetingFixture } from '../meeting/testing';
import type { WellnessBlock } from './api';
import { eventTooltip, toCalendarEvents } from './events';
import { MobileWeekList } from './MobileWeekList';
import { weekOf } from './week';

function block(overrides: Partial<WellnessBlock>): WellnessBlock {
  return {
    id: 'b1',
    label: 'Focus time',
    category: 'focus',
    category_label: 'Focus',
    calendar_id: null,
    rrule: '',
    starts_at: '2030-01-11T09:00:00Z',
    ends_at: '2030-01-11T11:00:00Z',
    time_zone: 'UTC',
    recurring: false,
    read_only: false,
    delete_only: false,
    editable: true,
    weekdays: [5],
    start_minute: 540,
    end_minute: 660,
    source_meeting_id: null,
    in_calendar: false,
    occurrences: [],
    ...overrides,
  } as WellnessBlock;
}

const MEETINGS = toCalendarEvents([
  meetingFixture({
    id: 'm1',
    summary: 'Roadmap brainstorm',
    starts_at: '2030-01-08T15:00:00Z',
    ends_at: '2030-01-08T16:00:00Z',
    score: 57,
  }),
  meetingFixture({
    id: 'm2',
    summary: 'Budget decision',
    starts_at: '2030-01-10T18:30:00Z',
    ends_at: '2030-01-10T19:00:00Z',
    score: 100,
  }),
]);

describe('Plan list on phones', () => {
  it('lists Wellness blocks among the meetings, in time order, and a day that has only a block', async () => {
    const onSelect = vi.fn();
    const onSelectBlock = vi.fn();
    render(
      <MantineProvider theme={theme}>
        <MobileWeekList
          week={weekOf(new Date('2030-01-08T12:00:00Z'))}
          events={MEETINGS}
          blocks={[
            block({}),
            block({
              id: 'b2',
              label: 'Lunch walk',
              category: 'life',
              category_label: 'Life',
              starts_at: '2030-01-08T12:00:00Z',
              ends_at: '2030-01-08T13:00:00Z',
            }),
          ]}
          onSelect={onSelect}
          onSelectBlock={onSelectBlock}
        />
      </MantineProvider>,
    );
    const days = within(screen.getByTestId('week-list')).getAllByRole('region');
    expect(days.map((day) => day.getAttribute('aria-label'))).toEqual(['Tuesday', 'Thursday', 'Friday']);
    expect(
      within(days[0]!)
        .getAllByRole('button')
        .map((row) => row.getAttribute('aria-label')),
    ).toEqual(['Lunch walk (Wellness block)', 'Roadmap brainstorm']);
    const friday = days[2]!;
    expect(within(friday).getByText('Focus time')).toBeInTheDocument();
    expect(within(friday).getByText(/Wellness block$/)).toBeInTheDocument();
    await userEvent.click(within(friday).getByRole('button', { name: 'Focus time (Wellness block)' }));
    expect(onSelectBlock).toHaveBeenCalledWith('b1');
    await userEvent.click(within(days[1]!).getByRole('button', { name: 'Budget decision' }));
    expect(onSelect).toHaveBeenCalledWith('m2');
  });
});

describe('week view tooltip', () => {
  it('gives a short event its whole title, time and score', () => {
    const [event] = toCalendarEvents([
      meetingFixture({
        summary: 'Customer onboarding call',
        starts_at: '2030-01-08T10:00:00Z',
        ends_at: '2030-01-08T10:15:00Z',
        score: 64,
      }),
    ]);
    expect(eventTooltip(event!, 'UTC')).toBe('Customer onboarding call · 10:00 am – 10:15 am · Score 64');
    expect(eventTooltip({ ...event!, meeting: { ...event!.meeting, score: null } }, 'UTC')).toBe(
      'Customer onboarding call · 10:00 am – 10:15 am · Not scored',
    );
    expect(
      eventTooltip(
        { title: 'Focus time', start: event!.start, end: new Date('2030-01-08T12:00:00Z'), allDay: false },
        'UTC',
      ),
    ).toBe('Focus time · 10:00 am – 12:00 pm · Wellness block');
  });
});
