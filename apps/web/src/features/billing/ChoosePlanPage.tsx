import { Container } from '@mantine/core';
import { usePageTitle } from '../../layout/usePageTitle';
import { useSignedInUser } from '../../session/useSignedInUser';
import { PlanChooser } from './PlanChooser';

/**
 * /my/choose-plan: the plan chooser as a page of its own, where a deactivated account is sent (nothing behind
 * it calls the API the server now refuses).
 */
export function ChoosePlanPage() {
  usePageTitle('Choose a plan');
  const user = useSignedInUser();
  return (
    <Container size="lg" px={0} py={{ base: 'sm', sm: 'lg' }}>
      <PlanChooser mode="app" user={user} order={1} />
    </Container>
  );
}
