import { notificationsStore } from '@mantine/notifications';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';

const created: { channel: unknown; mixin: { received?: (data: unknown) => void } }[] = [];
const disconnect = vi.fn();

vi.mock('@rails/actioncable', () => ({
  createConsumer: vi.fn((url: string) => ({
    url,
    connect: vi.fn(),
    disconnect,
    subscriptions: {
      create: (channel: unknown, mixin: { received?: (data: unknown) => void }) => {
        created.push({ channel, mixin });
        return { identifier: JSON.stringify(channel), unsubscribe: vi.fn(), perform: vi.fn(), send: vi.fn() };
      },
    },
  })),
}));

const { connectCable, disconnectCable, onMeetingRefresh } = await import('./cable');
const { createConsumer } = await import('@rails/actioncable');

afterEach(() => {
  disconnectCable();
  created.length = 0;
});

function mixinFor(channel: string) {
  const found = created.find((item) => (item.channel as { channel: string }).channel === channel);
  if (!found?.mixin.received) throw new Error(`no subscription to ${channel}`);
  return found.mixin.received;
}

describe('realtime cable', () => {
  it('creates one consumer at /cable and subscribes to both channels', () => {
    const client = new QueryClient();
    const first = connectCable(client);
    const second = connectCable(client);
    expect(first).toBe(second);
    expect(createConsumer).toHaveBeenCalledWith('/cable');
    expect(created.map((item) => item.channel)).toEqual([
      { channel: 'NotificationChannel' },
      { channel: 'MeetingRefreshChannel' },
    ]);
  });

  it('shows NotificationChannel messages as toasts', () => {
    connectCable(new QueryClient());
    mixinFor('NotificationChannel')({
      title: 'Heads up',
      message: 'Your calendar is synced.',
      level: 'success',
    });
    expect(notificationsStore.getState().notifications).toEqual([
      expect.objectContaining({ title: 'Heads up', message: 'Your calendar is synced.', color: 'success' }),
    ]);
  });

  it('invalidates meetings, reports and the auto-balance actions on MeetingRefreshChannel messages', () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const listener = vi.fn();
    const stop = onMeetingRefresh(listener);
    connectCable(client);
    mixinFor('MeetingRefreshChannel')({ refresh: true });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['meetings'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['reports'] });
    // The Future actions list follows a re-plan live, without a reload.
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['actions'] });
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
  });

  it('refreshes the calendars and the sync state, and only them, when a calendar’s sync status changes', () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    connectCable(client);
    mixinFor('MeetingRefreshChannel')({ type: 'sync_status', calendar_id: 'c1', status: 'running' });
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
      ['calendars'],
      ['synchronizations'],
    ]);
    invalidate.mockClear();
    mixinFor('MeetingRefreshChannel')({ type: 'sync_finished', calendar_id: 'c1', changed: 3 });
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual(
      expect.arrayContaining([['calendars'], ['synchronizations'], ['meetings'], ['reports'], ['actions']]),
    );
  });

  it('disconnects on sign-out', () => {
    connectCable(new QueryClient());
    disconnectCable();
    expect(disconnect).toHaveBeenCalled();
  });
});
