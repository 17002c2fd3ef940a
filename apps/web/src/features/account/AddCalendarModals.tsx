import { Modal, PasswordInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { isApiError } from '../../api/client';
import { FormDialogFooter } from '../../components/FormDialogFooter';
import { IcsFileInput } from '../../components/IcsFileInput';
import { useOneAtATime } from '../../lib/useOneAtATime';
import { useAddCaldavAccount, useAddIcsCalendar } from './api';

function fieldError(error: unknown): string | null {
  return isApiError(error) && error.status === 400 ? error.detail || error.title : null;
}

/** 'Add an ICS calendar': subscribe to a URL (webcal or http) or import a file. */
export function AddIcsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [source, setSource] = useState<'url' | 'file'>('url');
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const add = useAddIcsCalendar({
    onAdded: () => {
      setName('');
      setUrl('');
      setFile(null);
      onClose();
    },
  });
  const error = add.error
    ? (fieldError(add.error) ?? (isApiError(add.error) ? add.error.detail : null)) ||
      'The calendar could not be added. Please check it and try again.'
    : null;
  const ready = source === 'url' ? url.trim().length > 0 : Boolean(file);
  const once = useOneAtATime();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready) void once(() => add.mutateAsync({ name, source, url, file }).catch(() => undefined));
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Add an ICS calendar" centered>
      <form onSubmit={submit}>
        <Stack gap="sm">
          <SegmentedControl
            value={source}
            onChange={(value) => setSource(value as 'url' | 'file')}
            data={[
              { label: 'Subscribe to a URL', value: 'url' },
              { label: 'Upload a file', value: 'file' },
            ]}
          />
          {source === 'url' ? (
            <TextInput
              label="Calendar URL"
              placeholder="https://… or webcal://…"
              value={url}
              onChange={(event) => setUrl(event.currentTarget.value)}
              required
            />
          ) : (
            <IcsFileInput value={file} onChange={setFile} />
          )}
          <TextInput
            label="Name"
            description="Optional: the calendar's own name is used otherwise."
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            maxLength={120}
          />
          <FormDialogFooter
            error={error}
            onCancel={onClose}
            submitLabel="Add calendar"
            pending={add.isPending}
            ready={ready}
          />
        </Stack>
      </form>
    </Modal>
  );
}

/** 'Add a CalDAV calendar': the account's calendars are listed unwatched; the user switches on the ones to balance. */
export function AddCaldavModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [serverUrl, setServerUrl] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const add = useAddCaldavAccount({
    onAdded: () => {
      setPassword('');
      onClose();
    },
  });
  const error = add.error
    ? (fieldError(add.error) ??
      (isApiError(add.error) && add.error.detail) ??
      'The CalDAV server could not be reached. Please check it and try again.')
    : null;
  const ready = serverUrl.trim() && username.trim() && password;

  return (
    <Modal opened={opened} onClose={onClose} title="Add a CalDAV calendar" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (ready) add.mutate({ serverUrl, username, password });
        }}
      >
        <Stack gap="sm">
          <Text fz="sm" c="dimmed">
            Nextcloud, Fastmail, iCloud, Radicale… Your calendars will be listed below: switch on the ones to
            balance.
          </Text>
          <TextInput
            label="Server URL"
            placeholder="https://caldav.example.com/"
            value={serverUrl}
            onChange={(event) => setServerUrl(event.currentTarget.value)}
            required
          />
          <TextInput
            label="Username"
            value={username}
            onChange={(event) => setUsername(event.currentTarget.value)}
            autoComplete="username"
            required
          />
          <PasswordInput
            label="Password"
            description="An app password is best."
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            autoComplete="current-password"
            required
          />
          <FormDialogFooter
            error={error || null}
            onCancel={onClose}
            submitLabel="Connect"
            pending={add.isPending}
            ready={Boolean(ready)}
          />
        </Stack>
      </form>
    </Modal>
  );
}
