import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
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
  visibleToasts,
} from '../../test/utils';
import { TeamManagementPage } from './TeamManagementPage';

vi.setConfig({ testTimeout: 30_000 });
// The whole page renders at once (members, invites, settings, the Auto-Balance panels): slow on a busy machine.
configure({ asyncUtilTimeout: 5_000 });

type Handlers = Parameters<typeof mockFetch>[0];

const TEAM = {
  name: 'Analytical Engines',
  license_by: 'invite',
  domain: 'example.com',
  average_annual_salary: 90_000,
  domains_allowlist: [],
  organizer_denylist: ['boss@example.com'],
  member_count: 3,
  action_settings: { non_compliance_action: 'remind', last_minute_schedule: 24 },
};

const MEMBERS = [
  {
    id: 'm7',
    type: 'memberships',
    attributes: {
      user_id: '7',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      role: 'billing_admin',
      profile_image: null,
    },
  },
  {
    id: 'm8',
    type: 'memberships',
    attributes: {
      user_id: '8',
      name: 'Charles Babbage',
      email: 'charles@example.com',
      role: null,
      profile_image: 'https://example.com/charles.png',
    },
  },
  {
    id: 'm9',
    type: 'memberships',
    attributes: {
      user_id: '9',
      name: 'Mary Somerville',
      email: 'mary@example.com',
      role: 'billing_admin',
      profile_image: null,
    },
  },
];

const INVITE = {
  id: 'i1',
  type: 'invites',
  attributes: {
    email: 'grace@example.com',
    created_at: '2026-03-02T10:00:00Z',
    accepted_at: null,
    expires_at: '2026-03-16T10:00:00Z',
  },
};

function teamDocument(attributes: Record<string, unknown> = {}) {
  return { data: { id: '3', type: 'teams', attributes: { ...TEAM, ...attributes } } };
}

const ok = (body: unknown) => () => jsonResponse(200, body);

function setup(options: { user?: Partial<CurrentUser>; handlers?: Handlers } = {}) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(queryKeys.currentUser, testUser({ time_zone: 'UTC', ...options.user }));
  const fetchMock = mockFetch({
    'GET /api/v1/teams/3': ok(teamDocument()),
    'GET /api/v1/teams/3/members': ok({ data: MEMBERS, meta: { member_count: 3 } }),
    'GET /api/v1/invites': ok({ data: [INVITE] }),
    'GET /api/v1/invoices': ok({ data: [] }),
    ...options.handlers,
  });
  const view = renderRoutes(
    [
      { path: '/my/team-management', element: <TeamManagementPage /> },
      { path: '/my/review/you', element: <p>review page</p> },
    ],
    { path: '/my/team-management', queryClient },
  );
  return { ...view, fetchMock };
}

function calls(fetchMock: ReturnType<typeof mockFetch>, method: string, path: string) {
  return fetchMock.mock.calls
    .filter(([url, init]) => (init?.method ?? 'GET') === method && String(url) === `/api/v1${path}`)
    .map(([, init]) => (init?.body ? JSON.parse(String(init.body)) : undefined));
}

const toastTexts = () => visibleToasts().map((toast) => String(toast.message));

