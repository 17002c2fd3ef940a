import { Button, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Emoji } from './Emoji';

export interface ErrorStateProps {
  emoji: string;
  title: ReactNode;
  description?: ReactNode;
  /** Optional action: a link (to) or a button (onClick). */
  action?: { label: string; to?: string; onClick?: () => void };
  /** Heading level of the title (1 on full pages). */
  order?: 1 | 2 | 3;
}

export function ErrorState({ emoji, title, description, action, order = 2 }: ErrorStateProps) {
  return (
    <Stack align="center" gap="sm" py={48} px="md" ta="center" maw={560} mx="auto">
      <Emoji emoji={emoji} size={56} />
      <Title order={order} fz={{ base: 24, sm: 30 }}>
        {title}
      </Title>
      {description && (
        <Text c="dimmed" fz="md">
          {description}
        </Text>
      )}
      {action &&
        (action.to ? (
          <Button component={Link} to={action.to} mt="sm" size="md" onClick={action.onClick}>
            {action.label}
          </Button>
        ) : (
          <Button mt="sm" size="md" onClick={action.onClick}>
            {action.label}
          </Button>
        ))}
    </Stack>
  );
}
