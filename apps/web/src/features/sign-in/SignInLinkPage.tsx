import { useParams } from 'react-router';
import { useLoginModal } from '../../layout/useLoginModal';
import { usePageTitle } from '../../layout/usePageTitle';
import { consumeSignInLink, SIGN_IN_LINK_MINUTES } from './api';
import { LinkSignIn } from './LinkSignIn';

/** /sign-in/:token — the link from the sign-in mail. */
export function SignInLinkPage() {
  usePageTitle('Logging in');
  const { token = '' } = useParams();
  const { open } = useLoginModal();
  return (
    <LinkSignIn
      queryKey={['sign-in-link', token]}
      signIn={() => consumeSignInLink(token)}
      openAppWhenSignedIn
      invalid={{
        title: 'This sign-in link has expired or was already used.',
        description: `Each link works once, for ${SIGN_IN_LINK_MINUTES} minutes. Ask for a new one: it arrives within a minute.`,
        action: { label: 'Email me a new link', onClick: open },
      }}
    />
  );
}
