import type { DeclineDetailsAttributes, declineDetailsDocument } from '@meetwell/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { jsonResponse, mockFetch, renderRoutes, visibleToasts } from '../../test/utils';
import { requestBody } from '../balance/testing';
import { PreventDeclinePage } from './PreventDeclinePage';

vi.setConfig({ testTimeout: 20_000 });

const routes = [
  { path: '/prevent-decline', element: <PreventDeclinePage /> },
  { path: '/', element: <p>Home</p> },
];

/** The page's meeting as the server answers (a document of the contract). */
function details(overrides: Partial<DeclineDetailsAttributes> = {}): z.input<typeof declineDetailsDocument> {
  const violations = {
    required_agenda: 'This meeting has no agenda.',
    max_attendees: 'This meeting has 14 attendees (at most 8).',
  };
  return {
    data: {
      id: 'm1',
      type: 'meetings',
      attributes: {
        summary: 'Quarterly planning',
        starts_at: '2026-03-11T09:00:00Z',
        ends_at: '2026-03-11T10:00:00Z',
        attendee_names: ['Ana Lee', 'Bo Chen'],
        compliance_deadline: '2026-03-10T15:30:00Z',
        details_negative: Object.values(violations),
        violations,
        organizer_email: 'boss@example.com',
        status: 'scheduled',
        prevented: false,
        organizer_notes: null,
        ...overrides,
      },
    },
  };
}
const DETAILS = details();
const PREVENTED = details({ status: 'prevented', prevented: true, organizer_notes: 'Thanks' });

describe('Prevent-decline page', () => {
  it('shows the meeting and prevents the decline on Enter, with the info toast', async () => {
    const user = userEvent.setup({ delay: null });
    const fetch = mockFetch({
      'GET /api/v1/users/meetings/details/tok-123': () => jsonResponse(200, DETAILS),
      'PATCH /api/v1/users/meetings/prevent_decline/tok-123': () => jsonResponse(200, PREVENTED),
    });
    renderRoutes(routes, { path: '/prevent-decline?token=tok-123' });
    expect(await screen.findByRole('heading', { name: 'Quarterly planning' })).toBeInTheDocument();
    expect(screen.getByText('This meeting has no agenda.')).toBeInTheDocument();
    expect(screen.getByText('This meeting has 14 attendees (at most 8).')).toBeInTheDocument();
    // The domain's date format, in the browser's zone (UTC in tests).
    expect(screen.getByText('Tuesday, March 10th 2026 at 3:30 pm')).toBeInTheDocument();
    // The occurrence's own date, and the team members the warning spoke for.
    expect(screen.getByText('Wednesday, March 11th 2026 at 9:00 am')).toBeInTheDocument();
    expect(screen.getByText('For Ana Lee and Bo Chen')).toBeInTheDocument();

    const notes = screen.getByRole('textbox', { name: /Notes for your attendee/ });
    await user.type(notes, 'Agenda added, see the invite.{Shift>}{Enter}{/Shift}Thanks');
    expect(fetch.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === 'PATCH')).toBe(
      false,
    );
    await user.keyboard('{Enter}');

    await waitFor(() =>
      expect(fetch.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === 'PATCH')).toBe(
        true,
      ),
    );
    expect(requestBody(fetch, 'PATCH')).toEqual({
      data: { type: 'meetings', attributes: { organizer_notes: 'Agenda added, see the invite.\nThanks' } },
    });
    await waitFor(() =>
      expect(visibleToasts().map((t) => t.message)).toContain('The meeting will not be declined.'),
    );
    expect(screen.queryByRole('button', { name: 'Prevent this decline' })).not.toBeInTheDocument();
  });

  it("submits with the 'Prevent this decline' button too", async () => {
    const user = userEvent.setup({ delay: null });
    const fetch = mockFetch({
      'GET /api/v1/users/meetings/details/t2': () => jsonResponse(200, DETAILS),
      'PATCH /api/v1/users/meetings/prevent_decline/t2': () => jsonResponse(200, PREVENTED),
    });
    renderRoutes(routes, { path: '/prevent-decline?token=t2' });
    await user.click(await screen.findByRole('button', { name: 'Prevent this decline' }));
    await waitFor(() =>
      expect(fetch.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === 'PATCH')).toBe(
        true,
      ),
    );
    expect(await screen.findByText('Done')).toBeInTheDocument();
  });

  it('explains a bad or expired token without sending the visitor to sign in', async () => {
    mockFetch({
      'GET /api/v1/users/meetings/details/nope': () =>
        jsonResponse(404, { errors: [{ status: '404', title: 'Not Found', detail: 'Meeting not found' }] }),
    });
    const { router } = renderRoutes(routes, { path: '/prevent-decline?token=nope' });
    expect(await screen.findByRole('heading', { name: 'This link is no longer valid' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/prevent-decline');
    expect(visibleToasts()).toHaveLength(0);
  });

  it('explains a missing token', () => {
    mockFetch({});
    renderRoutes(routes, { path: '/prevent-decline' });
    expect(screen.getByRole('heading', { name: 'This link is incomplete' })).toBeInTheDocument();
  });
});
