import { lazy, Suspense, useEffect, useState } from 'react';
import { useLoginModal } from './useLoginModal';

// The 'Log in / Sign up' dialog (sign-in options, the e-mail form) is downloaded when it is first opened
// (?login=true): most pages never open it.
const LoginModal = lazy(() => import('./LoginModal').then((m) => ({ default: m.LoginModal })));

export function SignInDialog() {
  const { opened } = useLoginModal();
  // Kept once loaded, so that closing it plays its closing transition.
  const [wanted, setWanted] = useState(opened);
  useEffect(() => {
    if (opened) setWanted(true);
  }, [opened]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <LoginModal />
    </Suspense>
  );
}
