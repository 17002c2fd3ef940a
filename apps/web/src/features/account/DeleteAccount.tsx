import { Button, Paper, Text, TextInput, Title } from '@mantine/core';
import { DELETE_ACCOUNT_CONFIRMATION, isDeleteAccountConfirmed } from '@meetwell/domain';
import { useState } from 'react';
import { AlertDialog } from '../../components/AlertDialog';
import { useDeleteAccount } from './api';

/** Delete account: confirm enables only once DELETE MY ACCOUNT is typed exactly; then home, signed out. */
export function DeleteAccount() {
  const [opened, setOpened] = useState(false);
  const [typed, setTyped] = useState('');
  const remove = useDeleteAccount();

  return (
    <Paper withBorder radius="lg" p="lg">
      <Title order={2} fz="lg" mb={4}>
        Delete account
      </Title>
      <Text fz="sm" c="dimmed" mb="sm">
        Your account, calendars, meetings and settings are deleted for good.
      </Text>
      <Button color="danger" variant="light" onClick={() => setOpened(true)} loading={remove.isPending}>
        Delete account
      </Button>
      <AlertDialog
        opened={opened}
        title="Delete your account?"
        text="This cannot be undone."
        confirmLabel="Delete my account"
        confirmColor="danger"
        confirmDisabled={!isDeleteAccountConfirmed(typed)}
        onCancel={() => {
          setOpened(false);
          setTyped('');
        }}
        onConfirm={() => {
          setOpened(false);
          setTyped('');
          remove.mutate();
        }}
      >
        <TextInput
          mt="md"
          label={`Type ${DELETE_ACCOUNT_CONFIRMATION} to confirm`}
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          autoComplete="off"
        />
      </AlertDialog>
    </Paper>
  );
}
