import {
  Avatar,
  Grid,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  UnstyledButton,
} from '@mantine/core';
import {
  type BreakdownDetail,
  complianceCountsText,
  compliancePercentText,
  formatCurrency,
  formatNumber,
  formatPercent,
  type OrganizerDetail,
} from '@meetwell/domain';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import { useState } from 'react';
import { useIsMobile } from '../../lib/useIsMobile';
import type { Report } from './api';
import { initialsOf, Panel, Stat } from './Blocks';

const hours = (value: number) => `${formatNumber(value, value % 1 ? 2 : 0)} h`;

function BreakdownTable({ label, rows }: { label: string; rows: (BreakdownDetail & { name: string })[] }) {
  // On a phone the five columns fit with tighter spacing; a minimum width would scroll Share out of sight.
  const isMobile = useIsMobile();
  if (rows.length === 0) {
    return (
      <Text c="dimmed" fz="sm">
        No meetings.
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={isMobile ? 0 : 360}>
      <Table
        striped
        verticalSpacing={6}
        horizontalSpacing={isMobile ? 4 : 'sm'}
        fz={isMobile ? 'xs' : 'sm'}
        aria-label={label}
        data-testid={`breakdown-${label.toLowerCase()}`}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{label}</Table.Th>
            <Table.Th ta="right">Meetings</Table.Th>
            <Table.Th ta="right">Hours</Table.Th>
            <Table.Th ta="right">Cost</Table.Th>
            <Table.Th ta="right">Share</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.name}>
              <Table.Td>{row.name}</Table.Td>
              <Table.Td ta="right">{formatNumber(row.count, 0)}</Table.Td>
              <Table.Td ta="right">{hours(row.hours)}</Table.Td>
              <Table.Td ta="right">{formatCurrency(row.cost)}</Table.Td>
              <Table.Td ta="right">{formatPercent(row.percent, 1)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

type SortKey =
  | 'name'
  | 'count'
  | 'good_hours'
  | 'bad_hours'
  | 'total_hours'
  | 'cost'
  | 'percent'
  | 'past_actions';
const COLUMNS: { key: SortKey; label: string }[] = [
  { key: 'name', label: 'Organizer' },
  { key: 'count', label: 'Meetings' },
  { key: 'good_hours', label: 'Good' },
  { key: 'bad_hours', label: 'To improve' },
  { key: 'total_hours', label: 'Total' },
  { key: 'cost', label: 'Cost' },
  { key: 'percent', label: 'Share' },
  { key: 'past_actions', label: 'Nudges' },
];

/** Organizers sorted by a column (default: meetings, most first); ties by email. */
function sortOrganizers(
  rows: readonly OrganizerDetail[],
  key: SortKey,
  descending: boolean,
): OrganizerDetail[] {
  const value = (o: OrganizerDetail) => (key === 'name' ? (o.name || o.email).toLowerCase() : o[key]);
  return [...rows].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    const order = x < y ? -1 : x > y ? 1 : a.email < b.email ? -1 : a.email > b.email ? 1 : 0;
    return descending && x !== y ? -order : order;
  });
}

/** An organizer's figures, as the table's columns (after Organizer) show them. */
function organizerFigures(o: OrganizerDetail): { label: string; value: string }[] {
  return [
    { label: 'Meetings', value: formatNumber(o.count, 0) },
    { label: 'Good', value: hours(o.good_hours) },
    { label: 'To improve', value: hours(o.bad_hours) },
    { label: 'Total', value: hours(o.total_hours) },
    { label: 'Cost', value: formatCurrency(o.cost) },
    { label: 'Share', value: formatPercent(o.percent, 1) },
    { label: 'Nudges', value: formatNumber(o.past_actions, 0) },
  ];
}

function OrganizerName({ o }: { o: OrganizerDetail }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Avatar src={o.profile_image || null} size={24} radius="xl" color="gray" fz={10}>
        {initialsOf(o.name || o.email)}
      </Avatar>
      <div style={{ minWidth: 0 }}>
        <Text fz="sm" fw={600} truncate>
          {o.name || o.email || 'Unknown'}
        </Text>
        {o.name && (
          <Text fz="xs" c="dimmed" truncate>
            {o.email}
          </Text>
        )}
      </div>
    </Group>
  );
}

/**
 * On a phone the eight columns do not fit: each organizer is a card of their own, every figure labelled, so
 * cost, hours and nudges stay on screen without scrolling sideways. Sorted like the table (a select for the key).
 */
