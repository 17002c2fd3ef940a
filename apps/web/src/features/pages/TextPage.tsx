import { Container, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Markdown } from '../../components/Markdown';
import type { TextPage as TextPageContent } from '../../content/legal';
import { usePageTitle } from '../../layout/usePageTitle';

export function TextPage({ page, children }: { page: TextPageContent; children?: ReactNode }) {
  usePageTitle(page.title);
  return (
    <Container size="sm" py={{ base: 'xl', sm: 56 }}>
      <Title order={1} fz={{ base: 30, sm: 40 }} mb="xs">
        {page.title}
      </Title>
      {page.updated && (
        <Text c="dimmed" fz="sm" mb="md">
          Last updated {page.updated}
        </Text>
      )}
      <Text fz="lg" c="gray.7" mb="lg" lh={1.6}>
        {page.intro}
      </Text>
      <Markdown source={page.body} />
      {children}
    </Container>
  );
}
