import { EVENT_COLORS as APP_COLORS, type eventColorListDocument } from '@meetwell/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { jsonResponse, mockFetch, renderPage, testUser, userDocument } from '../../test/utils';
import { CalendarPreferencesCard } from './PreferencesCards';

const colour = (
  provider: 'google_oauth2' | 'microsoft_graph',
  colorId: string,
  hex: string,
  label: string,
) => ({
  id: `${provider}:${colorId}`,
  type: 'event_colors' as const,
  attributes: { provider, color_id: colorId, hex, label },
});

const EVENT_COLORS = {
  data: [
    colour('google_oauth2', '5', '#f6bf26', 'Banana'),
    colour('google_oauth2', '11', '#d50000', 'Tomato'),
    colour('microsoft_graph', 'preset0', '#e74856', 'Red'),
  ],
  meta: { app_colors: APP_COLORS },
} satisfies z.input<typeof eventColorListDocument>;

describe('account: Wellness block colour', () => {
  it("offers Google Calendar's colours and saves the chosen one's colour id", async () => {
    const patches: unknown[] = [];
    mockFetch({
      'GET /api/v1/event_colors': () => jsonResponse(200, EVENT_COLORS),
      'PATCH /api/v1/users': ({ body }) => {
        patches.push(body);
        return jsonResponse(200, userDocument({ wellness_block_color_preference: '5' }));
      },
    });
    renderPage(<CalendarPreferencesCard user={testUser()} />);
    const group = await screen.findByRole('radiogroup', { name: 'Wellness block colour' });
    await waitFor(() => expect(within(group).getAllByRole('radio')).toHaveLength(2));
    expect(within(group).queryByRole('radio', { name: 'Red' })).not.toBeInTheDocument();

    await userEvent.click(within(group).getByRole('radio', { name: 'Banana' }));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toEqual({
      data: { type: 'users', attributes: { wellness_block_color_preference: '5' } },
    });
  });

  it('shows a colour saved by an earlier version (the list id) as chosen', async () => {
    mockFetch({ 'GET /api/v1/event_colors': () => jsonResponse(200, EVENT_COLORS) });
    renderPage(
      <CalendarPreferencesCard user={testUser({ wellness_block_color_preference: 'google_oauth2:11' })} />,
    );
    const tomato = await screen.findByRole('radio', { name: 'Tomato' });
    await waitFor(() => expect(tomato).toHaveAttribute('aria-checked', 'true'));
    expect(screen.getByRole('radio', { name: 'Banana' })).toHaveAttribute('aria-checked', 'false');
  });
});
