// The account screen's calls: the user's own attributes, calendars added by hand, watched or removed, the
// re-sync, Slack, the outbox, referrals, event colours and deleting the account.
import { notifications } from '@mantine/notifications';
import {
  calendarEndpoints,
  catalogEndpoints,
  GOOGLE_EVENT_COLORS,
  type IcsImport,
  mailEndpoints,
  referralEndpoints,
  slackEndpoints,
  synchronizationEndpoints,
  type UserPatch,
  userEndpoints,
} from '@meetwell/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { isApiError, resourceBody } from '../../api/client';
import { call, sendFile } from '../../api/endpoint';
import { TOASTS } from '../../copy/texts';
import { disconnectCable } from '../../realtime/cable';
import { queryKeys } from '../../session/queryKeys';
import { updateCurrentUser } from '../../session/useCurrentUser';
import { meetingKeys } from '../meeting/cache';
import { type CalendarItem, calendarKeys, syncKeys } from '../plan/api';

export const accountKeys = {
  referrals: ['users', 'referrals'] as const,
  eventColors: ['event_colors'] as const,
  outbox: ['outbox'] as const,
};

// ---------------------------------------------------------------------------------------------------------
// The user

/** PATCH /users with some attributes; the answer replaces the cached user. */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (attributes: UserPatch) => updateCurrentUser(attributes),
    onSuccess: (user) => queryClient.setQueryData(queryKeys.currentUser, user),
  });
}

/** DELETE /users?confirm=true; then, signed out, home with nothing cached. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => call(userEndpoints.remove, { query: { confirm: 'true' } }),
    onSuccess: () => {
      disconnectCable();
      queryClient.clear();
      queryClient.setQueryData(queryKeys.currentUser, null);
      navigate('/');
    },
  });
}

// ---------------------------------------------------------------------------------------------------------
// Calendars

/** What a calendar added, watched or removed changes: the lists, the sync status and the meetings. */
function useAfterCalendarChange() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: calendarKeys.all });
    void queryClient.invalidateQueries({ queryKey: syncKeys.status });
    void queryClient.invalidateQueries({ queryKey: meetingKeys.all });
  };
}

/** PATCH /calendars/{id} { watching }: the changed calendar replaces its row in the list shown. */
export function useWatchCalendar(external: boolean) {
  const queryClient = useQueryClient();
  const afterChange = useAfterCalendarChange();
  return useMutation({
    mutationFn: async ({ id, watching }: { id: string; watching: boolean }): Promise<CalendarItem> => {
      const doc = await call(calendarEndpoints.update, {
        params: { id },
        body: resourceBody('calendars', { watching }),
      });
      return { ...doc.data.attributes, id: doc.data.id };
    },
    onSuccess: (calendar) => {
      queryClient.setQueryData<CalendarItem[]>(calendarKeys.list(external), (old) =>
        old?.map((item) => (item.id === calendar.id ? calendar : item)),
      );
      afterChange();
    },
  });
}

/** DELETE /calendars/{id} (ICS and CalDAV calendars): the calendar and its meetings go. */
export function useRemoveCalendar() {
  const afterChange = useAfterCalendarChange();
  return useMutation({
    mutationFn: (id: string) => call(calendarEndpoints.remove, { params: { id } }),
    onSuccess: afterChange,
  });
}

export interface IcsCalendarInput {
  /** Optional: the calendar's own name is used when blank. */
  name: string;
  source: 'url' | 'file';
  url: string;
  file: File | null;
}

/** POST /calendars/ics: subscribe to a URL (webcal or http) or import a file. */
export async function addIcsCalendar({ name, source, url, file }: IcsCalendarInput) {
  if (source === 'file') {
    // The file's bytes as they are, not the browser's reading of them: the server detects the charset.
    return sendFile(calendarEndpoints.uploadIcs, {
      query: name.trim() ? { name: name.trim() } : {},
      file: file ?? new Blob([]),
    });
  }
  const attributes: IcsImport = { url: url.trim() };
  if (name.trim()) attributes.name = name.trim();
  return call(calendarEndpoints.importIcs, { body: resourceBody('calendars', attributes) });
}