describe('team management: who may open it', () => {
  it('sends a user who is not an admin to Review, without asking for the team', async () => {
    const { router, fetchMock } = setup({
      user: {
        company: {
          id: '3',
          name: 'Analytical Engines',
          license_by: 'invite',
          roles: [],
          domains_allowlist: [],
          organizer_denylist: [],
        },
      },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/my/review/you'));
    expect(screen.getByText('review page')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContain('/api/v1/teams/3');
  });

  it('sends a deactivated admin to Review', async () => {
    const { router } = setup({ user: { deactivated_at: '2026-01-01T00:00:00Z' } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/my/review/you'));
  });
});

describe('team management: members', () => {
  it('lists each member with avatar, email and role; a missing role reads User; your own role is disabled', async () => {
    setup();
    const table = await screen.findByRole('table', { name: 'Members' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText('Charles Babbage')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('charles@example.com')).toBeInTheDocument();
    expect(rows[1]!.querySelector('img')).toHaveAttribute('src', 'https://example.com/charles.png');

    const own = within(rows[0]!).getByRole('button', { name: 'Role of Ada Lovelace: Admin' });
    expect(own).toBeDisabled();
    expect(within(rows[0]!).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    const charles = within(rows[1]!).getByRole('button', { name: 'Role of Charles Babbage: User' });
    expect(charles).toBeEnabled();
    expect(charles).toHaveTextContent('User');
    expect(within(rows[2]!).getByRole('button', { name: 'Role of Mary Somerville: Admin' })).toBeEnabled();
  });

  it('changes a role from the menu, where the current role is disabled', async () => {
    const { fetchMock } = setup({
      handlers: {
        'PATCH /api/v1/teams/3/members/m8': ({ body }) =>
          jsonResponse(200, {
            data: {
              ...MEMBERS[1],
              attributes: {
                ...MEMBERS[1]?.attributes,
                role: (body as { data: { attributes: { role: string } } }).data.attributes.role,
              },
            },
          }),
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Role of Charles Babbage: User' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'User' })).toBeDisabled();
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Admin' }));
    await waitFor(() =>
      expect(calls(fetchMock, 'PATCH', '/teams/3/members/m8')).toEqual([
        { data: { type: 'memberships', attributes: { role: 'billing_admin' } } },
      ]),
    );
    await waitFor(() => expect(toastTexts()).toContain('Charles Babbage is now an Admin.'));
  });

  it('removes a member after a confirmation', async () => {
    const { fetchMock } = setup({
      handlers: { 'DELETE /api/v1/teams/3/members/m9': () => jsonResponse(204) },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Mary Somerville' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Mary Somerville?' });
    expect(dialog).toHaveTextContent('They will leave the team and keep their own account.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove member' }));
    await waitFor(() => expect(calls(fetchMock, 'DELETE', '/teams/3/members/m9')).toHaveLength(1));
    await waitFor(() => expect(toastTexts()).toContain('Mary Somerville was removed from the team.'));
  });

  it("shows the server's message when removing is refused, and stays on the page", async () => {
    const { router } = setup({
      handlers: {
        'DELETE /api/v1/teams/3/members/m9': () =>
          jsonResponse(422, {
            errors: [{ status: '422', title: 'Unprocessable', detail: 'A team needs at least one admin.' }],
          }),
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Mary Somerville' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Mary Somerville?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove member' }));
    await waitFor(() => expect(toastTexts()).toContain('A team needs at least one admin.'));
    expect(visibleToasts().find((t) => t.message === 'A team needs at least one admin.')?.autoClose).toBe(
      false,
    );
    expect(router.state.location.pathname).toBe('/my/team-management');
  });
});

describe('team management: on a phone', () => {
  it('shows members, invites and invoices as cards, not tables that would scroll sideways', async () => {
    const desktop = vi.mocked(window.matchMedia).getMockImplementation();
    vi.mocked(window.matchMedia).mockImplementation(
      (query: string) =>
        ({
          matches: query.includes('max-width'),
          media: query,
          onchange: null,
          addListener: vi.fn(),
          removeListener: vi.fn(),
          addEventListener: vi.fn(),
          removeEventListener: vi.fn(),
          dispatchEvent: vi.fn(),
        }) as MediaQueryList,
    );
    try {
      setup({
        handlers: {
          'GET /api/v1/invoices': ok({
            data: [
              {
                id: 'in_1',
                type: 'invoices',
                attributes: {
                  description: 'Team plan',
                  period_start: 1_772_409_600,
                  invoice_pdf: null,
                  amount: 5000,
                },
              },
            ],
          }),
        },
      });
      const members = await screen.findByRole('list', { name: 'Members' });
      expect(within(members).getAllByRole('listitem')).toHaveLength(3);
      expect(within(members).getByRole('button', { name: 'Role of Ada Lovelace: Admin' })).toBeDisabled();
      const invites = await screen.findByRole('list', { name: 'Pending invites' });
      expect(within(invites).getByText('grace@example.com')).toBeInTheDocument();
      const invoices = await screen.findByRole('list', { name: 'Invoices' });
      expect(within(invoices).getByText('Team plan')).toBeInTheDocument();
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
    } finally {
      if (desktop) vi.mocked(window.matchMedia).mockImplementation(desktop);
    }
  });
});

describe('team management: invites', () => {
  it('cancels a pending invite after "Are you sure?"', async () => {
    let invites = [INVITE];
    const { fetchMock } = setup({
      handlers: {
        'GET /api/v1/invites': () => jsonResponse(200, { data: invites }),
        'DELETE /api/v1/invites/i1': () => {
          invites = [];
          return jsonResponse(204);
        },
      },
    });
    const table = await screen.findByRole('table', { name: 'Pending invites' });
    expect(within(table).getByText('grace@example.com')).toBeInTheDocument();
    expect(within(table).getByText('March 2nd 2026')).toBeInTheDocument();
    await userEvent.click(
      within(table).getByRole('button', { name: 'Cancel the invite to grace@example.com' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(dialog).toHaveTextContent('This invite will be revoked.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel invite' }));
    await waitFor(() => expect(calls(fetchMock, 'DELETE', '/invites/i1')).toHaveLength(1));
    expect(await screen.findByText('No pending invites.')).toBeInTheDocument();
  });

  it('keeps Invite disabled while no address is typed', async () => {
    setup();
    const invite = await screen.findByRole('button', { name: 'Invite' });
    expect(invite).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: 'Email addresses' }), '   ');
    expect(invite).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: 'Email addresses' }), 'x');
    expect(invite).toBeEnabled();
  });

  it('refuses an address that does not look like an email with the "Invalid email" dialog', async () => {
    const { fetchMock } = setup();
    await userEvent.type(
      await screen.findByRole('textbox', { name: 'Email addresses' }),
      'ok@example.com, not-an-email',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Invite' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invalid email' });
    expect(dialog).toHaveTextContent('Please enter a valid email and try again.');
    expect(calls(fetchMock, 'POST', '/invites')).toEqual([]);
  });

  it('invites several addresses, toasts, and the pending list refreshes', async () => {
    const invites = [INVITE];
    const { fetchMock } = setup({
      handlers: {
        'GET /api/v1/invites': () => jsonResponse(200, { data: invites }),
        'POST /api/v1/invites': ({ body }) => {
          const email = (body as { data: { attributes: { email: string } } }).data.attributes.email;
          const created = {
            id: `i${invites.length + 1}`,
            type: 'invites',
            attributes: {
              email,
              created_at: '2026-03-05T10:00:00Z',
              accepted_at: null,
              expires_at: '2999-03-19T10:00:00Z',
            },
          };
          invites.push(created);
          return jsonResponse(201, { data: created, meta: { mail: 'sent' } });
        },
      },
    });
    const field = await screen.findByRole('textbox', { name: 'Email addresses' });
    await userEvent.type(field, 'Ann@Example.com bob@example.com{Enter}ann@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Invite' }));
    await waitFor(() =>
      expect(calls(fetchMock, 'POST', '/invites')).toEqual([
        { data: { type: 'invites', attributes: { email: 'ann@example.com' } } },
        { data: { type: 'invites', attributes: { email: 'bob@example.com' } } },
      ]),
    );
    await waitFor(() => expect(toastTexts()).toContain('2 invites sent.'));
    const table = await screen.findByRole('table', { name: 'Pending invites' });
    await waitFor(() => expect(within(table).getByText('bob@example.com')).toBeInTheDocument());
    expect(field).toHaveValue('');
  });

  it('invites once when the form is sent twice before the first answer (a double click)', async () => {
    const { fetchMock } = setup({
      handlers: {
        'GET /api/v1/invites': () => jsonResponse(200, { data: [INVITE] }),
        'POST /api/v1/invites': () =>
          new Promise<Response>((resolve) =>
            setTimeout(() => resolve(jsonResponse(201, { data: INVITE, meta: { mail: 'sent' } })), 50),
          ),
      },
    });
    const field = await screen.findByRole('textbox', { name: 'Email addresses' });
    await userEvent.type(field, 'ann@example.com');
    // Two submissions before the first is answered (a double click in a browser lands before the button shows
    // it is busy).
    const form = field.closest('form') as HTMLFormElement;
    fireEvent.submit(form);
    fireEvent.submit(form);
    await waitFor(() => expect(field).toHaveValue(''));
    expect(calls(fetchMock, 'POST', '/invites')).toHaveLength(1);
  });

  it("shows the plan gate's message and keeps the addresses", async () => {
    const { fetchMock } = setup({
      handlers: {
        'POST /api/v1/invites': () =>
          jsonResponse(403, {
            errors: [
              {
                status: '403',
                code: 'plan_required',
                title: 'Forbidden',
                detail: 'Inviting and managing members is part of the Team plan.',
              },
            ],
          }),
      },
    });
    const field = await screen.findByRole('textbox', { name: 'Email addresses' });
    await userEvent.type(field, 'ann@example.com, bob@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Invite' }));
    await waitFor(() =>
      expect(toastTexts()).toContain('Inviting and managing members is part of the Team plan.'),
    );
    // Every address meets the same gate: asked once.
    expect(calls(fetchMock, 'POST', '/invites')).toHaveLength(1);
    expect(field).toHaveValue('ann@example.com, bob@example.com');
  });
});

