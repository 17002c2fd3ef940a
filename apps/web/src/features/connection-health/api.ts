// Reconnecting a calendar that cannot be read: POST /calendars/{id}/reconnect with a CalDAV password, or an
// ICS address or file. Google and Microsoft calendars are reconnected by signing in again (a link, no call).
import { calendarEndpoints, type ReconnectAttributes } from '@meetwell/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, sendFile } from '../../api/endpoint';
import { type CalendarItem, calendarKeys } from '../plan/api';

export type ReconnectInput =
  | { method: 'password'; password: string }
  | { method: 'url'; url: string }
  | { method: 'upload'; file: File };

export async function reconnectCalendar(id: string, input: ReconnectInput): Promise<CalendarItem> {
  if (input.method === 'upload') {
    // The file as it is: no base64 of megabytes here, no JSON of megabytes on the server.
    const doc = await sendFile(calendarEndpoints.reconnectWithFile, { params: { id }, file: input.file });
    return { ...doc.data.attributes, id: doc.data.id };
  }
  const attributes: ReconnectAttributes =
    input.method === 'password' ? { password: input.password } : { url: input.url.trim() };
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
