import { formatDate } from '@meetwell/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { browserTimeZone } from '../../lib/timezone';
import {
  createTestQueryClient,
  jsonResponse,
  mockFetch,
  renderRoutes,
  testUser,
  visibleToasts,
} from '../../test/utils';
import { MeetingModal } from '../meeting/MeetingModal';
import { meetingFixture, meetingResource } from '../meeting/testing';
import type { DailyReport } from './api';

const reportEvent = meetingFixture({
  id: 'r1',
  summary: 'MeetWell daily report: 86 (B) — 3 meetings',
  description: 'Your 3 meetings on Tuesday, January 8th 2030 scored 86 on average: grade B, high quality.',
  starts_at: '2030-01-08T17:00:00.000Z',
  ends_at: '2030-01-08T17:15:00.000Z',
  event_report_card_id: 'report-card:7:2030-01-08',
  score: null,
  quality_label: null,
  letter_grade: null,
  not_scored_reason: 'daily_report',
  results: {},
  details_positive: [],
  details_negative: [],
  attendees: [],
  attendees_count: 0,
  // What the server prices a 15-minute event at: the variant shows no cost.
  cost: 0,
});

const day: DailyReport = {
  date: '2030-01-08',
  time_zone: 'Europe/Paris',
  score: 86,
  letter_grade: 'B',
  quality_label: 'high',
  meetings_count: 3,
  meetings: [
    { id: 'm1', summary: 'Planning', starts_at: '2030-01-08T08:00:00.000Z', score: 95, letter_grade: 'A' },
    { id: 'm2', summary: 'Standup', starts_at: '2030-01-08T09:30:00.000Z', score: 85, letter_grade: 'B' },
    {
      id: 'm3',
      summary: 'Design review',
      starts_at: '2030-01-08T13:00:00.000Z',
      score: 78,
      letter_grade: 'C+',
    },
  ],
};

function openModal(dailyReport: () => Response) {
  const fetchMock = mockFetch({
    'GET /api/v1/meetings/r1': () => jsonResponse(200, { data: meetingResource(reportEvent) }),
    'GET /api/v1/meetings/r1/daily_report': dailyReport,
  });
  const queryClient = createTestQueryClient();
  renderRoutes(
    [
      {
        path: '*',
        element: (
          <MeetingModal
            id="r1"
            user={testUser()}
            weekQuery="?w=2030-01-06"
            onClose={vi.fn()}
            onMissing={vi.fn()}
          />
        ),
      },
    ],
    { queryClient },
  );
  return { fetchMock, queryClient };
}

describe('the meeting modal of a daily report event', () => {
  it("shows the day's score, grade and label and the day's meetings instead of the meeting detail", async () => {
    openModal(() => jsonResponse(200, { data: { type: 'daily_reports', id: day.date, attributes: day } }));

    expect(await screen.findByText('Daily report card')).toBeInTheDocument();
    expect(await screen.findByTestId('score-value')).toHaveTextContent('86/100');
    expect(screen.getByTestId('letter-grade')).toHaveTextContent('B');
    expect(screen.getByText('high')).toBeInTheDocument();

    const rows = within(screen.getByRole('table', { name: "The day's meetings" })).getAllByRole('row');
    const zone = browserTimeZone();
    expect(rows.map((row) => row.textContent)).toEqual([
      `${formatDate(day.meetings[0]!.starts_at, 'Time', zone)}Planning95 (A)`,
      `${formatDate(day.meetings[1]!.starts_at, 'Time', zone)}Standup85 (B)`,
      `${formatDate(day.meetings[2]!.starts_at, 'Time', zone)}Design review78 (C+)`,
    ]);
    expect(screen.getByRole('link', { name: 'Standup' })).toHaveAttribute(
      'href',
      '/my/plan/meeting/m2?w=2030-01-08',
    );
    expect(screen.getByRole('link', { name: 'Review your meetings' })).toHaveAttribute(
      'href',
      '/my/review/you?s=2030-01-08&e=2030-01-08',
    );
    // Not the meeting detail: no rules, no skipping, no presenting.
    expect(screen.queryByRole('button', { name: 'Present' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Skip evaluation' })).not.toBeInTheDocument();
    expect(screen.queryByText('Not scored')).not.toBeInTheDocument();
    expect(screen.queryByTestId('meeting-cost')).not.toBeInTheDocument();
  });

  it("keeps to the event's own text, without a toast, when the day cannot be read", async () => {
    const { queryClient } = openModal(() =>
      jsonResponse(409, { errors: [{ status: '409', title: 'Conflict' }] }),
    );
    await waitFor(() =>
      expect(queryClient.getQueryState(['meetings', 'daily_report', 'r1'])?.status).toBe('error'),
    );

    expect(
      await screen.findByText(
        'Your 3 meetings on Tuesday, January 8th 2030 scored 86 on average: grade B, high quality.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('score-value')).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(visibleToasts()).toEqual([]);
  });
});