describe('team management: invite limits and expiry', () => {
  it("shows, in the form, that the hour's invites are used up, asks no further and keeps the rest", async () => {
    const detail =
      'You have sent 20 invites in the last hour, as many as an hour allows. You can send more in 12 minutes.';
    const { fetchMock } = setup({
      handlers: {
        'POST /api/v1/invites': () =>
          jsonResponse(429, {
            errors: [{ status: '429', code: 'rate_limited', title: 'Too many requests', detail }],
          }),
      },
    });
    const field = await screen.findByRole('textbox', { name: 'Email addresses' });
    await userEvent.type(field, 'ann@example.com, bob@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Invite' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No more invites for now');
    expect(alert).toHaveTextContent(detail);
    expect(calls(fetchMock, 'POST', '/invites')).toHaveLength(1);
    expect(field).toHaveValue('ann@example.com, bob@example.com');
    expect(toastTexts()).not.toContain(detail);
  });

  it('marks a pending invite whose link expired', async () => {
    setup({});
    const table = await screen.findByRole('table', { name: 'Pending invites' });
    expect(within(table).getByText('Expired')).toBeInTheDocument();
  });
});

describe('team management: settings', () => {
  it('keeps Save disabled while the team name is unchanged, then saves the new one', async () => {
    const { fetchMock } = setup({
      handlers: {
        'PATCH /api/v1/teams/3': () => jsonResponse(200, teamDocument({ name: 'Difference Engines' })),
      },
    });
    const name = await screen.findByRole('textbox', { name: 'Team name' });
    expect(name).toHaveValue('Analytical Engines');
    const form = name.closest('form') as HTMLFormElement;
    const save = within(form).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await userEvent.clear(name);
    await userEvent.type(name, 'Analytical Engines');
    expect(save).toBeDisabled();
    await userEvent.clear(name);
    await userEvent.type(name, 'Difference Engines');
    expect(save).toBeEnabled();
    await userEvent.click(save);
    await waitFor(() =>
      expect(calls(fetchMock, 'PATCH', '/teams/3')).toEqual([
        { data: { type: 'teams', attributes: { name: 'Difference Engines' } } },
      ]),
    );
    await waitFor(() => expect(save).toBeDisabled());
  });

  it('sets how members are added; the domain option shows the domain', async () => {
    const { fetchMock } = setup({
      handlers: {
        'PATCH /api/v1/teams/3': () => jsonResponse(200, teamDocument({ license_by: 'domain' })),
      },
    });
    const domain = await screen.findByRole('radio', {
      name: 'Anyone with the same email domain (example.com)',
    });
    expect(screen.getByRole('radio', { name: 'Invite only' })).toBeChecked();
    await userEvent.click(domain);
    await waitFor(() =>
      expect(calls(fetchMock, 'PATCH', '/teams/3')).toEqual([
        { data: { type: 'teams', attributes: { license_by: 'domain' } } },
      ]),
    );
    await waitFor(() => expect(domain).toBeChecked());
  });

  it('disables the domain option, saying why, when the team has no domain', async () => {
    setup({ handlers: { 'GET /api/v1/teams/3': ok(teamDocument({ domain: null })) } });
    const domain = await screen.findByRole('radio', { name: 'Anyone with the same email domain' });
    expect(domain).toBeDisabled();
    expect(screen.getByText(/Your team has no email domain of its own/)).toBeInTheDocument();
  });

  it("saves a team Auto-Balance default, keeping the team's other defaults", async () => {
    const { fetchMock } = setup({
      handlers: {
        'PATCH /api/v1/teams/3': ({ body }) =>
          jsonResponse(
            200,
            teamDocument((body as { data: { attributes: Record<string, unknown> } }).data.attributes),
          ),
      },
    });
    const panel = await screen.findByRole('region', { name: 'Team Auto-Balance defaults' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Edit Desired duration' }));
    const popover = await screen.findByRole('dialog', { name: 'Edit Desired duration' });
    await userEvent.click(within(popover).getByRole('radio', { name: '60 minutes' }));
    await userEvent.click(within(popover).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls(fetchMock, 'PATCH', '/teams/3')).toEqual([
        {
          data: {
            type: 'teams',
            attributes: {
              action_settings: {
                non_compliance_action: 'remind',
                last_minute_schedule: 24,
                desired_duration: 60,
              },
            },
          },
        },
      ]),
    );
  });

  it('saves the team average salary, then counts the saved one as current', async () => {
    let salary = 90_000;
    const { fetchMock } = setup({
      handlers: {
        'GET /api/v1/teams/3': () => jsonResponse(200, teamDocument({ average_annual_salary: salary })),
        'PATCH /api/v1/teams/3': ({ body }) => {
          salary = (body as { data: { attributes: { average_annual_salary: number } } }).data.attributes
            .average_annual_salary;
          return jsonResponse(200, teamDocument({ average_annual_salary: salary }));
        },
      },
    });
    const field = await screen.findByRole('textbox', { name: 'Annual salary' });
    await waitFor(() => expect(field).toHaveValue('90,000'));
    const save = within(field.closest('form') as HTMLFormElement).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await userEvent.clear(field);
    await userEvent.type(field, '100,000');
    await userEvent.click(save);
    await waitFor(() =>
      expect(calls(fetchMock, 'PATCH', '/teams/3')).toEqual([
        { data: { type: 'teams', attributes: { average_annual_salary: 100_000 } } },
      ]),
    );
    await waitFor(() => expect(save).toBeDisabled());
    expect(screen.getByText('Please edit the salary')).toBeInTheDocument();
  });

  it('links to where the team VIPs and domains are edited', async () => {
    setup();
    const link = await screen.findByRole('link', { name: 'Edit team VIPs and domains' });
    expect(link).toHaveAttribute('href', '/my/balance/evaluation');
    expect(screen.getByText(/1 team VIP/)).toBeInTheDocument();
  });
});

describe('team management: invoices and errors', () => {
  it('says where invoices will appear when there are none', async () => {
    setup();
    expect(await screen.findByText('Your invoices will appear here.')).toBeInTheDocument();
  });

  it('lists invoices with their period start and a PDF link in a new tab', async () => {
    setup({
      handlers: {
        'GET /api/v1/invoices': ok({
          data: [
            {
              id: 'in_1',
              type: 'invoices',
              attributes: {
                description: 'Team plan',
                period_start: 1_772_409_600,
                invoice_pdf: 'https://pay.example.com/in_1.pdf',
                amount: 5000,
              },
            },
          ],
        }),
      },
    });
    const table = await screen.findByRole('table', { name: 'Invoices' });
    expect(within(table).getByText('Team plan')).toBeInTheDocument();
    expect(within(table).getByText('March 2nd 2026')).toBeInTheDocument();
    const pdf = within(table).getByRole('link', { name: /^PDF/ });
    expect(pdf).toHaveTextContent('PDF');
    expect(pdf).toHaveAttribute('href', 'https://pay.example.com/in_1.pdf');
    expect(pdf).toHaveAttribute('target', '_blank');
    expect(screen.queryByText('Your invoices will appear here.')).not.toBeInTheDocument();
  });

  it('gives a failed request the persistent error toast', async () => {
    setup({
      handlers: {
        'GET /api/v1/invoices': () =>
          jsonResponse(500, { errors: [{ status: '500', title: 'Server error' }] }),
      },
    });
    await waitFor(() =>
      expect(visibleToasts().some((t) => t.id === 'api-error:fallback' && t.autoClose === false)).toBe(true),
    );
    expect(await screen.findByText('The invoices could not be loaded.')).toBeInTheDocument();
  });
});
