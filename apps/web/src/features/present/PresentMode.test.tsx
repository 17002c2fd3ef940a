import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderPage } from '../../test/utils';
import { agendaItem, agendaItemChange, meetingFixture } from '../meeting/testing';
import type { Meeting } from '../meeting/types';
import { formatElapsed, PresentMode } from './PresentMode';

const AGENDA = [
  agendaItem({ id: 'a1', description: 'Screens recap', position: 0, duration_in_mins: 10 }),
  agendaItem({ id: 'a2', description: 'Open questions', position: 1, duration_in_mins: 30 }),
  agendaItem({ id: 'a3', description: 'Next steps', position: 2, duration_in_mins: 5 }),
];

function setup(meeting: Meeting) {
  const fetchMock = mockFetch({
    'PATCH /api/v1/agenda_items/a1': () => jsonResponse(200, agendaItemChange(AGENDA[0]!)),
    'PATCH /api/v1/agenda_items/a2': () => jsonResponse(200, agendaItemChange(AGENDA[1]!)),
    'PATCH /api/v1/agenda_items/a3': () => jsonResponse(200, agendaItemChange(AGENDA[2]!)),
  });
  const onClose = vi.fn();
  renderPage(<PresentMode meeting={meeting} onClose={onClose} />);
  return { fetchMock, onClose };
}

function patches(fetchMock: ReturnType<typeof mockFetch>) {
  return fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'PATCH')
    .map(([url, init]) => ({ url: String(url), attributes: JSON.parse(String(init?.body)).data.attributes }));
}

/** Lets the mutations reach fetch (TanStack Query schedules them) without moving the clock. */
const flush = () => act(() => vi.advanceTimersByTimeAsync(0));

afterEach(() => {
  vi.useRealTimers();
});

describe('present mode', () => {
  it('formats the elapsed time as mm:ss', () => {
    expect(formatElapsed(0)).toBe('00:00');
    expect(formatElapsed(75)).toBe('01:15');
    expect(formatElapsed(3725)).toBe('62:05');
  });

  it('disables Start meeting without agenda items, with the tooltip text', async () => {
    setup(meetingFixture({ agenda_items: [] }));
    const start = screen.getByRole('button', { name: 'Start meeting' });
    expect(start).toBeDisabled();
    await userEvent.hover(start.parentElement as HTMLElement);
    expect(await screen.findByText('Agenda items are required to start a meeting')).toBeInTheDocument();
  });

  it('runs the agenda item by item with Next, Back and the arrow keys, the timer ticking every second', async () => {
    vi.useFakeTimers({ now: new Date('2030-01-08T15:00:00Z') });
    const { fetchMock, onClose } = setup(meetingFixture({ agenda_items: AGENDA }));
    const start = screen.getByRole('button', { name: 'Start meeting' });
    expect(start).toBeEnabled();
    fireEvent.click(start);

    expect(screen.getByTestId('present-item')).toHaveTextContent('Screens recap');
    expect(screen.getByText('Item 1 of 3')).toBeInTheDocument();
    expect(screen.getByTestId('present-timer')).toHaveTextContent('00:00');
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByTestId('present-timer')).toHaveTextContent('00:01');
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByTestId('present-timer')).toHaveTextContent('00:03');

    // Next (button): the time spent on the first item is saved, the timer restarts.
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByTestId('present-item')).toHaveTextContent('Open questions');
    expect(screen.getByTestId('present-timer')).toHaveTextContent('00:00');
    await flush();
    expect(patches(fetchMock)[0]).toEqual({
      url: '/api/v1/agenda_items/a1',
      attributes: {
        time_spent_in_secs: 3,
        started_at: '2030-01-08T15:00:00.000Z',
        ended_at: '2030-01-08T15:00:03.000Z',
      },
    });

    // ArrowRight, then ArrowLeft back to the second item.
    act(() => vi.advanceTimersByTime(5000));
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(screen.getByTestId('present-item')).toHaveTextContent('Next steps');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(screen.getByTestId('present-item')).toHaveTextContent('Next steps');
    act(() => vi.advanceTimersByTime(2000));
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    expect(screen.getByTestId('present-item')).toHaveTextContent('Open questions');
    // Coming back to an item continues its timer.
    expect(screen.getByTestId('present-timer')).toHaveTextContent('00:05');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('present-item')).toHaveTextContent('Screens recap');
    expect(screen.getByTestId('present-timer')).toHaveTextContent('00:03');

    fireEvent.click(screen.getByRole('button', { name: 'End meeting' }));
    expect(screen.getByRole('heading', { name: 'Meeting complete' })).toBeInTheDocument();
    await flush();
    expect(patches(fetchMock).map((p) => [p.url.split('/').pop(), p.attributes.time_spent_in_secs])).toEqual([
      ['a1', 3],
      ['a2', 5],
      ['a3', 2],
      ['a2', 5],
      ['a1', 3],
    ]);
    vi.useRealTimers();
    await userEvent.click(screen.getByRole('button', { name: 'Close presentation' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
