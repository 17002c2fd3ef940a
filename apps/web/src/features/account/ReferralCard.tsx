import { Button, Group, Paper, SimpleGrid, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatCurrency, REFERRAL_COMMISSION_PER_MONTH } from '@meetwell/domain';
import { IconCopy } from '@tabler/icons-react';
import { TOASTS } from '../../copy/texts';
import type { CurrentUser } from '../../session/types';
import { useReferrals } from './api';

/** The link as the browser would write it, while the server's (built on the app's address) is on its way. */
export function referralUrl(token: string, origin: string = window.location.origin): string {
  return `${origin}/?ref=${encodeURIComponent(token)}`;
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz="lg" fw={700}>
        {value}
      </Text>
    </div>
  );
}

/** The referral URL with a copy button ('Copied to clipboard!'), and what the referrals earn now. */
export function ReferralCard({ user }: { user: CurrentUser }) {
  const referrals = useReferrals();
  if (!user.affiliate_token) return null;
  const url = referrals.data?.referral_url ?? referralUrl(user.affiliate_token);
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
      {referrals.data && (
        <SimpleGrid cols={3} mt="md" spacing="sm" role="group" aria-label="Your referrals">
          <Figure label="Referred" value={String(referrals.data.referred_count)} />
          <Figure label="Paying" value={String(referrals.data.paying_count)} />
          <Figure label="Commission" value={`${formatCurrency(referrals.data.monthly_commission)} / month`} />
        </SimpleGrid>
      )}
    </Paper>
  );
}
