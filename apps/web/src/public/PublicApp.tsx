import { Box, MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import { cssVariablesResolver, theme } from '../app/theme';
import { Footer } from '../layout/Footer';
import classes from '../layout/Header.module.css';
import { ReferralCapture } from '../layout/ReferralCapture';
import { useLoginModal } from '../layout/useLoginModal';
import { VisitorBar } from '../layout/VisitorBar';
import { useCurrentUser } from '../session/useCurrentUser';
import { PublicPageProvider } from './navigation';
import { useToasterWanted } from './queryClient';

// The sign-in dialog is only downloaded when it is opened (?login=true), the toaster on the first toast.
const LoginModal = lazy(() => import('../layout/LoginModal').then((m) => ({ default: m.LoginModal })));
const LazyToaster = lazy(() => import('./Toaster'));

function Toaster() {
  const wanted = useToasterWanted();
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <LazyToaster />
    </Suspense>
  );
}

function SignInDialog() {
  const { opened } = useLoginModal();
  // Kept once loaded, so that closing it plays its closing transition.
  const [wanted, setWanted] = useState(false);
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

/**
 * A public page with the same header, footer and theme as in the app. Rendered at build time signed out (the
 * server cannot know who will read it); in the browser the header turns to 'Open MeetWell' once the session
 * is known.
 */
function PublicLayout({ children }: { children: React.ReactNode }) {
  const { data: user } = useCurrentUser();
  return (
    <>
      <ReferralCapture />
      <Box component="header" className={classes.header}>
        <VisitorBar signedIn={Boolean(user)} />
      </Box>
      <Box component="main" style={{ flex: 1 }}>
        {children}
      </Box>
      <Footer />
      <SignInDialog />
    </>
  );
}

export function PublicApp({
  Page,
  path,
  params,
  queryClient,
}: {
  Page: ComponentType;
  /** The page's path: what was pre-rendered. */
  path: string;
  params: Record<string, string>;
  queryClient: QueryClient;
}) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Toaster />
      <QueryClientProvider client={queryClient}>
        <PublicPageProvider href={path} params={params}>
          <PublicLayout>
            <Page />
          </PublicLayout>
        </PublicPageProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
