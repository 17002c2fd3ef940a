import { Anchor, Box, Container, Group, Stack, Text } from '@mantine/core';
import { PRODUCT_NAME } from '@meetwell/domain';
import { Link } from 'react-router';
import { Logo } from '../components/Logo';
import { FOOTER_LINKS } from './navigation';

export function Footer() {
  return (
    <Box
      component="footer"
      bg="gray.0"
      py="xl"
      mt="xl"
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Container size="lg">
        <Group justify="space-between" align="flex-start" gap="lg">
          <Stack gap={6}>
            <Logo />
            <Text fz="sm" c="dimmed" maw={320}>
              Healthy meetings, balanced calendars. No trackers, no ads, no selling your data.
            </Text>
          </Stack>
          <Group component="nav" aria-label="Footer" gap="lg" wrap="wrap">
            {FOOTER_LINKS.map((link) => (
              <Anchor key={link.to} component={Link} to={link.to} c="gray.7" fz="sm" fw={500}>
                {link.label}
              </Anchor>
            ))}
          </Group>
        </Group>
        <Text fz="xs" c="dimmed" mt="lg">
          © {new Date().getFullYear()} {PRODUCT_NAME}
        </Text>
      </Container>
    </Box>
  );
}
