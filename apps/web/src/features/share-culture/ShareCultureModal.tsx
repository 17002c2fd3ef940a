import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { EvaluationSettings } from '@meetwell/domain';
import { IconCopy, IconMail, IconShare } from '@tabler/icons-react';
import { useState } from 'react';
import { TOASTS } from '../../copy/texts';
import { CULTURE_SUBJECT, cultureMailto, meetingCultureText } from './cultureText';

/** 'Share meeting culture': the team's standards as text, copied to the clipboard or opened in a new mail. */
export function ShareCultureModal({
  opened,
  onClose,
  settings,
  teamName,
}: {
  opened: boolean;
  onClose: () => void;
  settings: EvaluationSettings;
  teamName?: string | null;
}) {
  const text = meetingCultureText(settings, { teamName, appUrl: window.location.origin });
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      notifications.show({ color: 'success', message: TOASTS.copied });
    } catch {
      notifications.show({
        color: 'danger',
        message: 'Your browser did not allow copying. Select the text instead.',
      });
    }
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Share meeting culture"
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="sm">
        <Text fz="sm" c="dimmed">
          Tell your colleagues what a good meeting means to your team.
        </Text>
        <Textarea
          label={CULTURE_SUBJECT}
          value={text}
          readOnly
          rows={12}
          onFocus={(event) => event.currentTarget.select()}
        />
        <Group justify="flex-end" gap="xs">
          <Button
            variant="default"
            leftSection={<IconMail size={16} />}
            component="a"
            href={cultureMailto(text)}
          >
            Open in email
          </Button>
          <Button leftSection={<IconCopy size={16} />} onClick={() => void copy()}>
            Copy to clipboard
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The button that opens the modal, for the screen that shows the team's standards. */
export function ShareCultureButton({
  settings,
  teamName,
}: {
  settings: EvaluationSettings;
  teamName?: string | null;
}) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="light" size="xs" leftSection={<IconShare size={14} />} onClick={() => setOpened(true)}>
        Share meeting culture
      </Button>
      <ShareCultureModal
        opened={opened}
        onClose={() => setOpened(false)}
        settings={settings}
        teamName={teamName}
      />
    </>
  );
}
