import { Button, Group, Text } from '@mantine/core';

/**
 * The end of a dialog's form (add a calendar, reconnect one): what went wrong, read out as an alert, then
 * Cancel and the submit button, which stays off until the form is ready.
 */
export function FormDialogFooter({
  error,
  onCancel,
  submitLabel,
  pending,
  ready,
}: {
  error: string | null;
  onCancel: () => void;
  submitLabel: string;
  pending: boolean;
  ready: boolean;
}) {
  return (
    <>
      {error && (
        <Text c="danger" fz="sm" role="alert">
          {error}
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={pending} disabled={!ready}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}
