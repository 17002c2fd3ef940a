import { Anchor, Center, Loader, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { mailEndpoints } from '@meetwell/domain';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { call } from '../../api/endpoint';
import { ErrorState } from '../../components/ErrorState';

/** ?previewReminder opens the example mails; ?previewReminder=decline_warning opens on the warning. */
const PREVIEW_REMINDER_PARAM = 'previewReminder';

export const PREVIEW_KINDS = [
  { value: 'reminder', label: 'Reminder' },
  { value: 'decline_warning', label: 'Decline warning' },
] as const;
export type PreviewKind = (typeof PREVIEW_KINDS)[number]['value'];

export function previewKindOf(value: string | null): PreviewKind | null {
  if (value === null) return null;
  return value === 'decline_warning' || value === 'warning' || value === 'decline'
    ? 'decline_warning'
    : 'reminder';
}

/** Opens and switches the preview through the URL, so a link (or the tour) can open it too. */
function useMailPreview() {
  const [params, setParams] = useSearchParams();
  const kind = previewKindOf(params.get(PREVIEW_REMINDER_PARAM));
  const show = useCallback(
    (next: PreviewKind, replace = false) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          updated.set(PREVIEW_REMINDER_PARAM, next === 'reminder' ? 'true' : next);
          return updated;
        },
        { replace, preventScrollReset: true },
      ),
    [setParams],
  );
  const close = useCallback(
    () =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          updated.delete(PREVIEW_REMINDER_PARAM);
          return updated;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );
  return { kind, show, close };
}

function usePreview(kind: PreviewKind | null) {
  return useQuery({
    queryKey: ['mail_previews', kind],
    queryFn: async () => (await call(mailEndpoints.preview, { params: { kind: kind! } })).data.attributes,
    enabled: kind !== null,
  });
}

/**
 * The example reminder and warning an organizer gets, rendered by the server from the real templates. The mail
 * is shown in a sandboxed frame: its markup runs no script and reaches nothing of the app.
 */
export function MailPreviewModal() {
  const { kind, show, close } = useMailPreview();
  const preview = usePreview(kind);
  const label = PREVIEW_KINDS.find((k) => k.value === kind)?.label ?? '';
  return (
    <Modal
      opened={kind !== null}
      onClose={close}
      title="What organizers receive"
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="sm">
        <Text fz="sm" c="dimmed">
          An example for one of your meetings: MeetWell writes this to its organizer on your behalf.
        </Text>
        <SegmentedControl
          aria-label="Example email"
          data={[...PREVIEW_KINDS]}
          value={kind ?? 'reminder'}
          onChange={(value) => show(value as PreviewKind, true)}
        />
        {preview.isPending ? (
          <Center py="xl">
            <Loader role="status" aria-label="Loading the example email" />
          </Center>
        ) : preview.isError ? (
          <ErrorState
            emoji="📧"
            title="We couldn't load the example"
            action={{ label: 'Try again', onClick: () => void preview.refetch() }}
            order={3}
          />
        ) : (
          <>
            <div>
              <Text fz="sm">
                <b>To:</b> {preview.data.to}
              </Text>
              <Text fz="sm">
                <b>Subject:</b> {preview.data.subject}
              </Text>
            </div>
            <iframe
              title={`Example ${label.toLowerCase()} email`}
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
          </>
        )}
      </Stack>
    </Modal>
  );
}

/** The link that opens the preview (the Auto-balance screen's action panel). */
export function PreviewMailsLink() {
  const { show } = useMailPreview();
  return (
    <Anchor component="button" type="button" fz="sm" onClick={() => show('reminder')}>
      Preview the emails organizers get
    </Anchor>
  );
}
