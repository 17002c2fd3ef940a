import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../session/queryKeys';
import type { CurrentUser } from '../../session/types';
import {
  createTestQueryClient,
  jsonResponse,
  mockFetch,
  renderRoutes,
  testUser,
  userDocument,
  visibleToasts,
} from '../../test/utils';
import { calendarResource } from '../plan/testing';
import { AccountPage } from './AccountPage';

type Handlers = Parameters<typeof mockFetch>[0];

const CALENDARS = [
  calendarResource({ id: 'c1', name: 'Work', provider: 'google', watching: true, color: '#1f78f7' }),
  calendarResource({ id: 'c2', name: 'Team ICS', provider: 'ics', watching: false, color: null }),
];

const PREFS = {
  email_reminders: true,
  email_weekly_reports: true,
  email_tips: true,
  all_communications: true,
  email_if_organizer: true,
};

function setup(options: { user?: Partial<CurrentUser>; handlers?: Handlers } = {}) {
  const queryClient = createTestQueryClient();
  const user = testUser({ affiliate_token: 'abc123', ...options.user });
  queryClient.setQueryData(queryKeys.currentUser, user);
  const fetchMock = mockFetch({
    'GET /api/v1/calendars': () => jsonResponse(200, { data: CALENDARS }),
    'GET /api/v1/users/referrals': () =>
      jsonResponse(200, {
        data: {
          id: '7',
          type: 'referrals',
          attributes: {
            referral_url: `${window.location.origin}/?ref=abc123`,
            referred_count: 0,
            paying_count: 0,
            monthly_commission: 0,
            commission_per_paying_referral: 2,
          },
        },
      }),
    ...options.handlers,
  });
  const view = renderRoutes(
    [
      { path: '/my/account', element: <AccountPage /> },
      { path: '/', element: <p>home page</p> },
    ],
    { path: '/my/account', queryClient },
  );
  return { ...view, fetchMock };
}

function urls(fetchMock: ReturnType<typeof mockFetch>, method = 'GET') {
  return fetchMock.mock.calls
    .filter(([, init]) => (init?.method ?? 'GET') === method)
    .map(([url]) => String(url));
}

