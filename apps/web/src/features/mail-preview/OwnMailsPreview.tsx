import { Alert, Button, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatDate, mailEndpoints, REQUESTED_REPORTS_PER_HOUR } from '@meetwell/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../api/client';
import { call } from '../../api/endpoint';

/** The mails a person gets themselves, as the server renders them from the real templates. */
export const OWN_MAILS = [
  { kind: 'weekly_report', label: 'Weekly report', button: 'Preview the weekly report' },
  { kind: 'tip', label: 'Tips', button: 'Preview the tips email' },
] as const;
type OwnMailKind = (typeof OWN_MAILS)[number]['kind'];

export const SEND_REPORT_LABEL = "Send me this week's report now";

const problemOf = (error: unknown) =>
  (isApiError(error) && error.detail) || 'Something went wrong. Please try again.';

function OwnMailModal({ kind, onClose }: { kind: OwnMailKind | null; onClose: () => void }) {
  const preview = useQuery({
    queryKey: ['mail_previews', kind],
    queryFn: async () => (await call(mailEndpoints.preview, { params: { kind: kind! } })).data.attributes,
    enabled: kind !== null,
    retry: false,
    meta: { errorToast: false },
  });
  const label = OWN_MAILS.find((mail) => mail.kind === kind)?.label ?? '';
  return (
    <Modal
      opened={kind !== null}
      onClose={onClose}
      title={`${label} email, as it would arrive`}
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {preview.isPending ? (
        <Center py="xl">
          <Loader role="status" aria-label="Loading the email" />
        </Center>
      ) : preview.isError ? (
        <Alert color="yellow" variant="light" role="status">
          {problemOf(preview.error)}
        </Alert>
      ) : (
        <Stack gap="sm">
          <div>
            <Text fz="sm">
              <b>To:</b> {preview.data.to}
            </Text>
            <Text fz="sm">
              <b>Subject:</b> {preview.data.subject}
            </Text>
          </div>
          {/* The mail's own markup, sandboxed: it runs no script and reaches nothing of the app. */}
          <iframe
            title={`${label} email`}
            srcDoc={preview.data.html}
            sandbox=""
            style={{
              width: '100%',
              height: 460,
              border: '1px solid var(--mantine-color-gray-3)',
              borderRadius: 8,
              background: '#fff',
            }}
          />
        </Stack>
      )}
    </Modal>
  );
}

/**
 * Account → E-mails: the weekly report and the tips mail as they would arrive, and the report mailed at once
 * (this week so far, or last week's while this one has no score), a few an hour.
 */
export function OwnMailsPreview() {
  const [open, setOpen] = useState<OwnMailKind | null>(null);
  const send = useMutation({
    mutationFn: () => call(mailEndpoints.requestReport, { redirectOnStatus: false }),
    meta: { errorToast: false },
    onSuccess: (doc) => {
      const { status, to, week_start, week_end } = doc.data.attributes;
      const week = `${formatDate(week_start, 'NoYear')} – ${formatDate(week_end, 'NoYear')}`;
      notifications.show({
        color: 'success',
        message:
          status === 'outbox'
            ? `Your report for ${week} is in your outbox below (this server sends no email).`
            : `Your report for ${week} is on its way to ${to}.`,
      });
    },
  });
  return (
    <Stack gap="xs">
      <Text fw={600}>See them before they arrive</Text>
      <Group gap="xs">
        {OWN_MAILS.map((mail) => (
          <Button key={mail.kind} variant="default" size="xs" onClick={() => setOpen(mail.kind)}>
            {mail.button}
          </Button>
        ))}
      </Group>
      <Group gap="xs" align="center">
        <Button size="xs" loading={send.isPending} onClick={() => send.mutate()}>
          {SEND_REPORT_LABEL}
        </Button>
        <Text fz="xs" c="dimmed">
          Up to {REQUESTED_REPORTS_PER_HOUR} an hour.
        </Text>
      </Group>
      {send.isError && (
        <Alert color="yellow" variant="light" role="alert">
          {problemOf(send.error)}
        </Alert>
      )}
      <OwnMailModal kind={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
