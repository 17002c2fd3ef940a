import { Box, Burger, Button, Container, Group, Menu } from '@mantine/core';
import { Link, NavLink, useLocation } from 'react-router';
import { Logo } from '../components/Logo';
import { PlanCountdown } from '../features/billing/PlanCountdown';
import { useIsMobile } from '../lib/useIsMobile';
import type { CurrentUser } from '../session/types';
import { useCurrentUser } from '../session/useCurrentUser';
import { AutoBalanceSummary } from './AutoBalanceSummary';
import classes from './Header.module.css';
import { APP_HOME } from './LoginModal';
import { APP_TABS, isAppPath, VISITOR_LINKS } from './navigation';
import { UserMenu } from './UserMenu';
import { useLoginModal } from './useLoginModal';

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

function HomeLink({ to }: { to: string }) {
  return (
    <Box component={Link} to={to} aria-label="MeetWell home" style={{ textDecoration: 'none' }}>
      <Logo />
    </Box>
  );
}

function VisitorBar({ signedIn }: { signedIn: boolean }) {
  const login = useLoginModal();
  return (
    <Container size="lg" className={classes.bar}>
      <Group h="100%" justify="space-between" wrap="nowrap">
        <HomeLink to="/" />
        <Group gap={4} wrap="nowrap">
          <Group gap={4} visibleFrom="sm" component="nav" aria-label="Main">
            {VISITOR_LINKS.map((link) => (
              <Link key={link.to} to={link.to} className={classes.navLink}>
                {link.label}
              </Link>
            ))}
          </Group>
          {signedIn ? (
            <Button component={Link} to={APP_HOME} ml="xs" radius="xl">
              Open MeetWell
            </Button>
          ) : (
            <>
              <Button onClick={login.open} ml="xs" radius="xl" visibleFrom="sm">
                Log in / Sign up
              </Button>
              <Button onClick={login.open} radius="xl" hiddenFrom="sm">
                Sign up
              </Button>
            </>
          )}
          <VisitorMenu />
        </Group>
      </Group>
    </Container>
  );
}

function VisitorMenu() {
  return (
    <Menu position="bottom-end" width={200} shadow="md">
      <Menu.Target>
        <Burger hiddenFrom="sm" size="sm" aria-label="Open navigation" ml={4} />
      </Menu.Target>
      <Menu.Dropdown hiddenFrom="sm">
        {VISITOR_LINKS.map((link) => (
          <Menu.Item key={link.to} component={Link} to={link.to}>
            {link.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
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
