import { Button, Group, Modal, Text } from '@mantine/core';
import type { DialogText } from '@meetwell/domain';

/** A message with one OK (the domain's dialogs, e.g. "Invalid email"): open while `dialog` is set. */
export function MessageDialog({ dialog, onClose }: { dialog: DialogText | null; onClose: () => void }) {
  return (
    <Modal
      opened={dialog !== null}
      onClose={onClose}
      title={dialog?.title}
      centered
      size="sm"
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Text c="dimmed">{dialog?.message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button onClick={onClose} data-autofocus>
          OK
        </Button>
      </Group>
    </Modal>
  );
}
