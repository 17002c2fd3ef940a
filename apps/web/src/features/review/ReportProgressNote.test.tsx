import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../session/queryKeys';
import {
  createTestQueryClient,
  jsonResponse,
  mockFetch,
  renderPage,
  renderRoutes,
  testUser,
} from '../../test/utils';
import { ReportProgressNote } from './ReportProgressNote';
import { ReviewPage } from './ReviewPage';
import { reportDocument, reviewHandlers } from './testData';

describe('review page: figures still being built', () => {
  it('shows what is ready with a progress note (not "No stats available"), and reads again until every day is ready', async () => {
    let averagesReads = 0;
    const handlers = reviewHandlers();
    handlers['GET /api/v1/reports/averages'] = ({ url }) => {
      averagesReads++;
      // The first read finds a tenth of the days built and no meeting among them; the next one all of them.
      return averagesReads === 1
        ? jsonResponse(
            200,
            reportDocument(
              'averages',
              url,
              { averages: { total: 0 } },
              {
                partial: { ready_days: 1, total_days: 14, percent: 7 },
              },
            ),
          )
        : jsonResponse(200, reportDocument('averages', url));
    };
    mockFetch(handlers);
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(queryKeys.currentUser, testUser());
    renderRoutes([{ path: '/my/review/:view', element: <ReviewPage /> }], {
      path: '/my/review/you?s=2025-03-09&e=2025-03-15',
      queryClient,
    });
    const note = await screen.findByTestId('report-progress');
    expect(note).toHaveTextContent('These figures cover 1 of 14 days (7%)');
    expect(screen.queryByText('No stats available')).toBeNull();
    await waitFor(() => expect(screen.queryByTestId('report-progress')).toBeNull(), { timeout: 5_000 });
    expect(averagesReads).toBeGreaterThanOrEqual(2);
    expect(await screen.findByText('Report card')).toBeInTheDocument();
  });

  it('says the least advanced report, and that figures are on their way when no day is ready yet', async () => {
    const meta = (partial?: { ready_days: number; total_days: number; percent: number }) => ({
      data: { meta: { time_zone: 'UTC', filter: 'all', ...(partial ? { partial } : {}) } },
    });
    renderPage(
      <ReportProgressNote
        reports={[
          meta({ ready_days: 30, total_days: 60, percent: 50 }),
          meta(),
          meta({ ready_days: 0, total_days: 60, percent: 0 }),
        ]}
      />,
    );
    expect(await screen.findByTestId('report-progress')).toHaveTextContent(
      'The figures of these 60 days appear here by themselves in a moment.',
    );
  });

  it('shows nothing once every report is whole', async () => {
    renderPage(
      <div data-testid="holder">
        <ReportProgressNote reports={[{ data: { meta: { time_zone: 'UTC', filter: 'all' } } }, {}]} />
      </div>,
    );
    expect((await screen.findByTestId('holder')).textContent).toBe('');
  });
});