/** Add an ICS calendar; `onAdded` runs once the caches are refreshed. Failures are the form's to show. */
export function useAddIcsCalendar({ onAdded }: { onAdded: () => void }) {
  const afterChange = useAfterCalendarChange();
  return useMutation({
    mutationFn: addIcsCalendar,
    onSuccess: () => {
      afterChange();
      onAdded();
    },
    meta: { errorToast: false },
  });
}

export interface CaldavAccountInput {
  serverUrl: string;
  username: string;
  password: string;
}

/** POST /calendars/caldav: the account's calendars, listed unwatched. */
export function addCaldavAccount({ serverUrl, username, password }: CaldavAccountInput) {
  return call(calendarEndpoints.connectCaldav, {
    body: resourceBody('calendars', {
      server_url: serverUrl.trim(),
      username: username.trim(),
      password,
    }),
  });
}

/** Add a CalDAV account's calendars; `onAdded` runs once the lists are refreshed. Failures are the form's. */
export function useAddCaldavAccount({ onAdded }: { onAdded: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCaldavAccount,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: calendarKeys.all });
      onAdded();
    },
    meta: { errorToast: false },
  });
}

/** GET /meetings/sync tells whether a sync already runs; POST /meetings/sync starts one. */
async function askSync(start: boolean) {
  const doc = start
    ? await call(synchronizationEndpoints.resync)
    : await call(synchronizationEndpoints.resyncStatus);
  return doc.data.attributes;
}

/** Whether a sync already runs (GET /meetings/sync). */
export function useCheckSync({ onChecked }: { onChecked: (inProgress: boolean) => void }) {
  return useMutation({
    mutationFn: () => askSync(false),
    onSuccess: (attributes) => onChecked(attributes.in_progress),
  });
}

/** Start a re-sync (POST /meetings/sync), and say so. */
export function useStartSync() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => askSync(true),
    onSuccess: () => {
      notifications.show({ color: 'brand', message: TOASTS.syncing });
      void queryClient.invalidateQueries({ queryKey: syncKeys.status });
      void queryClient.invalidateQueries({ queryKey: calendarKeys.all });
    },
  });
}

// ---------------------------------------------------------------------------------------------------------
// Slack, outbox, referrals, event colours

/** Where the browser goes to connect Slack (dnd:write); the server comes back to the account screen. */
export const SLACK_CONNECT_URL = `${slackEndpoints.authorize.path}?origin=/my/account`;

/** DELETE /auth/slack: Slack disconnected; the user (dnd_slack) is read again. */
export function useDisconnectSlack() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(slackEndpoints.disconnect),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.currentUser }),
  });
}

/** GET /outbox: the last 20 mails kept instead of sent, and in meta whether a mail server is configured. */
export function useOutbox() {
  return useQuery({
    queryKey: accountKeys.outbox,
    queryFn: () => call(mailEndpoints.outbox, { query: { limit: 20 } }),
  });
}

/** GET /users/referrals: the referral link and what the referrals earn. */
export function useReferrals() {
  return useQuery({
    queryKey: accountKeys.referrals,
    queryFn: async () => (await call(referralEndpoints.show)).data.attributes,
  });
}

export interface EventColor {
  id: string;
  hex: string;
  label: string;
}

/** Google Calendar's event colours, used when the server lists none. */
export const DEFAULT_EVENT_COLORS: readonly EventColor[] = GOOGLE_EVENT_COLORS;

/** GET /event_colors: Google's colours for the Wellness blocks; the defaults when none are listed (or 404). */
export function useEventColors() {
  return useQuery({
    queryKey: accountKeys.eventColors,
    queryFn: async (): Promise<readonly EventColor[]> => {
      try {
        const doc = await call(catalogEndpoints.eventColors);
        // The colour is given to the block's Google Calendar event: Google's colours, by their colour id.
        const list = doc.data
          .filter((r) => r.attributes.provider === 'google_oauth2')
          .map(({ attributes: { color_id, hex, label } }) => ({ id: color_id, hex, label }));
        return list.length ? list : DEFAULT_EVENT_COLORS;
      } catch (error) {
        if (isApiError(error) && error.status === 404) return DEFAULT_EVENT_COLORS;
        throw error;
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
    meta: { errorToast: false },
  });
}
