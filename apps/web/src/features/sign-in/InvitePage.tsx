import { useParams } from 'react-router';
import { usePageTitle } from '../../layout/usePageTitle';
import { acceptInvite } from './api';
import { LinkSignIn } from './LinkSignIn';

/** /invite/:token — the link from a team invite: signs the person in (creating the account) and joins the team. */
export function InvitePage() {
  usePageTitle('Joining your team');
  const { token = '' } = useParams();
  return (
    <LinkSignIn
      queryKey={['invite', token]}
      signIn={() => acceptInvite(token)}
      invalid={{
        title: 'This invite is no longer valid.',
        description: "Ask your team's admin for a new one.",
        action: { label: 'Go to the home page', to: '/' },
      }}
    />
  );
}
