import { Box, Burger, Button, Container, Group, Paper } from '@mantine/core';
import { useClickOutside } from '@mantine/hooks';
import { useEffect, useId, useState } from 'react';
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

/** The site's links on a phone: a disclosure under the burger (no menu library on the light public pages). */
function VisitorMenu() {
  const [opened, setOpened] = useState(false);
  const ref = useClickOutside(() => setOpened(false));
  const id = useId();
  useEffect(() => {
    if (!opened) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpened(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [opened]);
  return (
    <Box ref={ref} hiddenFrom="sm" pos="relative">
      <Burger
        opened={opened}
        onClick={() => setOpened((open) => !open)}
        size="sm"
        aria-label="Open navigation"
        aria-expanded={opened}
        aria-controls={id}
        ml={4}
      />
      {opened && (
        <Paper
          id={id}
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
            <Link key={link.to} to={link.to} className={classes.menuLink}>
              {link.label}
            </Link>
          ))}
        </Paper>
      )}
    </Box>
  );
}
