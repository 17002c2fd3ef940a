import { Avatar, Box, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import {
  IconChevronDown,
  IconCreditCard,
  IconHelp,
  IconLogout,
  IconQuestionMark,
  IconRoute,
  IconUser,
  IconUsers,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PlanCountdown } from '../features/billing/PlanCountdown';
import { SUPPORT_MAILTO } from '../lib/constants';
import type { CurrentUser } from '../session/types';
import { useRestartTour } from '../session/useRestartTour';
import { fullName, initials, isAdmin } from '../session/user';
import classes from './Header.module.css';
import { CHOOSE_PLAN_PATH } from './navigation';
import { SignOutDialog } from './SignOutDialog';
import { SOCIAL_LINKS } from './socialLinks';

export function UserMenu({ user, compact = false }: { user: CurrentUser; compact?: boolean }) {
  const [signOutOpened, setSignOutOpened] = useState(false);
  const admin = isAdmin(user);
  const name = fullName(user);
  const tour = useRestartTour();

  return (
    <>
      <Menu position="bottom-end" width={240} shadow="md" withinPortal>
        <Menu.Target>
          <UnstyledButton className={classes.userButton} aria-label={`Account menu for ${name}`}>
            <Group gap={8} wrap="nowrap">
              <Avatar src={user.profile_image || null} radius="xl" size={34} color="brand" alt={name}>
                {initials(user)}
              </Avatar>
              {!compact && (
                <Box style={{ lineHeight: 1.2 }} maw={180}>
                  <Text fz="sm" fw={650} truncate>
                    {name}
                  </Text>
                  {user.company?.name && (
                    <Text fz="xs" c="dimmed" truncate>
                      {user.company.name}
                    </Text>
                  )}
                </Box>
              )}
              <IconChevronDown size={14} stroke={2} />
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          {compact && (
            <Box px="sm" py={6}>
              <Text fz="sm" fw={650} truncate>
                {name}
              </Text>
              {user.company?.name && (
                <Text fz="xs" c="dimmed" truncate>
                  {user.company.name}
                </Text>
              )}
              <Box mt={6}>
                <PlanCountdown user={user} />
              </Box>
            </Box>
          )}
          {compact && <Menu.Divider />}
          <Menu.Item component={Link} to="/my/account" leftSection={<IconUser size={16} />}>
            Account
          </Menu.Item>
          {admin && (
            <Menu.Item component={Link} to="/my/team-management" leftSection={<IconUsers size={16} />}>
              Team management
            </Menu.Item>
          )}
          <Menu.Item leftSection={<IconRoute size={16} />} onClick={() => tour.mutate()}>
            Take a tour
          </Menu.Item>
          {admin && (
            <Menu.Item component={Link} to={CHOOSE_PLAN_PATH} leftSection={<IconCreditCard size={16} />}>
              Change plan
            </Menu.Item>
          )}
          <Menu.Divider />
          {SOCIAL_LINKS.map(({ label, href, icon: Icon }) => (
            <Menu.Item
              key={href}
              component="a"
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              leftSection={<Icon size={16} />}
            >
              {label}
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Item component="a" href={SUPPORT_MAILTO} leftSection={<IconHelp size={16} />}>
            Help and support
          </Menu.Item>
          <Menu.Item component={Link} to="/faq" leftSection={<IconQuestionMark size={16} />}>
            FAQ
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item leftSection={<IconLogout size={16} />} onClick={() => setSignOutOpened(true)}>
            Sign out
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <SignOutDialog opened={signOutOpened} onClose={() => setSignOutOpened(false)} />
    </>
  );
}
