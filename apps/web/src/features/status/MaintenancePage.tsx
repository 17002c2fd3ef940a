import { ErrorState } from '../../components/ErrorState';
import { usePageTitle } from '../../layout/usePageTitle';

export function MaintenancePage() {
  usePageTitle('Maintenance');
  return (
    <ErrorState
      order={1}
      emoji="🛠️"
      title="Under maintenace! Stay tuned."
      description="We're working hard to get things back up to speed. Please try again in a few minutes."
      action={{ label: 'Try again', to: '/my/review' }}
    />
  );
}