function OrganizerCards({
  rows,
  sort,
  onSort,
}: {
  rows: readonly OrganizerDetail[];
  sort: SortKey;
  onSort: (key: SortKey) => void;
}) {
  return (
    <Stack gap="sm">
      <NativeSelect
        label="Sort by"
        size="xs"
        w={180}
        value={sort}
        data={COLUMNS.map((column) => ({ value: column.key, label: column.label }))}
        onChange={(event) => onSort(event.currentTarget.value as SortKey)}
      />
      <Stack gap="xs" component="ul" m={0} p={0} aria-label="All organizers" data-testid="organizer-cards">
        {rows.map((o) => (
          <Paper
            key={o.email}
            component="li"
            withBorder
            radius="md"
            p="sm"
            style={{ listStyle: 'none' }}
            aria-label={o.name || o.email || 'Unknown'}
          >
            <OrganizerName o={o} />
            <SimpleGrid
              cols={{ base: 2, xs: 4 }}
              spacing="xs"
              verticalSpacing={4}
              mt="xs"
              component="dl"
              m={0}
            >
              {organizerFigures(o).map((figure) => (
                <div key={figure.label}>
                  <Text component="dt" fz="xs" c="dimmed">
                    {figure.label}
                  </Text>
                  <Text component="dd" fz="sm" fw={600} m={0}>
                    {figure.value}
                  </Text>
                </div>
              ))}
            </SimpleGrid>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}

function OrganizersTable({ rows }: { rows: readonly OrganizerDetail[] }) {
  const [sort, setSort] = useState<{ key: SortKey; descending: boolean }>({ key: 'count', descending: true });
  const isMobile = useIsMobile();
  const sorted = sortOrganizers(rows, sort.key, sort.descending);
  if (rows.length === 0) {
    return (
      <Text c="dimmed" fz="sm">
        No meetings.
      </Text>
    );
  }
  if (isMobile) {
    return (
      <OrganizerCards
        rows={sorted}
        sort={sort.key}
        onSort={(key) => setSort({ key, descending: key !== 'name' })}
      />
    );
  }
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover verticalSpacing={6} fz="sm" aria-label="All organizers">
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((column) => {
              const active = sort.key === column.key;
              const Icon = active ? (sort.descending ? IconChevronDown : IconChevronUp) : IconSelector;
              return (
                <Table.Th
                  key={column.key}
                  ta={column.key === 'name' ? 'left' : 'right'}
                  aria-sort={active ? (sort.descending ? 'descending' : 'ascending') : 'none'}
                >
                  <UnstyledButton
                    fz="sm"
                    fw={700}
                    onClick={() =>
                      setSort((s) => ({
                        key: column.key,
                        descending: s.key === column.key ? !s.descending : column.key !== 'name',
                      }))
                    }
                  >
                    <Group gap={2} wrap="nowrap" justify={column.key === 'name' ? 'flex-start' : 'flex-end'}>
                      {column.label}
                      <Icon size={14} aria-hidden />
                    </Group>
                  </UnstyledButton>
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sorted.map((o) => (
            <Table.Tr key={o.email}>
              <Table.Td>
                <OrganizerName o={o} />
              </Table.Td>
              <Table.Td ta="right">{formatNumber(o.count, 0)}</Table.Td>
              <Table.Td ta="right">{hours(o.good_hours)}</Table.Td>
              <Table.Td ta="right">{hours(o.bad_hours)}</Table.Td>
              <Table.Td ta="right">{hours(o.total_hours)}</Table.Td>
              <Table.Td ta="right">{formatCurrency(o.cost)}</Table.Td>
              <Table.Td ta="right">{formatPercent(o.percent, 1)}</Table.Td>
              <Table.Td ta="right">{formatNumber(o.past_actions, 0)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Evaluation details: INTENTIONS, RECURRING & ALL-DAY, All organizers, and MISC. */
export function EvaluationDetails({
  details,
  attendees,
  overtime,
  compliant,
  nudges,
}: {
  details: Report<'duration_and_cost_details'> | undefined;
  attendees: Report<'average_attendees'> | undefined;
  overtime: Report<'overtime'> | undefined;
  compliant: Report<'compliant_meetings'> | undefined;
  nudges: Report<'num_past_actions_by'> | undefined;
}) {
  const d = details?.rows;
  return (
    <>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Panel title="INTENTIONS" loading={!d} data-pdf-block>
            {d && (
              <BreakdownTable label="Intention" rows={d.intentions.map((i) => ({ ...i, name: i.label }))} />
            )}
          </Panel>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Panel
            title="RECURRING & ALL-DAY"
            description="All-day meetings are not scored and stay out of reports."
            loading={!d}
            data-pdf-block
          >
            {d && (
              <BreakdownTable
                label="Kind"
                rows={d.categories.map((c) => ({
                  ...c,
                  name: c.category === 'recurring' ? 'Recurring' : 'One-off',
                }))}
              />
            )}
          </Panel>
        </Grid.Col>
      </Grid>
      <Panel
        title="All organizers"
        description="Hours by score: good (80 and up) or to improve"
        loading={!d}
        data-pdf-block
      >
        {d && <OrganizersTable rows={d.organizers} />}
      </Panel>
      <Panel
        title="MISC"
        loading={!attendees || !overtime || !compliant || !nudges}
        data-pdf-block
        aria-label="MISC"
      >
        {attendees && overtime && compliant && nudges && (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
            <Stat
              label="Average attendees"
              value={formatNumber(attendees.rows.average, 1)}
              hint="people per meeting"
              trend={attendees.trends}
              goodWhen="down"
            />
            <Stat
              label="Outside work hours"
              value={hours(overtime.rows.overtime_hours)}
              hint={`${formatNumber(overtime.rows.total, 0)} meetings before 9:00, after 17:00 or on weekends`}
              trend={overtime.trends}
              goodWhen="down"
            />
            <Stat
              label="Compliant meetings"
              value={compliancePercentText(compliant.rows)}
              hint={complianceCountsText(compliant.rows)}
            />
            <Stat
              label="Nudges sent"
              value={formatNumber(nudges.total, 0)}
              hint="reminders and declines to organizers"
            />
          </SimpleGrid>
        )}
      </Panel>
    </>
  );
}
