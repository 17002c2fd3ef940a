import { Box } from '@mantine/core';
import { Outlet, useLocation } from 'react-router';
import { RealtimeBridge } from '../realtime/RealtimeBridge';
import { Footer } from './Footer';
import { Header } from './Header';
import { NavigationProgress } from './NavigationProgress';
import { isAppPath } from './navigation';
import { ReferralCapture } from './ReferralCapture';
import { ScrollReset } from './ScrollReset';
import { SignInDialog } from './SignInDialog';

/** Shared by public and app pages: header, page, footer (hidden under /my), sign-in modal. */
export function RootLayout() {
  const { pathname } = useLocation();
  return (
    <>
      <NavigationProgress />
      <ScrollReset />
      <ReferralCapture />
      <RealtimeBridge />
      <Header />
      <Box component="main" style={{ flex: 1 }}>
        <Outlet />
      </Box>
      {!isAppPath(pathname) && <Footer />}
      <SignInDialog />
    </>
  );
}
