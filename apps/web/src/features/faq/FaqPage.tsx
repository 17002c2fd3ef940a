import { Anchor, Box, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Markdown } from '../../components/Markdown';
import { FAQ_CATEGORIES, FAQ_ITEMS } from '../../content/faq';
import { usePageTitle } from '../../layout/usePageTitle';
import { SUPPORT_EMAIL, SUPPORT_MAILTO } from '../../lib/constants';

export function FaqPage() {
  usePageTitle('FAQ');
  return (
    <Container size="md" py={{ base: 'xl', sm: 56 }}>
      <Title order={1} fz={{ base: 30, sm: 40 }} mb="xs">
        Frequently asked questions
      </Title>
      <Text fz="lg" c="gray.7" mb="md">
        Can't find what you need? Email{' '}
        <Anchor href={SUPPORT_MAILTO} inherit>
          {SUPPORT_EMAIL}
        </Anchor>
        .
      </Text>
      <Group gap="xs" mb="xl" component="nav" aria-label="FAQ sections">
        {FAQ_CATEGORIES.map((category) => (
          <Button
            key={category.id}
            component={Link}
            to={`/faq#${category.id}`}
            variant="light"
            size="xs"
            radius="xl"
          >
            {category.title}
          </Button>
        ))}
      </Group>
      <Stack gap={48}>
        {FAQ_CATEGORIES.map((category) => (
          <Box
            component="section"
            key={category.id}
            id={category.id}
            aria-labelledby={`${category.id}-title`}
          >
            <Title order={2} id={`${category.id}-title`} fz={26}>
              {category.title}
            </Title>
            <Text c="dimmed" mb="md">
              {category.intro}
            </Text>
            <Stack gap="md">
              {FAQ_ITEMS.filter((item) => item.category === category.id).map((item) => (
                <Paper key={item.slug} id={item.slug} withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
                  <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm" mb="xs">
                    <Title order={3} fz="lg">
                      {item.question}
                    </Title>
                    <Button
                      component={Link}
                      to={`/faq#${item.slug}`}
                      variant="subtle"
                      size="compact-sm"
                      leftSection={<IconLink size={14} />}
                      aria-label={`Link to "${item.question}"`}
                      style={{ flexShrink: 0 }}
                    >
                      Link
                    </Button>
                  </Group>
                  <Markdown source={item.answer} />
                </Paper>
              ))}
            </Stack>
          </Box>
        ))}
      </Stack>
    </Container>
  );
}
