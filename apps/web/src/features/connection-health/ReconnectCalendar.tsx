import { Button, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { RECONNECT_LABEL, type ReconnectMethod, reconnectMethod } from '@meetwell/domain';
import { type FormEvent, useState } from 'react';
import { isApiError } from '../../api/client';
import { FormDialogFooter } from '../../components/FormDialogFooter';
import { IcsFileInput } from '../../components/IcsFileInput';
import { browserTimeZone } from '../../lib/timezone';
import { signInUrl, useAuthProviders } from '../../session/authProviders';
import type { CalendarItem } from '../plan/api';
import { type ReconnectInput, useReconnectCalendar } from './api';

/** The page a sign-in comes back to: the calendars' list, where the calendar shows it is read again. */
const RETURN_PATH = '/my/account';

/** Google or Microsoft: the provider's sign-in, coming back to Account. */
function useSignInHref(calendar: CalendarItem): string | null {
  const providers = useAuthProviders(reconnectMethod(calendar) === 'sign_in');
  const provider = calendar.provider === 'google' ? providers.data?.google : providers.data?.microsoft;
  if (!provider?.url) return null;
  const url = signInUrl(provider.url, browserTimeZone());
  return `${url}&origin=${encodeURIComponent(RETURN_PATH)}`;
}

/**
 * The one-click reconnect of a calendar that cannot be read: a sign-in link for Google and Microsoft, else a
 * button opening the form for a new password (CalDAV), a new address (ICS subscription) or the file (ICS file).
 */
export function ReconnectButton({ calendar, size = 'xs' }: { calendar: CalendarItem; size?: 'xs' | 'sm' }) {
  const method = reconnectMethod(calendar);
  const [open, setOpen] = useState(false);
  const href = useSignInHref(calendar);
  const label = RECONNECT_LABEL[method];
  if (method === 'sign_in') {
    return (
      <Button
        component="a"
        href={href ?? RETURN_PATH}
        size={size}
        color="danger"
        aria-label={`${label}: ${calendar.name}`}
      >
        {label}
      </Button>
    );
  }
  return (
    <>
      <Button
        size={size}
        color="danger"
        onClick={() => setOpen(true)}
        aria-label={`${label}: ${calendar.name}`}
      >
        {label}
      </Button>
      <ReconnectModal calendar={calendar} method={method} opened={open} onClose={() => setOpen(false)} />
    </>
  );
}

const TITLES: Record<Exclude<ReconnectMethod, 'sign_in'>, string> = {
  password: 'New password',
  url: 'New address',
  upload: 'Upload the file again',
};

function ReconnectModal(props: {
  calendar: CalendarItem;
  method: Exclude<ReconnectMethod, 'sign_in'>;
  opened: boolean;
  onClose: () => void;
}) {
  const { calendar, method, opened, onClose } = props;
  const [password, setPassword] = useState('');
  const [url, setUrl] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const reconnect = useReconnectCalendar(calendar.id, {
    onDone: () => {
      setPassword('');
      setUrl('');
      setFile(null);
      onClose();
    },
  });
  const error =
    reconnect.error && isApiError(reconnect.error) ? reconnect.error.detail || reconnect.error.title : null;
  const input: ReconnectInput | null =
    method === 'password'
      ? password
        ? { method, password }
        : null
      : method === 'url'
        ? url.trim()
          ? { method, url }
          : null
        : file
          ? { method, file }
          : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (input) reconnect.mutate(input);
  };

  return (
    <Modal opened={opened} onClose={onClose} title={`${TITLES[method]} for “${calendar.name}”`} centered>
      <form onSubmit={submit}>
        <Stack gap="sm">
          {method === 'password' && (
            <>
              <Text fz="sm" c="dimmed">
                {calendar.source_url
                  ? `The CalDAV server ${calendar.source_url} no longer accepts the password MeetWell has.`
                  : null}
              </Text>
              <PasswordInput
                label="Password"
                description="For apps that need one (iCloud, Fastmail), an app-specific password."
                value={password}
                onChange={(event) => setPassword(event.currentTarget.value)}
                required
                data-autofocus
              />
            </>
          )}
          {method === 'url' && (
            <TextInput
              label="Calendar URL"
              description={calendar.source_url ? `Now: ${calendar.source_url}` : undefined}
              placeholder="https://… or webcal://…"
              value={url}
              onChange={(event) => setUrl(event.currentTarget.value)}
              required
              data-autofocus
            />
          )}
          {method === 'upload' && <IcsFileInput value={file} onChange={setFile} />}
          <FormDialogFooter
            error={error}
            onCancel={onClose}
            submitLabel="Reconnect"
            pending={reconnect.isPending}
            ready={input !== null}
          />
        </Stack>
      </form>
    </Modal>
  );
}
