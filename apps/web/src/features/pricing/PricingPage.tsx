import { Container } from '@mantine/core';
import { usePageTitle } from '../../layout/usePageTitle';
import { useCurrentUser } from '../../session/useCurrentUser';
import { PlanChooser } from '../plans/PlanChooser';

export function PricingPage() {
  usePageTitle('Pricing');
  const { data: user } = useCurrentUser();
  return (
    <Container size="lg" py={{ base: 'xl', sm: 56 }}>
      {user ? <PlanChooser mode="app" user={user} order={1} /> : <PlanChooser mode="marketing" order={1} />}
    </Container>
  );
}
