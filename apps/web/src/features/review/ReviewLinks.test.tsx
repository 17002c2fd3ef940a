import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../session/queryKeys';
import { createTestQueryClient, mockFetch, renderRoutes, testUser } from '../../test/utils';
import { ReviewPage } from './ReviewPage';
import { type ReportOverrides, reviewHandlers } from './testData';

vi.mock('./exportPdf', () => ({ exportReportPdf: vi.fn(async () => {}) }));

// Wednesday 12 March 2025.
const NOW = new Date('2025-03-12T15:00:00');

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  const { exportReportPdf } = await import('./exportPdf');
  vi.mocked(exportReportPdf).mockClear();
});
afterEach(() => {
  vi.useRealTimers();
});

function renderReview(path: string, overrides?: ReportOverrides) {
  const fetchMock = mockFetch(reviewHandlers({ overrides }));
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(queryKeys.currentUser, testUser());
  const view = renderRoutes([{ path: '/my/review/:view', element: <ReviewPage /> }], { path, queryClient });
  return { ...view, fetchMock };
}

describe('?dwnldStats', () => {
  it('exports the report once it has loaded, says so, and leaves the URL', async () => {
    const { exportReportPdf } = await import('./exportPdf');
    const { router } = renderReview('/my/review/you?s=2025-03-01&e=2025-03-31&dwnldStats=true');
    expect(await screen.findByText('Download successful!')).toBeInTheDocument();
    expect(exportReportPdf).toHaveBeenCalledTimes(1);
    expect(vi.mocked(exportReportPdf).mock.calls[0]?.[1]).toEqual({
      title: 'MeetWell review: March 1st 2025 - March 31st 2025',
      fileName: 'MeetWell review March 1st 2025 - March 31st 2025.pdf',
    });
    await waitFor(() => expect(router.state.location.search).toBe('?s=2025-03-01&e=2025-03-31'));
    expect(exportReportPdf).toHaveBeenCalledTimes(1);
  });

  it('exports nothing when there are no stats, and drops the parameter', async () => {
    const { exportReportPdf } = await import('./exportPdf');
    const { router } = renderReview('/my/review/you?dwnldStats=1', { averages: { total: 0, average: null } });
    expect(await screen.findByText('No stats available')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(exportReportPdf).not.toHaveBeenCalled();
  });

  it('does not export without it', async () => {
    const { exportReportPdf } = await import('./exportPdf');
    renderReview('/my/review/you');
    expect(await screen.findByText('Report card')).toBeInTheDocument();
    expect(exportReportPdf).not.toHaveBeenCalled();
  });
});

describe('?s= and ?e=', () => {
  it('choose the reported range', async () => {
    const { fetchMock } = renderReview('/my/review/you?s=2025-02-01&e=2025-02-28');
    expect(await screen.findByText('Report card')).toBeInTheDocument();
    const averages = fetchMock.mock.calls
      .map(([url]) => String(url))
      .find((url) => url.includes('/averages?'));
    expect(averages).toContain('start=2025-02-01&end=2025-02-28');
    expect(screen.getAllByText(/Last month/).length).toBeGreaterThan(0);
  });
});
