import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createTestQueryClient, jsonResponse, mockFetch, renderPage } from '../../test/utils';
import { HowToImprove } from './HowToImprove';
import { meetingFixture } from './testing';

const suggestion = (kind: string, label: string, score: number, letter_grade: string, gain: number) => ({
  type: 'meeting_suggestions',
  id: `m1:${kind}`,
  attributes: {
    kind,
    rule: 'required_agenda',
    label,
    score,
    letter_grade,
    gain,
    text: `${label} → ${score}, ${letter_grade}`,
  },
});

function setup(meeting = meetingFixture(), data = [suggestion('add_agenda', 'Add an agenda', 77, 'C+', 20)]) {
  const fetchMock = mockFetch({
    'GET /api/v1/meetings/m1/suggestions': () =>
      jsonResponse(200, { data, meta: { score: meeting.score, letter_grade: meeting.letter_grade } }),
  });
  renderPage(<HowToImprove meeting={meeting} />, { queryClient: createTestQueryClient() });
  return fetchMock;
}

describe('How to improve', () => {
  it('lists each change with the score and grade it would give, best first', async () => {
    setup(meetingFixture(), [
      suggestion('add_agenda', 'Add an agenda', 77, 'C+', 20),
      suggestion('shorten', 'Shorten to 45 minutes', 62, 'D-', 5),
    ]);
    expect(await screen.findByText('How to improve')).toBeInTheDocument();
    const items = screen.getAllByTestId('suggestion');
    expect(items.map((li) => li.textContent)).toEqual([
      'Add an agenda→77, C++20',
      'Shorten to 45 minutes→62, D-+5',
    ]);
  });

  it('a meeting that is not scored has no section and asks for nothing', async () => {
    const fetchMock = setup(
      meetingFixture({ score: null, not_scored_reason: 'all_day', quality_label: null }),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('How to improve')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('nothing would raise the score: no section', async () => {
    const fetchMock = setup(meetingFixture({ score: 100 }), []);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByText('How to improve')).not.toBeInTheDocument();
  });
});
