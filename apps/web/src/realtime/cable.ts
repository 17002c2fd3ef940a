// Action Cable consumer at /cable (same origin, ws or wss), created once after sign-in.
// NotificationChannel messages become toasts; MeetingRefreshChannel messages invalidate meetings, reports and
// auto-balance actions.
import { notifications } from '@mantine/notifications';
import { type Consumer, createConsumer } from '@rails/actioncable';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../session/queryKeys';

const CABLE_PATH = '/cable';

interface PushNotification {
  title?: string;
  message: string;
  level?: 'info' | 'success' | 'warning' | 'error';
}

const LEVEL_COLOR: Record<NonNullable<PushNotification['level']>, string> = {
  info: 'brand',
  success: 'success',
  warning: 'warning',
  error: 'danger',
};

let consumer: Consumer | null = null;
const refreshListeners = new Set<(message: unknown) => void>();

/**
 * Listen to MeetingRefreshChannel pushes; the listener gets the message (e.g. {type: 'item_created',
 * item_type, meeting_id, item, score} or {type: 'sync_finished'}). Meetings and reports are invalidated too.
 */
export function onMeetingRefresh(listener: (message: unknown) => void): () => void {
  refreshListeners.add(listener);
  return () => {
    refreshListeners.delete(listener);
  };
}

function isPushNotification(data: unknown): data is PushNotification {
  return Boolean(data && typeof data === 'object' && typeof (data as PushNotification).message === 'string');
}

function showPushNotification(data: unknown): void {
  if (!isPushNotification(data)) return;
  notifications.show({
    title: data.title,
    message: data.message,
    color: LEVEL_COLOR[data.level ?? 'info'] ?? 'brand',
    autoClose: data.level === 'error' ? false : 6000,
  });
}

export function connectCable(queryClient: QueryClient): Consumer {
  if (consumer) return consumer;
  const next = createConsumer(CABLE_PATH);
  next.subscriptions.create({ channel: 'NotificationChannel' }, { received: showPushNotification });
  next.subscriptions.create(
    { channel: 'MeetingRefreshChannel' },
    {
      received: (message: unknown) => {
        for (const listener of refreshListeners) listener(message);
        const type = (message as { type?: unknown } | null)?.type;
        // A calendar's sync was queued, started, ended or given up: its row (Account) and whether a sync runs
        // (Plan) follow; the meetings change only when it ends, which another message says.
        if (type === 'sync_status' || type === 'sync_finished' || type === 'needs_permission') {
          void queryClient.invalidateQueries({ queryKey: queryKeys.calendars });
          void queryClient.invalidateQueries({ queryKey: queryKeys.synchronizations });
          if (type === 'sync_status') return;
        }
        void queryClient.invalidateQueries({ queryKey: queryKeys.meetings });
        void queryClient.invalidateQueries({ queryKey: queryKeys.reports });
        // Auto-balance re-planned (a settings change, a sync, an action done): the Future list follows.
        void queryClient.invalidateQueries({ queryKey: queryKeys.actions });
        void queryClient.invalidateQueries({ queryKey: queryKeys.jobFailures });
      },
    },
  );
  consumer = next;
  return next;
}

export function disconnectCable(): void {
  consumer?.disconnect();
  consumer = null;
}
