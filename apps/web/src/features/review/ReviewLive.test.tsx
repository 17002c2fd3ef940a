import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../session/queryKeys';
import { createTestQueryClient, mockFetch, renderRoutes, testUser } from '../../test/utils';
import { reviewHandlers } from './testData';

const subscriptions: { channel: { channel: string }; received?: (data: unknown) => void }[] = [];

vi.mock('@rails/actioncable', () => ({
  createConsumer: vi.fn(() => ({
    disconnect: vi.fn(),
    subscriptions: {
      create: (channel: { channel: string }, mixin: { received?: (data: unknown) => void }) => {
        subscriptions.push({ channel, received: mixin.received });
        return { unsubscribe: vi.fn() };
      },
    },
  })),
}));

const { connectCable, disconnectCable } = await import('../../realtime/cable');
const { ReviewPage } = await import('./ReviewPage');

afterEach(() => {
  disconnectCable();
  subscriptions.length = 0;
});

describe('review page: live', () => {
  it.each([
    ['a meeting refresh', { type: 'meeting_updated', meeting_id: 'm1' }],
    ['a finished sync', { type: 'sync_finished', calendar_id: 'c1' }],
  ])('reloads the reports after %s', async (_name, message) => {
    const fetchMock = mockFetch(reviewHandlers());
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(queryKeys.currentUser, testUser());
    renderRoutes([{ path: '/my/review/:view', element: <ReviewPage /> }], {
      path: '/my/review/you?s=2025-03-09&e=2025-03-15',
      queryClient,
    });
    await screen.findByText('Report card');
    const fetches = () =>
      fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/v1/reports/averages?')).length;
    await waitFor(() => expect(fetches()).toBe(1));
    connectCable(queryClient);
    subscriptions.find((s) => s.channel.channel === 'MeetingRefreshChannel')?.received?.(message);
    await waitFor(() => expect(fetches()).toBe(2));
  });
});
