import { Button } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { AlertDialog } from '../../components/AlertDialog';
import { SYNC_IN_PROGRESS_TITLE } from '../../copy/texts';
import { useCheckSync, useStartSync } from './api';

/**
 * Re-sync: GET /meetings/sync tells whether a sync already runs ('Already in progress', no cancel);
 * otherwise the user confirms and POST /meetings/sync starts it.
 */
export function ResyncButton() {
  const [dialog, setDialog] = useState<'closed' | 'confirm' | 'in_progress'>('closed');
  const check = useCheckSync({
    onChecked: (inProgress) => setDialog(inProgress ? 'in_progress' : 'confirm'),
  });
  const start = useStartSync();

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
