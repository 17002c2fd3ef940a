import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createTestQueryClient, jsonResponse, mockFetch, renderPage } from '../../test/utils';
import { ImproveAverage } from './ImproveAverage';

const improvement = (kind: string, label: string, meetings: number, now: number, after: number) => ({
  type: 'period_improvements',
  id: kind,
  attributes: {
    kind,
    label,
    meetings,
    average_now: now,
    average_after: after,
    lift: Math.round((after - now) * 10) / 10,
  },
});

function setup(view: 'you' | 'team', data: unknown[]) {
  const fetchMock = mockFetch({
    'GET /api/v1/suggestions/period': () =>
      jsonResponse(200, { data, meta: { meetings: 12, evaluated: 12, average_score: 60.5 } }),
  });
  renderPage(
    <ImproveAverage params={{ view, start: '2026-10-01', end: '2026-10-31', statuses: ['all'] }} />,
    {
      queryClient: createTestQueryClient(),
    },
  );
  return fetchMock;
}

describe('ImproveAverage', () => {
  it('lists each change with the average now and after, for your period', async () => {
    const fetchMock = setup('you', [
      improvement('add_agenda', 'Add an agenda', 9, 60.5, 81.5),
      improvement('shorten', 'Keep meetings to the desired duration', 1, 60.5, 61),
    ]);
    expect(
      await screen.findByText('The changes that would lift your average most this period'),
    ).toBeInTheDocument();
    expect(screen.getByText("Counted over the period's 12 scored meetings.")).toBeInTheDocument();
    const rows = screen.getAllByTestId('average-improvement');
    expect(rows.map((r) => r.textContent)).toEqual([
      'Add an agenda9 meetings60.5 → 81.5+21',
      'Keep meetings to the desired duration1 meeting60.5 → 61+0.5',
    ]);
    const url = new URL(String(fetchMock.mock.calls[0]![0]), 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      start: '2026-10-01',
      end: '2026-10-31',
      who: 'user',
      byAttendeeStatus: 'all',
    });
  });

  it("the team's view asks for the team and says so", async () => {
    const fetchMock = setup('team', [improvement('add_agenda', 'Add an agenda', 3, 70, 80)]);
    expect(
      await screen.findByText("The changes that would lift your team's average most this period"),
    ).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]![0])).toContain('who=team');
  });

  it('nothing to suggest: no block', async () => {
    const fetchMock = setup('you', []);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByTestId('improve-average')).not.toBeInTheDocument();
  });
});
