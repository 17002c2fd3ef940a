import { Button, Menu } from '@mantine/core';
import { type EndpointQuery, reportEndpoints } from '@meetwell/domain';
import { IconChevronDown, IconDownload, IconFileText, IconTable } from '@tabler/icons-react';
import { apiUrl } from '../../api/client';
import type { ReviewView } from './reviewState';

const CSV_EXPORTS = { meetings: reportEndpoints.exportMeetings, report: reportEndpoints.exportReport };

/** The CSV endpoints take the report endpoints' query: the same period, people and invite statuses. */
export function exportCsvUrl(
  file: keyof typeof CSV_EXPORTS,
  params: { view: ReviewView; start: string; end: string; statuses: string[] },
): string {
  const query: EndpointQuery<(typeof CSV_EXPORTS)[typeof file]> = {
    start: params.start,
    end: params.end,
    who: params.view === 'team' ? 'team' : 'user',
    byAttendeeStatus: params.statuses.join(','),
  };
  // A link the browser follows (a file download), not a fetch: the endpoint's path and its typed query.
  return apiUrl(CSV_EXPORTS[file].path, query);
}

/**
 * Review's Export menu: the report as a PDF (built in the browser from the figures on screen), its tables as
 * CSV, and the period's meetings as CSV (both files come from the server, signed in by the session cookie).
 */
export function ExportMenu({
  params,
  disabled,
  exporting,
  onPdf,
}: {
  params: { view: ReviewView; start: string; end: string; statuses: string[] };
  disabled: boolean;
  exporting: boolean;
  onPdf: () => void;
}) {
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <Button
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          loading={exporting}
          disabled={disabled}
          ml={{ sm: 'auto' }}
        >
          Export
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconFileText size={16} aria-hidden />} onClick={onPdf}>
          PDF report
        </Menu.Item>
        <Menu.Item
          component="a"
          href={exportCsvUrl('report', params)}
          download
          leftSection={<IconTable size={16} aria-hidden />}
        >
          Report tables (CSV)
        </Menu.Item>
        <Menu.Item
          component="a"
          href={exportCsvUrl('meetings', params)}
          download
          leftSection={<IconTable size={16} aria-hidden />}
        >
          Meetings (CSV)
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