describe('account: calendars to balance', () => {
  it('lists the calendars with a watch switch; remove only for ICS and CalDAV', async () => {
    let watching = false;
    const teamIcs = () => ({ ...CALENDARS[1], attributes: { ...CALENDARS[1]?.attributes, watching } });
    const { fetchMock } = setup({
      handlers: {
        'GET /api/v1/calendars': () => jsonResponse(200, { data: [CALENDARS[0], teamIcs()] }),
        'PATCH /api/v1/calendars/c2': ({ body }) => {
          watching = (body as { data: { attributes: { watching: boolean } } }).data.attributes.watching;
          return jsonResponse(200, { data: teamIcs() });
        },
      },
    });
    const work = await screen.findByRole('switch', { name: 'Balance Work' });
    expect(work).toBeChecked();
    expect(urls(fetchMock)).toContain('/api/v1/calendars');
    expect(screen.queryByRole('button', { name: 'Remove Work' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Team ICS' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('switch', { name: 'Balance Team ICS' }));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Balance Team ICS' })).toBeChecked());
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({
      data: { type: 'calendars', attributes: { watching: true } },
    });
  });

  it('asks the provider for its calendars when the user signed in with Google or Microsoft', async () => {
    const { fetchMock } = setup({ user: { identity_providers: ['google_oauth2'] } });
    await screen.findByRole('switch', { name: 'Balance Work' });
    expect(urls(fetchMock)).toContain('/api/v1/calendars?external=true');
  });

  it("uploads an ICS file's bytes as they are, whatever their charset, named when a name is given", async () => {
    const { fetchMock, container } = setup({
      handlers: { 'POST /api/v1/calendars/ics/file': () => jsonResponse(201, { data: CALENDARS[1] }) },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Add an ICS calendar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an ICS calendar' });
    await userEvent.click(within(dialog).getByText('Upload a file'));
    // 'Två' in Windows-1252: the byte 0xE5 is no UTF-8 text, and must reach the server as it is.
    const bytes = Uint8Array.from([...Buffer.from('BEGIN:VCALENDAR\r\nSUMMARY:Tv', 'latin1'), 0xe5]);
    const input = container.ownerDocument.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, new File([bytes], 'team.ics', { type: 'text/calendar' }));
    await userEvent.type(within(dialog).getByLabelText(/^Name/), ' Team ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add calendar' }));
    await waitFor(() => expect(urls(fetchMock, 'POST')).toContain('/api/v1/calendars/ics/file?name=Team'));
    const [, init] = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(new Headers(init?.headers).get('content-type')).toBe('text/calendar');
    const sent = init?.body as Blob;
    expect(Buffer.from(await sent.arrayBuffer())).toEqual(Buffer.from(bytes));
  });

  it("shows a calendar's import report, with its problems on demand", async () => {
    const report = {
      read_at: '2030-01-01T00:00:00Z',
      events: 12,
      problems: [{ line: 40, uid: 'broken-1', message: 'Unreadable DTEND' }],
      problems_total: 1,
    };
    setup({
      handlers: {
        'GET /api/v1/calendars': () =>
          jsonResponse(200, {
            data: [{ ...CALENDARS[1], attributes: { ...CALENDARS[1]?.attributes, import_report: report } }],
          }),
      },
    });
    const line = await screen.findByTestId('import-report');
    expect(line).toHaveTextContent('Read 12 events · 1 problem');
    const toggle = within(line).getByRole('button', { name: 'Show' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    await waitFor(() => expect(screen.getByText('Line 40: Unreadable DTEND (broken-1)')).toBeVisible());
  });

  it('adds an ICS calendar from a URL', async () => {
    const { fetchMock } = setup({
      handlers: { 'POST /api/v1/calendars/ics': () => jsonResponse(201, { data: CALENDARS[1] }) },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Add an ICS calendar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an ICS calendar' });
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Calendar URL' }),
      'webcal://example.com/team.ics',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add calendar' }));
    await waitFor(() => expect(urls(fetchMock, 'POST')).toContain('/api/v1/calendars/ics'));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      data: { type: 'calendars', attributes: { url: 'webcal://example.com/team.ics' } },
    });
  });

  it('re-syncs after a confirmation', async () => {
    const { fetchMock } = setup({
      handlers: {
        'GET /api/v1/meetings/sync': () =>
          jsonResponse(200, {
            data: {
              id: '7',
              type: 'synchronizations',
              attributes: { in_progress: false, started: false, calendars: 1 },
            },
          }),
        'POST /api/v1/meetings/sync': () =>
          jsonResponse(200, {
            data: {
              id: '7',
              type: 'synchronizations',
              attributes: { in_progress: false, started: true, calendars: 1 },
            },
          }),
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Re-sync calendars' }));
    const dialog = await screen.findByRole('dialog', { name: 'Re-sync your calendars?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(urls(fetchMock)).toContain('/api/v1/meetings/sync');
    expect(urls(fetchMock, 'POST')).not.toContain('/api/v1/meetings/sync');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Re-sync' }));
    // Starting a re-sync changes state: a POST (with the CSRF header), never a GET a link could trigger.
    await waitFor(() => expect(urls(fetchMock, 'POST')).toContain('/api/v1/meetings/sync'));
    await waitFor(() =>
      expect(visibleToasts().map((t) => t.message)).toContain(
        'Your calendar is being synchronized. It might take few moments.',
      ),
    );
  });

  it("says 'Already in progress' without a cancel when a sync runs", async () => {
    const { fetchMock } = setup({
      handlers: {
        'GET /api/v1/meetings/sync': () =>
          jsonResponse(200, {
            data: {
              id: '7',
              type: 'synchronizations',
              attributes: { in_progress: true, started: false, calendars: 1 },
            },
          }),
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Re-sync calendars' }));
    const dialog = await screen.findByRole('dialog', { name: 'Already in progress' });
    expect(within(dialog).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Already in progress' })).not.toBeInTheDocument(),
    );
    expect(urls(fetchMock, 'POST')).not.toContain('/api/v1/meetings/sync');
  });
});

describe('account: plan, referral, preferences and deletion', () => {
  it('shows the admin plan links', async () => {
    setup();
    expect(await screen.findByRole('link', { name: 'Change your plan' })).toHaveAttribute(
      'href',
      '/my/balance/action/choose-plan',
    );
    expect(screen.getByRole('link', { name: 'Manage your team' })).toHaveAttribute(
      'href',
      '/my/team-management',
    );
    // Nothing is paid for during the trial: no payment method to change, no plan to cancel.
    expect(screen.queryByRole('button', { name: 'Change payment method' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel plan' })).not.toBeInTheDocument();
    expect(screen.getByText('Trial: 10 days left')).toBeInTheDocument();
  });

  it('tells non-admins that only admins choose a plan', async () => {
    setup({ user: { company: { ...testUser().company!, roles: [] } } });
    expect(await screen.findByText('Only admins can choose a plan')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Change your plan' })).not.toBeInTheDocument();
  });

  it('copies the referral URL', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    setup();
    expect(await screen.findByRole('textbox', { name: 'Your referral link' })).toHaveValue(
      `${window.location.origin}/?ref=abc123`,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/?ref=abc123`);
    await waitFor(() => expect(visibleToasts().map((t) => t.message)).toContain('Copied to clipboard!'));
  });

  it('saves an email preference', async () => {
    const { fetchMock } = setup({
      user: { communication_prefs: { ...PREFS, all_communications: true, email_tips: true } },
      handlers: {
        'PATCH /api/v1/users': () =>
          jsonResponse(
            200,
            userDocument({ communication_prefs: { ...PREFS, all_communications: true, email_tips: false } }),
          ),
      },
    });
    await userEvent.click(await screen.findByRole('switch', { name: /Tips/ }));
    await waitFor(() => expect(screen.getByRole('switch', { name: /Tips/ })).not.toBeChecked());
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({
      data: { type: 'users', attributes: { communication_prefs: { email_tips: false } } },
    });
  });

  it('deletes the account only after DELETE MY ACCOUNT is typed exactly', async () => {
    const { fetchMock, router } = setup({ handlers: { 'DELETE /api/v1/users': () => jsonResponse(204) } });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete my account' });
    const input = within(dialog).getByRole('textbox', { name: 'Type DELETE MY ACCOUNT to confirm' });
    await userEvent.type(input, 'delete my account');
    expect(confirm).toBeDisabled();
    await userEvent.clear(input);
    await userEvent.type(input, 'DELETE MY ACCOUNT');
    expect(confirm).toBeEnabled();
    await userEvent.click(confirm);
    await waitFor(() => expect(urls(fetchMock, 'DELETE')).toContain('/api/v1/users?confirm=true'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

describe('account: Slack and the outbox', () => {
  it('offers to connect Slack when the server has it, and toggles do-not-disturb once connected', async () => {
    const providers = () =>
      jsonResponse(200, {
        data: [],
        meta: { demo_enabled: false, email_enabled: false, slack_enabled: true },
      });
    const first = setup({ user: { dnd_slack: null }, handlers: { 'GET /api/v1/auth/providers': providers } });
    expect(await screen.findByRole('button', { name: 'Connect Slack' })).toBeInTheDocument();
    first.unmount();

    const { fetchMock } = setup({
      user: { dnd_slack: false },
      handlers: {
        'GET /api/v1/auth/providers': providers,
        'PATCH /api/v1/users': ({ body }) =>
          jsonResponse(
            200,
            userDocument({
              dnd_slack: (body as { data: { attributes: { dnd_slack: boolean } } }).data.attributes.dnd_slack,
            }),
          ),
      },
    });
    const toggle = await screen.findByRole('switch', { name: 'Do not disturb during Wellness blocks' });
    await userEvent.click(toggle);
    await waitFor(() => expect(urls(fetchMock, 'PATCH')).toContain('/api/v1/users'));
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body)).data.attributes).toEqual({ dnd_slack: true });
  });

  it('says Slack is not set up when the server has no Slack credentials', async () => {
    setup({
      user: { dnd_slack: null },
      handlers: {
        'GET /api/v1/auth/providers': () =>
          jsonResponse(200, {
            data: [],
            meta: { demo_enabled: false, email_enabled: false, slack_enabled: false },
          }),
      },
    });
    expect(await screen.findByText('Slack is not set up on this server.')).toBeInTheDocument();
  });

  it('shows the mail kept in the outbox when no mail server is configured', async () => {
    setup({
      handlers: {
        'GET /api/v1/outbox': () =>
          jsonResponse(200, {
            data: [
              {
                id: 'e1',
                type: 'emails',
                attributes: {
                  kind: 'decline_warning',
                  to: 'dana@vendorco.example',
                  subject: '"Vendor update" may be declined',
                  html: '<p>Hi Dana, the meeting may be declined.</p>',
                  text: 'Hi Dana, the meeting may be declined.',
                  status: 'outbox',
                  meeting_id: null,
                  created_at: '2026-11-20T10:00:00Z',
                  sent_at: null,
                },
              },
            ],
            meta: { smtp: false },
          }),
      },
    });
    expect(await screen.findByText('Outbox')).toBeInTheDocument();
    expect(screen.getByText('"Vendor update" may be declined')).toBeInTheDocument();
    expect(screen.getByText(/To dana@vendorco.example/)).toBeInTheDocument();
  });
});
