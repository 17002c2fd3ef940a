import { Badge, Group, List, Stack, Text } from '@mantine/core';
import { suggestionEndpoints } from '@meetwell/domain';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/endpoint';
import { SectionTitle } from './MeetingSections';
import type { Meeting } from './types';

/** GET /meetings/:id/suggestions: the few changes that raise the meeting's score most. */
export async function fetchMeetingSuggestions(id: string) {
  const doc = await call(suggestionEndpoints.forMeeting, { params: { id } });
  return doc.data.map((r) => r.attributes);
}

/**
 * "How to improve": what would raise this meeting's score, each change with the score and grade it would
 * give ('Shorten to 45 minutes → 86, B'). Asked again whenever the meeting's score or items change; nothing
 * for a meeting that is not scored, or that nothing would raise.
 */
export function HowToImprove({ meeting }: { meeting: Meeting }) {
  const scored = typeof meeting.score === 'number' && !meeting.skip_evaluation;
  const query = useQuery({
    queryKey: [
      'meetings',
      meeting.id,
      'suggestions',
      meeting.score,
      meeting.starts_at,
      meeting.ends_at,
      meeting.intention,
      (meeting.agenda_items ?? []).length,
      (meeting.objectives ?? []).length,
      meeting.results,
    ],
    queryFn: () => fetchMeetingSuggestions(meeting.id),
    enabled: scored,
    meta: { errorToast: false },
  });
  if (!scored || !query.data?.length) return null;
  return (
    <Stack gap={4} data-testid="how-to-improve">
      <SectionTitle>How to improve</SectionTitle>
      <List spacing={6} listStyleType="none" pl={0}>
        {query.data.map((s) => (
          <List.Item key={s.kind} data-testid="suggestion" data-kind={s.kind}>
            <Group gap={6} wrap="wrap">
              <Text fz="sm">{s.label}</Text>
              <Text fz="sm" c="dimmed" aria-hidden="true">
                →
              </Text>
              <Text fz="sm" fw={700} data-testid="suggestion-score">
                {s.score}, {s.letter_grade}
              </Text>
              <Badge size="sm" variant="light" color="success" tt="none">
                +{s.gain}
              </Badge>
            </Group>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
