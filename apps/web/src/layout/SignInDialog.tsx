import { useEffect, useState } from 'react';
import { lazyComponent } from '../lib/lazyComponent';
import { useLoginModal } from './useLoginModal';

// The 'Log in / Sign up' dialog (sign-in options, the e-mail form) is downloaded when it is first opened
// (?login=true): most pages never open it.
const LoginModal = lazyComponent(
  () => import('./LoginModal'),
  (m) => m.LoginModal,
);

export function SignInDialog() {
  const { opened } = useLoginModal();
  // Kept once loaded, so that closing it plays its closing transition.
  const [wanted, setWanted] = useState(opened);
  useEffect(() => {
    if (opened) setWanted(true);
  }, [opened]);
  if (!wanted) return null;
  return <LoginModal />;
}
