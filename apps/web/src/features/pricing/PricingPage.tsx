import { Container } from '@mantine/core';
import { usePageTitle } from '../../layout/usePageTitle';
import { useCurrentUser } from '../../session/useCurrentUser';
import { isAdmin } from '../../session/user';
import { PlanChooser } from './PlanChooser';

export function PricingPage() {
  usePageTitle('Pricing');
  const { data: user } = useCurrentUser();
  return (
    <Container size="lg" py={{ base: 'xl', sm: 56 }}>
      {user ? (
        <PlanChooser mode="app" order={1} canChoose={isAdmin(user)} currentPlanId={user.subscription_plan} />
      ) : (
        <PlanChooser mode="marketing" order={1} />
      )}
    </Container>
  );
}
