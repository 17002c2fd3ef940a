import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { resyncDocument } from '@meetwell/domain';
import { IconRefresh } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, contractRequest } from '../../api/client';
import { AlertDialog } from '../../components/AlertDialog';
import { SYNC_IN_PROGRESS_TITLE, TOASTS } from '../../copy/texts';

async function askSync(start: boolean) {
  const doc = start
    ? await contractRequest('POST', '/meetings/sync', resyncDocument)
    : await api.get('/meetings/sync', resyncDocument);
  return doc.data.attributes;
}

/**
 * Re-sync: GET /meetings/sync tells whether a sync already runs ('Already in progress', no cancel);
 * otherwise the user confirms and POST /meetings/sync starts it.
 */
export function ResyncButton() {
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<'closed' | 'confirm' | 'in_progress'>('closed');
  const check = useMutation({
    mutationFn: () => askSync(false),
    onSuccess: (attributes) => setDialog(attributes.in_progress ? 'in_progress' : 'confirm'),
  });
  const start = useMutation({
    mutationFn: () => askSync(true),
    onSuccess: () => {
      notifications.show({ color: 'brand', message: TOASTS.syncing });
      void queryClient.invalidateQueries({ queryKey: ['synchronizations'] });
      void queryClient.invalidateQueries({ queryKey: ['calendars'] });
    },
  });

  return (
    <>
      <Button
        variant="default"
        leftSection={<IconRefresh size={16} />}
        loading={check.isPending || start.isPending}
        onClick={() => check.mutate()}
      >
        Re-sync calendars
      </Button>
      <AlertDialog
        opened={dialog === 'in_progress'}
        title={SYNC_IN_PROGRESS_TITLE}
        text="Your calendars are being synchronized right now. Your meetings will be up to date in a few moments."
        confirmLabel="OK"
        dismissible={false}
        onConfirm={() => setDialog('closed')}
      />
      <AlertDialog
        opened={dialog === 'confirm'}
        title="Re-sync your calendars?"
        text="Your balanced calendars will be read again and every meeting re-scored. It might take a few moments."
        confirmLabel="Re-sync"
        onCancel={() => setDialog('closed')}
        onConfirm={() => {
          setDialog('closed');
          start.mutate();
        }}
      />
    </>
  );
}
