import { Box, Container, Group } from '@mantine/core';
import { NavLink, useLocation } from 'react-router';
import { PlanCountdown } from '../features/billing/PlanCountdown';
import { useIsMobile } from '../lib/useIsMobile';
import type { CurrentUser } from '../session/types';
import { useCurrentUser } from '../session/useCurrentUser';
import { AutoBalanceSummary } from './AutoBalanceSummary';
import classes from './Header.module.css';
import { APP_HOME, APP_TABS, isAppPath } from './navigation';
import { UserMenu } from './UserMenu';
import { HomeLink, VisitorBar } from './VisitorBar';

export function Header() {
  const { pathname } = useLocation();
  const { data: user } = useCurrentUser();
  const inApp = isAppPath(pathname) && Boolean(user);

  return (
    <Box component="header" className={classes.header}>
      {inApp && user ? <AppBar user={user} /> : <VisitorBar signedIn={Boolean(user)} />}
    </Box>
  );
}

function AppTabs() {
  const { pathname } = useLocation();
  return (
    <Box component="nav" aria-label="App" className={classes.tabs}>
      {APP_TABS.map((tab) => {
        const active = pathname === tab.match || pathname.startsWith(`${tab.match}/`);
        return (
          <NavLink
            key={tab.label}
            to={tab.to}
            className={classes.tab}
            data-active={active || undefined}
            aria-current={active ? 'page' : undefined}
          >
            {tab.label}
          </NavLink>
        );
      })}
    </Box>
  );
}

function AppBar({ user }: { user: CurrentUser }) {
  const mobile = useIsMobile();
  return (
    <>
      <Container size="xl" className={classes.bar}>
        <Group h="100%" justify="space-between" wrap="nowrap" gap="md">
          <Group gap="xl" wrap="nowrap">
            <HomeLink to={APP_HOME} />
            {!mobile && <AppTabs />}
          </Group>
          <Group gap="sm" wrap="nowrap">
            {!user.deactivated_at && <AutoBalanceSummary compact={mobile} />}
            <Box visibleFrom="md">
              <PlanCountdown user={user} />
            </Box>
            <UserMenu user={user} compact={mobile} />
          </Group>
        </Group>
      </Container>
      {mobile && (
        <Box className={classes.mobileTabs}>
          <Container size="xl">
            <AppTabs />
          </Container>
        </Box>
      )}
    </>
  );
}
