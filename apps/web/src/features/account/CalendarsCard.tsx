import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Collapse,
  ColorSwatch,
  Group,
  List,
  Loader,
  Paper,
  Stack,
  Switch,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  connectionProblemText,
  formatDate,
  type ImportReport,
  importProblemText,
  importReportRest,
  importReportSummary,
} from '@meetwell/domain';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { AlertDialog } from '../../components/AlertDialog';
import { browserTimeZone } from '../../lib/timezone';
import type { CurrentUser } from '../../session/types';
import { lastGoodReadText } from '../connection-health/health';
import { ReconnectButton } from '../connection-health/ReconnectCalendar';
import { type CalendarItem, useCalendars } from '../plan/api';
import { AddCaldavModal, AddIcsModal } from './AddCalendarModals';
import { useRemoveCalendar, useWatchCalendar } from './api';
import { ResyncButton } from './ResyncButton';

const PROVIDER_LABELS: Record<CalendarItem['provider'], string> = {
  google: 'Google',
  microsoft: 'Outlook',
  caldav: 'CalDAV',
  ics: 'ICS',
};

function syncText(calendar: CalendarItem): string | null {
  if (calendar.connection_problem)
    return `${connectionProblemText(calendar.name, calendar.connection_problem)} ${lastGoodReadText(calendar)}`;
  if (calendar.needs_permission) return 'Needs permission';
  if (calendar.sync_error) return `Sync failed: ${calendar.sync_error}`;
  if (calendar.sync_status === 'running' || calendar.sync_status === 'queued') return 'Syncing…';
  if (calendar.watching && calendar.last_synced_at)
    return `Synced ${formatDate(calendar.last_synced_at, 'Short', browserTimeZone())} ${formatDate(calendar.last_synced_at, 'Time', browserTimeZone())}`;
  return null;
}

/** The last import's summary; its problems (line and reason) open below when there are any. */
function ImportReportLine({ report }: { report: ImportReport }) {
  const [open, setOpen] = useState(false);
  const summary = importReportSummary(report);
  const rest = importReportRest(report);
  if (report.problems_total === 0) {
    return (
      <Text fz="xs" c="dimmed">
        {summary}
      </Text>
    );
  }
  return (
    <div data-testid="import-report">
      <Group gap={4} wrap="nowrap">
        <Text fz="xs" c="warning.9">
          {summary}
        </Text>
        <Anchor
          component="button"
          type="button"
          fz="xs"
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
        >
          {open ? 'Hide' : 'Show'}
        </Anchor>
      </Group>
      <Collapse expanded={open}>
        <List size="xs" spacing={2} withPadding mt={4}>
          {report.problems.map((problem, index) => (
            // Problems have no id; their order is the file's.
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, never reordered
            <List.Item key={index} style={{ overflowWrap: 'anywhere' }}>
              {importProblemText(problem)}
            </List.Item>
          ))}
          {rest && <List.Item>{rest}</List.Item>}
        </List>
      </Collapse>
    </div>
  );
}

/**
 * A calendar of the list: colour, name, provider and sync status (with Reconnect when it cannot be read, and
 * its import report), the switch that balances it and, for ICS and CalDAV, Remove.
 */
function CalendarRow({
  calendar,
  switching,
  onWatch,
  onRemove,
}: {
  calendar: CalendarItem;
  switching: boolean;
  onWatch: (watching: boolean) => void;
  onRemove: () => void;
}) {
  const status = syncText(calendar);
  const removable = calendar.provider === 'ics' || calendar.provider === 'caldav';
  return (
    <Group wrap="nowrap" gap="sm">
      <ColorSwatch color={calendar.color || '#adb5bd'} size={14} />
      <div style={{ flex: 1, minWidth: 0 }}>
        <Group gap={6} wrap="wrap">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {calendar.name}
          </Text>
          <Badge size="xs" variant="light" color="gray" tt="none">
            {PROVIDER_LABELS[calendar.provider] ?? calendar.provider}
          </Badge>
          {calendar.primary && (
            <Badge size="xs" variant="light" tt="none">
              Primary
            </Badge>
          )}
        </Group>
        {status && (
          <Text
            fz="xs"
            c={calendar.sync_error || calendar.needs_permission ? 'danger' : 'dimmed'}
            truncate={calendar.connection_problem ? undefined : true}
            data-testid="calendar-status"
          >
            {status}
          </Text>
        )}
        {calendar.watching && calendar.connection_problem && (
          <Group mt={4}>
            <ReconnectButton calendar={calendar} />
          </Group>
        )}
        {calendar.import_report && <ImportReportLine report={calendar.import_report} />}
      </div>
      <Switch
        checked={calendar.watching}
        aria-label={`Balance ${calendar.name}`}
        disabled={switching}
        onChange={(event) => onWatch(event.currentTarget.checked)}
      />
      {removable && (
        <Tooltip label="Remove" withArrow>
          <ActionIcon
            variant="subtle"
            color="danger"
            aria-label={`Remove ${calendar.name}`}
            onClick={onRemove}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}

/** 'Calendars to balance': a watch switch per calendar, remove for ICS and CalDAV, add, and re-sync. */
export function CalendarsCard({ user }: { user: CurrentUser }) {
  const external = (user.identity_providers ?? []).length > 0;
  const calendars = useCalendars(external);
  const [adding, setAdding] = useState<'ics' | 'caldav' | null>(null);
  const [removing, setRemoving] = useState<CalendarItem | null>(null);
  const watch = useWatchCalendar(external);
  const remove = useRemoveCalendar();

  return (
    <Paper withBorder radius="lg" p="lg">
      <Title order={2} fz="lg" mb={4}>
        Calendars to balance
      </Title>
      <Text fz="sm" c="dimmed" mb="md">
        MeetWell scores the meetings of the calendars switched on.
      </Text>
      {calendars.isPending ? (
        <Loader role="status" size="sm" aria-label="Loading calendars" />
      ) : (
        <Stack gap="sm" data-testid="calendar-list">
          {(calendars.data ?? []).length === 0 && <Text c="dimmed">No calendar added.</Text>}
          {(calendars.data ?? []).map((calendar) => (
            <CalendarRow
              key={calendar.id}
              calendar={calendar}
              switching={watch.isPending && watch.variables?.id === calendar.id}
              onWatch={(watching) => watch.mutate({ id: calendar.id, watching })}
              onRemove={() => setRemoving(calendar)}
            />
          ))}
        </Stack>
      )}
      <Group gap="xs" mt="lg">
        <Button variant="light" onClick={() => setAdding('ics')}>
          Add an ICS calendar
        </Button>
        <Button variant="light" onClick={() => setAdding('caldav')}>
          Add a CalDAV calendar
        </Button>
        <ResyncButton />
      </Group>
      <AddIcsModal opened={adding === 'ics'} onClose={() => setAdding(null)} />
      <AddCaldavModal opened={adding === 'caldav'} onClose={() => setAdding(null)} />
      <AlertDialog
        opened={removing !== null}
        title="Remove this calendar?"
        text={removing ? `${removing.name} and its meetings will be removed from MeetWell.` : undefined}
        confirmLabel="Remove"
        confirmColor="danger"
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) remove.mutate(removing.id);
          setRemoving(null);
        }}
      />
    </Paper>
  );
}
