import { Box, Button, Group } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { Link } from 'react-router';
import { SignUpPrompt } from '../../components/SignUpPrompt';
import { REFERRALS } from '../../content/legal';
import { useCurrentUser } from '../../session/useCurrentUser';
import { TextPage } from './TextPage';

/**
 * /referrals: the programme, then the way to one's own link: a signed-in person goes to the Account screen where
 * it is; a visitor, who has none yet, is invited to sign up (marketing mode).
 */
export function ReferralsPage() {
  const { data: user, isPending } = useCurrentUser();
  return (
    <TextPage page={REFERRALS}>
      {!isPending && (
        <Box mt="xl">
          {user ? (
            <Group>
              <Button component={Link} to="/my/account" leftSection={<IconLink size={16} />}>
                Get your referral link
              </Button>
            </Group>
          ) : (
            <SignUpPrompt />
          )}
        </Box>
      )}
    </TextPage>
  );
}
