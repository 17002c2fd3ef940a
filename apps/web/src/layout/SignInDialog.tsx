import { useEffect, useState } from 'react';
import { lazyComponent } from '../lib/lazyComponent';
import { loginModalCode, useLoginModal } from './useLoginModal';

// The 'Log in / Sign up' dialog is downloaded when it is first wanted (useLoginModal): most pages never open it.
const LoginModal = lazyComponent(loginModalCode, (m) => m.LoginModal);

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
