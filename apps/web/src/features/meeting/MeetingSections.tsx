import {
  Avatar,
  Badge,
  Button,
  Center,
  Group,
  isLightColor,
  List,
  SimpleGrid,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  EVALUATED_RULE_KEYS,
  formatNumber,
  letterGrade as gradeOf,
  NOT_SCORED_REASON_LABELS,
  type NotScoredReason,
  SETTING_LABELS,
  scoreColor,
} from '@meetwell/domain';
import { IconCheck, IconQuestionMark, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { ATTENDEE_LIST_FADE_ABOVE, DESCRIPTION_COLLAPSE_CHARS } from '../../copy/ui';
import { useIsMobile } from '../../lib/useIsMobile';
import { descriptionText, shouldCollapseDescription } from './description';
import classes from './MeetingSections.module.css';
import type { Attendee, Meeting, RuleResult } from './types';

export function SectionTitle({ children }: { children: string }) {
  return (
    <Title order={3} fz="sm" tt="uppercase" c="dimmed" mb={6}>
      {children}
    </Title>
  );
}

/** The score with its quality label and letter grade, or why the meeting is not scored. */
export function ScoreSummary({ meeting }: { meeting: Meeting }) {
  const { score } = meeting;
  if (typeof score !== 'number') {
    const reason = meeting.skip_evaluation ? 'skipped' : meeting.not_scored_reason;
    return (
      <Group gap="xs">
        <Badge size="lg" color="gray" variant="light" tt="none">
          Not scored
        </Badge>
        {reason && (
          <Text fz="sm" c="dimmed">
            {NOT_SCORED_REASON_LABELS[reason as NotScoredReason] ?? reason}
          </Text>
        )}
      </Group>
    );
  }
  const color = scoreColor(score);
  return (
    <Group gap="sm" wrap="nowrap" data-testid="meeting-score">
      <Center
        w={56}
        h={56}
        style={{ borderRadius: '50%', background: color, flexShrink: 0 }}
        aria-hidden="true"
      >
        <Text fw={800} fz="lg" c={isLightColor(color) ? 'dark' : 'white'}>
          {score}
        </Text>
      </Center>
      <div>
        <Text fw={750} data-testid="score-value">
          {score}/100
        </Text>
        <Group gap={6}>
          <Text fz="sm" tt="capitalize">
            {meeting.quality_label}
          </Text>
          <Badge variant="light" color="gray" size="sm" data-testid="letter-grade">
            {meeting.letter_grade ?? gradeOf(score)}
          </Badge>
        </Group>
      </div>
    </Group>
  );
}

export function DescriptionBlock({
  description,
  agendaCount,
}: {
  description: string | null;
  agendaCount: number;
}) {
  const text = descriptionText(description);
  const collapsible = shouldCollapseDescription(text, agendaCount);
  const [expanded, setExpanded] = useState(false);
  if (!text) return null;
  const collapsed = collapsible && !expanded;
  const long = text.length > DESCRIPTION_COLLAPSE_CHARS;
  // Collapsed: a long text shows its first 50 characters; a short one (collapsed because the agenda items
  // already show its content) is hidden behind the toggle.
  const shown = !collapsed ? text : long ? `${text.slice(0, DESCRIPTION_COLLAPSE_CHARS).trimEnd()}…` : null;
  return (
    <section aria-label="Description">
      <SectionTitle>Description</SectionTitle>
      {shown !== null && (
        <Text
          fz="sm"
          className={classes.description}
          data-collapsed={collapsed}
          data-testid="meeting-description"
        >
          {shown}
        </Text>
      )}
      {collapsible && (
        <Button
          variant="subtle"
          size="compact-sm"
          px={0}
          mt={2}
          aria-expanded={expanded}
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded ? 'Show less' : long ? 'Show more' : 'Show description'}
        </Button>
      )}
    </section>
  );
}

