import { ErrorState } from '../../components/ErrorState';
import { usePageTitle } from '../../layout/usePageTitle';

export function NeedsPermissionPage() {
  usePageTitle('Incorrect permissions');
  return (
    <ErrorState
      order={1}
      emoji="🔐"
      title="Incorrect permissions!"
      description="Full access to your calendar was not granted in Google or Outlook. MeetWell needs it to score your meetings, protect your Wellness blocks and answer invitations for you. Please sign in again and allow every calendar permission that is asked for."
      action={{ label: 'Sign in again', to: '/?login=true' }}
    />
  );
}
