import { Anchor, Badge, Button, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { EVENT_COLORS, formatDate } from '@meetwell/domain';
import { Link } from 'react-router';
import { browserTimeZone } from '../../lib/timezone';
import { descriptionText } from '../meeting/description';
import { MeetingInfo } from '../meeting/MeetingDetail';
import { ScoreSummary, SectionTitle } from '../meeting/MeetingSections';
import type { Meeting } from '../meeting/types';
import { type DailyReport, useDailyReport } from './api';

function DayMeetings({ report }: { report: DailyReport }) {
  const zone = browserTimeZone();
  return (
    <div>
      <SectionTitle>{report.meetings_count === 1 ? "The day's meeting" : "The day's meetings"}</SectionTitle>
      <Table striped verticalSpacing={6} aria-label="The day's meetings">
        <Table.Tbody>
          {report.meetings.map((m) => (
            <Table.Tr key={m.id}>
              <Table.Td w={90} c="dimmed" fz="sm" style={{ whiteSpace: 'nowrap' }}>
                {formatDate(m.starts_at, 'Time', zone)}
              </Table.Td>
              <Table.Td fz="sm">
                <Anchor component={Link} to={`/my/plan/meeting/${m.id}?w=${report.date}`} fz="sm">
                  {m.summary.trim() || '(No title)'}
                </Anchor>
              </Table.Td>
              <Table.Td fz="sm" ta="right" style={{ whiteSpace: 'nowrap' }}>
                {m.score} ({m.letter_grade})
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

/**
 * The meeting modal's daily report variant: the day's average score with its grade and label, and the day's
 * scored meetings, read from the server; the event's own text while loading or when the day cannot be read.
 */
export function DailyReportEvent({ meeting }: { meeting: Meeting }) {
  const query = useDailyReport(meeting.id);
  const report = query.data;
  const text = descriptionText(meeting.description);
  return (
    <Stack gap="md" data-variant="daily_report">
      <Group gap="xs">
        <Badge style={{ background: EVENT_COLORS.daily_report }} c="white" tt="none">
          Daily report card
        </Badge>
      </Group>
      {/* A report takes no one's time: no cost line. */}
      <MeetingInfo meeting={{ ...meeting, cost: null }} showIntention={false} />
      {report ? (
        <>
          <ScoreSummary
            meeting={{
              ...meeting,
              score: report.score,
              quality_label: report.quality_label,
              letter_grade: report.letter_grade,
              not_scored_reason: null,
              skip_evaluation: false,
            }}
          />
          {report.meetings.length > 0 ? (
            <DayMeetings report={report} />
          ) : (
            <Text fz="sm" c="dimmed">
              No scored meetings on this day any more.
            </Text>
          )}
        </>
      ) : text ? (
        <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {text}
        </Text>
      ) : (
        query.isPending && <Loader role="status" size="sm" aria-label="Loading the day's report" />
      )}
      <Group>
        <Button
          component={Link}
          to={report ? `/my/review/you?s=${report.date}&e=${report.date}` : '/my/review/you'}
          variant="light"
        >
          Review your meetings
        </Button>
      </Group>
    </Stack>
  );
}