/** Per-rule results: label, score, points, weight and letter grade, in the rules' display order. */
export function RuleResultsTable({ results }: { results: Record<string, RuleResult> | null }) {
  const isMobile = useIsMobile();
  const entries = Object.entries(results ?? {}).sort(
    ([a], [b]) =>
      (EVALUATED_RULE_KEYS as readonly string[]).indexOf(a) -
      (EVALUATED_RULE_KEYS as readonly string[]).indexOf(b),
  );
  if (entries.length === 0) return null;
  const ruleLabel = (rule: string) => SETTING_LABELS[rule as keyof typeof SETTING_LABELS]?.label ?? rule;
  if (isMobile) {
    // Five columns need ~390 px and a phone's modal has ~310: each rule is a row of its own, its four figures
    // labelled beneath it, so the grade is never cut off.
    return (
      <section aria-label="Score breakdown">
        <SectionTitle>Score breakdown</SectionTitle>
        <Stack gap={6} component="ul" m={0} p={0} data-testid="score-breakdown-rows">
          {entries.map(([rule, result]) => (
            <li key={rule} style={{ listStyle: 'none' }} aria-label={ruleLabel(rule)}>
              <Text fz="sm" fw={600}>
                {ruleLabel(rule)}
              </Text>
              <SimpleGrid cols={4} spacing={4} component="dl" my={0}>
                {[
                  ['Score', result.score],
                  ['Points', result.points],
                  ['Weight', result.weight],
                  ['Grade', result.letter_grade ?? gradeOf(result.score)],
                ].map(([label, value]) => (
                  <div key={label}>
                    <Text component="dt" fz="xs" c="dimmed">
                      {label}
                    </Text>
                    <Text component="dd" fz="sm" m={0}>
                      {value}
                    </Text>
                  </div>
                ))}
              </SimpleGrid>
            </li>
          ))}
        </Stack>
      </section>
    );
  }
  return (
    <section aria-label="Score breakdown">
      <SectionTitle>Score breakdown</SectionTitle>
      <Table fz="sm" verticalSpacing={4} horizontalSpacing="xs" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Rule</Table.Th>
            <Table.Th ta="right">Score</Table.Th>
            <Table.Th ta="right">Points</Table.Th>
            <Table.Th ta="right">Weight</Table.Th>
            <Table.Th ta="right">Grade</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map(([rule, result]) => (
            <Table.Tr key={rule}>
              <Table.Td>{ruleLabel(rule)}</Table.Td>
              <Table.Td ta="right">{result.score}</Table.Td>
              <Table.Td ta="right">{result.points}</Table.Td>
              <Table.Td ta="right">{result.weight}</Table.Td>
              <Table.Td ta="right">{result.letter_grade ?? gradeOf(result.score)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </section>
  );
}

const DETAIL_KINDS = [
  { key: 'details_negative', label: 'Needs attention', color: 'danger', Icon: IconX },
  { key: 'details_maybe', label: 'Maybe', color: 'caution', Icon: IconQuestionMark },
  { key: 'details_positive', label: 'Going well', color: 'success', Icon: IconCheck },
] as const;

export function DetailsLists({ meeting }: { meeting: Meeting }) {
  const groups = DETAIL_KINDS.map((kind) => ({ ...kind, items: meeting[kind.key] ?? [] })).filter(
    (group) => group.items.length > 0,
  );
  if (groups.length === 0) return null;
  return (
    <Stack gap="sm">
      {groups.map(({ key, label, color, Icon, items }) => (
        <section key={key} aria-label={label}>
          <SectionTitle>{label}</SectionTitle>
          <List
            spacing={4}
            size="sm"
            icon={
              <ThemeIcon color={color} size={18} radius="xl">
                <Icon size={12} />
              </ThemeIcon>
            }
          >
            {items.map((text) => (
              <List.Item key={text}>{text}</List.Item>
            ))}
          </List>
        </section>
      ))}
    </Stack>
  );
}

const STATUS_LABELS: Record<string, string> = {
  accepted: 'Accepted',
  confirmed: 'Accepted',
  tentative: 'Tentative',
  declined: 'Declined',
  needsAction: 'Unresponded',
  none: 'Unresponded',
};

function AttendeeRow({ attendee }: { attendee: Attendee }) {
  const name = attendee.name?.trim() || attendee.email;
  return (
    <Group gap="xs" wrap="nowrap">
      <Avatar size={28} radius="xl" color="brand" name={name} />
      <div style={{ minWidth: 0, flex: 1 }}>
        <Text fz="sm" truncate>
          {name}
          {attendee.self ? ' (you)' : ''}
        </Text>
        {attendee.name && (
          <Text fz="xs" c="dimmed" truncate>
            {attendee.email}
          </Text>
        )}
      </div>
      <Group gap={4} wrap="nowrap">
        {attendee.role === 'organizer' && (
          <Badge size="xs" variant="light" tt="none">
            Organizer
          </Badge>
        )}
        {attendee.optional && (
          <Badge size="xs" variant="light" color="gray" tt="none">
            Optional
          </Badge>
        )}
        {attendee.status && STATUS_LABELS[attendee.status] && (
          <Text fz="xs" c="dimmed">
            {STATUS_LABELS[attendee.status]}
          </Text>
        )}
      </Group>
    </Group>
  );
}

/** Attendees; above five people the list scrolls and fades out at the bottom; those not listed are counted. */
export function AttendeesList({ attendees, count }: { attendees: Attendee[] | null; count: number | null }) {
  const list = attendees ?? [];
  if (list.length === 0) return null;
  const faded = list.length > ATTENDEE_LIST_FADE_ABOVE;
  return (
    <section aria-label="Attendees" className={classes.attendees}>
      <SectionTitle>{`Attendees (${formatNumber(Math.max(count ?? 0, list.length), 0)})`}</SectionTitle>
      <Stack
        gap={8}
        className={faded ? classes.attendeesScroll : undefined}
        data-faded={faded}
        data-testid="attendees-list"
        tabIndex={faded ? 0 : undefined}
      >
        {list.map((attendee) => (
          <AttendeeRow key={attendee.email} attendee={attendee} />
        ))}
      </Stack>
      {/* A company-wide event keeps its first 200 invitees (the organizer and you among them). */}
      {(count ?? 0) > list.length && (
        <Text fz="sm" c="dimmed" mt={8}>
          {`and ${formatNumber((count ?? 0) - list.length, 0)} more`}
        </Text>
      )}
    </section>
  );
}
