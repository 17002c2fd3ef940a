import { Button, Group, Modal, Text } from '@mantine/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';

/** Alert dialogs close first and run their callback 200 ms later. */
const ALERT_CLOSE_DELAY_MS = 200;

export interface AlertDialogProps {
  opened: boolean;
  title: ReactNode;
  text?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Runs 200 ms after the dialog starts closing. */
  onConfirm: () => void;
  /** Runs 200 ms after cancel, Escape, the close button or a click outside. */
  onCancel?: () => void;
  confirmDisabled?: boolean;
  confirmLoading?: boolean;
  confirmColor?: string;
  /** When false there is no cancel, no close button, and Escape / outside clicks do nothing. */
  dismissible?: boolean;
  children?: ReactNode;
}

export function AlertDialog({
  opened,
  title,
  text,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  onCancel,
  confirmDisabled = false,
  confirmLoading = false,
  confirmColor,
  dismissible = true,
  children,
}: AlertDialogProps) {
  const [closing, setClosing] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    if (opened) setClosing(false);
  }, [opened]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const closeThen = (callback?: () => void) => {
    if (closing) return;
    setClosing(true);
    timer.current = setTimeout(() => {
      timer.current = null;
      callback?.();
    }, ALERT_CLOSE_DELAY_MS);
  };

  return (
    <Modal
      opened={opened && !closing}
      onClose={() => closeThen(onCancel)}
      title={title}
      centered
      closeOnEscape={dismissible}
      closeOnClickOutside={dismissible}
      withCloseButton={dismissible}
      transitionProps={{ duration: ALERT_CLOSE_DELAY_MS }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {text && <Text c="dimmed">{text}</Text>}
      {children}
      <Group justify="flex-end" mt="lg">
        {dismissible && (
          <Button variant="default" onClick={() => closeThen(onCancel)}>
            {cancelLabel}
          </Button>
        )}
        <Button
          color={confirmColor}
          disabled={confirmDisabled}
          loading={confirmLoading}
          onClick={() => closeThen(onConfirm)}
          data-autofocus
        >
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
