import { Box, Button, Container, Group, Paper } from '@mantine/core';
import { useClickOutside } from '@mantine/hooks';
import { IconMenu2, IconX } from '@tabler/icons-react';
import { type SyntheticEvent, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Logo } from '../components/Logo';
import classes from './Header.module.css';
import { APP_HOME, VISITOR_LINKS } from './navigation';
import { useLoginModal } from './useLoginModal';

export function HomeLink({ to }: { to: string }) {
  return (
    <Box component={Link} to={to} aria-label="MeetWell home" style={{ textDecoration: 'none' }}>
      <Logo />
    </Box>
  );
}

/** The public pages' bar: the site's links, and sign-in (or, once signed in, the way into the app). */
export function VisitorBar({ signedIn }: { signedIn: boolean }) {
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
              <Button {...login.trigger} ml="xs" radius="xl" visibleFrom="sm">
                Log in / Sign up
              </Button>
              <Button {...login.trigger} radius="xl" hiddenFrom="sm">
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

/**
 * The site's links on a phone: a native disclosure (details and summary), so that a tap opens it even before
 * the page's script has run. The script adds closing by Escape and by a tap elsewhere.
 */
function VisitorMenu() {
  const [opened, setOpened] = useState(false);
  const ref = useClickOutside<HTMLDetailsElement>(() => setOpened(false));
  useEffect(() => {
    // Opened by a tap before the script ran: the state follows the page.
    if (ref.current?.open) setOpened(true);
  }, [ref]);
  useEffect(() => {
    if (!opened) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpened(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [opened]);
  return (
    <Box
      component="details"
      ref={ref}
      hiddenFrom="sm"
      pos="relative"
      open={opened}
      onToggle={(event: SyntheticEvent<HTMLDetailsElement>) => setOpened(event.currentTarget.open)}
    >
      <summary className={classes.menuButton} aria-label="Site menu">
        {opened ? <IconX size={20} aria-hidden /> : <IconMenu2 size={20} aria-hidden />}
      </summary>
      <Paper
        component="nav"
        aria-label="Site"
        shadow="md"
        withBorder
        p={4}
        w={200}
        pos="absolute"
        right={0}
        top="calc(100% + 8px)"
        style={{ zIndex: 200 }}
      >
        {VISITOR_LINKS.map((link) => (
          <Link key={link.to} to={link.to} className={classes.menuLink} onClick={() => setOpened(false)}>
            {link.label}
          </Link>
        ))}
      </Paper>
    </Box>
  );
}
