import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createTestQueryClient, jsonResponse, mockFetch, renderRoutes } from '../../test/utils';
import type { CalendarItem } from '../plan/api';
import { calendarResource } from '../plan/testing';
import { ConnectionBanner } from './ConnectionBanner';

type Calendar = Partial<CalendarItem> & { id: string };

const GONE_FEED: Calendar = {
  id: 'c1',
  name: 'Team feed',
  provider: 'ics',
  source_url: 'https://feeds.example/team.ics',
  connection_problem: 'not_found',
  connection_broken_at: '2026-11-26T09:00:00Z',
  last_synced_at: '2026-11-26T08:00:00Z',
};

function setup(calendars: () => Calendar[], handlers: Parameters<typeof mockFetch>[0] = {}) {
  const fetchMock = mockFetch({
    'GET /api/v1/calendars': () => jsonResponse(200, { data: calendars().map(calendarResource) }),
    'GET /api/v1/auth/providers': () =>
      jsonResponse(200, {
        data: [
          {
            id: 'google_oauth2',
            type: 'auth_providers',
            attributes: { name: 'Google', url: '/api/v1/auth/google_oauth2' },
          },
        ],
        meta: { demo_enabled: false, email_enabled: false, slack_enabled: false },
      }),
    ...handlers,
  });
  renderRoutes([{ path: '/my/plan', element: <ConnectionBanner /> }], {
    path: '/my/plan',
    queryClient: createTestQueryClient(),
  });
  return fetchMock;
}

describe('connection banner', () => {
  it('names each calendar that cannot be read, says what waits, and reconnects a feed with a new address', async () => {
    let current: Calendar[] = [GONE_FEED, { id: 'c2', name: 'Fine', provider: 'ics' }];
    const fetchMock = setup(() => current, {
      'POST /api/v1/calendars/c1/reconnect': ({ body }) => {
        current = [
          { ...GONE_FEED, connection_problem: null, connection_broken_at: null, sync_status: 'queued' },
        ];
        return jsonResponse(200, {
          data: calendarResource({
            ...current[0]!,
            source_url: (body as { data: { attributes: { url: string } } }).data.attributes.url,
          }),
        });
      },
    });
    const banner = await screen.findByTestId('connection-banner');
    expect(banner).toHaveTextContent('MeetWell cannot read “Team feed”: it is no longer at its address.');
    expect(banner).toHaveTextContent('Auto-balance does not act on its meetings until it is read again.');
    expect(banner).toHaveTextContent('Last read');
    expect(screen.getAllByTestId('connection-banner')).toHaveLength(1);

    await userEvent.click(within(banner).getByRole('button', { name: 'Give the new address: Team feed' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Now: https://feeds.example/team.ics');
    await userEvent.type(within(dialog).getByLabelText(/Calendar URL/), 'https://feeds.example/new.ics');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reconnect' }));
    await waitFor(() => expect(screen.queryByTestId('connection-banner')).not.toBeInTheDocument());
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post![1]!.body))).toEqual({
      data: { type: 'calendars', attributes: { url: 'https://feeds.example/new.ics' } },
    });
  });

  it('reconnects an uploaded calendar with its file sent as it is', async () => {
    const uploaded: Calendar = { ...GONE_FEED, name: 'Exported', source_url: null };
    let current: Calendar[] = [uploaded];
    const fetchMock = setup(() => current, {
      'POST /api/v1/calendars/c1/reconnect/file': () => {
        current = [{ ...uploaded, connection_problem: null, connection_broken_at: null }];
        return jsonResponse(200, { data: calendarResource(current[0]!) });
      },
    });
    const banner = await screen.findByTestId('connection-banner');
    await userEvent.click(within(banner).getByRole('button', { name: 'Upload the file again: Exported' }));
    const dialog = await screen.findByRole('dialog');
    const bytes = Buffer.from('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n');
    const input = dialog.ownerDocument.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, new File([bytes], 'exported.ics', { type: 'text/calendar' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reconnect' }));
    await waitFor(() => expect(screen.queryByTestId('connection-banner')).not.toBeInTheDocument());
    const [url, init] = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(String(url)).toBe('/api/v1/calendars/c1/reconnect/file');
    expect(new Headers(init?.headers).get('content-type')).toBe('text/calendar');
    expect(Buffer.from(await (init!.body as Blob).arrayBuffer())).toEqual(bytes);
  });

  it("shows the server's refusal in the form and keeps the banner", async () => {
    setup(() => [GONE_FEED], {
      'POST /api/v1/calendars/c1/reconnect': () =>
        jsonResponse(400, {
          errors: [
            {
              status: '400',
              title: 'Validation failed',
              detail: 'The calendar could not be read: nothing was found at that address.',
            },
          ],
        }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Give the new address: Team feed' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/Calendar URL/), 'https://feeds.example/gone.ics');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reconnect' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('nothing was found at that address');
    expect(screen.getByTestId('connection-banner')).toBeInTheDocument();
  });

  it('reconnects Google by signing in again (back to Account), CalDAV with a password; a calendar switched off is not shown', async () => {
    setup(() => [
      { id: 'g', name: 'Work', provider: 'google', connection_problem: 'access_refused' },
      {
        id: 'd',
        name: 'Nextcloud',
        provider: 'caldav',
        source_url: 'https://dav.example/',
        connection_problem: 'access_refused',
        last_synced_at: null,
      },
      { id: 'off', name: 'Old', provider: 'ics', watching: false, connection_problem: 'not_found' },
    ]);
    const link = await screen.findByRole('link', { name: 'Sign in again: Work' });
    await waitFor(() => expect(link.getAttribute('href')).toContain('/api/v1/auth/google_oauth2?time_zone='));
    expect(link.getAttribute('href')).toContain('origin=%2Fmy%2Faccount');
    expect(screen.getByRole('button', { name: 'Enter the new password: Nextcloud' })).toBeInTheDocument();
    expect(screen.getAllByTestId('connection-banner')).toHaveLength(2);
    expect(screen.getAllByText(/Never read\./)).toHaveLength(2);
    expect(screen.queryByText(/“Old”/)).not.toBeInTheDocument();
  });
});
