// Reconnecting a calendar that cannot be read: POST /calendars/{id}/reconnect with a CalDAV password, or an
// ICS address or file. Google and Microsoft calendars are reconnected by signing in again (a link, no call).
import { calendarEndpoints, type ReconnectAttributes } from '@meetwell/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/endpoint';
import { fileToBase64 } from '../account/api';
import { type CalendarItem, calendarKeys } from '../plan/api';

export type ReconnectInput =
  | { method: 'password'; password: string }
  | { method: 'url'; url: string }
  | { method: 'upload'; file: File };

export async function reconnectCalendar(id: string, input: ReconnectInput): Promise<CalendarItem> {
  const attributes: ReconnectAttributes =
    input.method === 'password'
      ? { password: input.password }
      : input.method === 'url'
        ? { url: input.url.trim() }
        : { content_base64: await fileToBase64(input.file) };
  const doc = await call(calendarEndpoints.reconnect, {
    params: { id },
    body: { data: { type: 'calendars', attributes } },
  });
  return { ...doc.data.attributes, id: doc.data.id };
}

/** Reconnect; the calendars (and with them the banner) are read again. Failures are the form's to show. */
export function useReconnectCalendar(id: string, { onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReconnectInput) => reconnectCalendar(id, input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: calendarKeys.all });
      onDone();
    },
    meta: { errorToast: false },
  });
}
