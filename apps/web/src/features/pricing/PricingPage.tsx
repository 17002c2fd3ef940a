import { Box, Container } from '@mantine/core';
import { usePageTitle } from '../../layout/usePageTitle';
import { useCurrentUser } from '../../session/useCurrentUser';
import { PlanChooser } from '../billing/PlanChooser';
import { RoiCalculator } from '../review/RoiCalculator';

export function PricingPage() {
  usePageTitle('Pricing');
  const { data: user } = useCurrentUser();
  return (
    <Container size="lg" py={{ base: 'xl', sm: 56 }}>
      {user ? <PlanChooser mode="app" user={user} order={1} /> : <PlanChooser mode="marketing" order={1} />}
      {/* The public ROI calculator: what meetings cost a team, and when MeetWell pays for itself. */}
      <Box maw={760} mx="auto" mt={48}>
        <RoiCalculator />
      </Box>
    </Container>
  );
}
