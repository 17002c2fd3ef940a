import { Button, Group, Paper, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { REFERRAL_COMMISSION_PER_MONTH, TOASTS } from '@meetwell/domain';
import { IconCopy } from '@tabler/icons-react';
import type { CurrentUser } from '../../session/types';

export function referralUrl(token: string, origin: string = window.location.origin): string {
  return `${origin}/?ref=${encodeURIComponent(token)}`;
}

/** The referral URL with a copy button ('Copied to clipboard!'). */
export function ReferralCard({ user }: { user: CurrentUser }) {
  if (!user.affiliate_token) return null;
  const url = referralUrl(user.affiliate_token);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      notifications.show({ color: 'success', message: TOASTS.copied });
    } catch {
      notifications.show({
        color: 'danger',
        message: 'Your browser did not allow copying. Select the link instead.',
      });
    }
  };
  return (
    <Paper withBorder radius="lg" p="lg">
      <Title order={2} fz="lg" mb={4}>
        Refer a friend
      </Title>
      <Text fz="sm" c="dimmed" mb="sm">
        Earn ${REFERRAL_COMMISSION_PER_MONTH} per month for every paying customer you refer.
      </Text>
      <Group gap="xs" wrap="nowrap">
        <TextInput
          value={url}
          readOnly
          aria-label="Your referral link"
          style={{ flex: 1 }}
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button leftSection={<IconCopy size={16} />} onClick={() => void copy()}>
          Copy
        </Button>
      </Group>
    </Paper>
  );
}
