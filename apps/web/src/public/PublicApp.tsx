import { Box, MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { preinit, preloadModule } from 'react-dom';
import { cssVariablesResolver, theme } from '../app/theme';
import { Footer } from '../layout/Footer';
import classes from '../layout/Header.module.css';
import { ReferralCapture } from '../layout/ReferralCapture';
import { SignInDialog } from '../layout/SignInDialog';
import { VisitorBar } from '../layout/VisitorBar';
import { lazyComponent } from '../lib/lazyComponent';
import { useCurrentUser } from '../session/useCurrentUser';
import { PublicPageProvider } from './navigation';
import { useToasterWanted } from './queryClient';

// The toaster is only downloaded for the first toast.
const LazyToaster = lazyComponent(
  () => import('./Toaster'),
  (m) => m.default,
);

function Toaster() {
  const wanted = useToasterWanted();
  if (!wanted) return null;
  return <LazyToaster />;
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
  preload = [],
  stylesheets = [],
}: {
  Page: ComponentType;
  /** The page's path: what was pre-rendered. */
  path: string;
  params: Record<string, string>;
  queryClient: QueryClient;
  /** Scripts for the HTML to fetch at once (the pre-renderer gives the page's chunks). */
  preload?: string[];
  /** The page's own stylesheets (its CSS modules), for the HTML to paint with before any script runs. */
  stylesheets?: string[];
}) {
  // Rendered on the server as <link> elements, which React leaves out of hydration; in the browser the
  // page's chunk then finds its stylesheets already there.
  for (const href of stylesheets) preinit(href, { as: 'style', precedence: 'default' });
  for (const href of preload) preloadModule(href);
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
