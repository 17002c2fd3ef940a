import { ADMIN_ROLE } from '@meetwell/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, meetings, memberships, subscriptions, users } from '../../db/schema';
import type { App } from '../../http/app';
import { AppError } from '../../http/errors';
import { createTestApp, createTestContext, type TestContext } from '../../test/context';
import { bearerFor, createUser } from '../../test/factories';
import { reportRoutes } from '../reports/routes';
import { seedMeeting } from '../reports/test-seed';
import { settingsRoutes } from '../settings/routes';
import { ensureAnAdminRemains, LAST_ADMIN_MESSAGE } from './members';
import { teamRoutes } from './routes';

type UserRow = typeof users.$inferSelect;

let ctx: TestContext;
let app: App;

beforeAll(async () => {
  ctx = await createTestContext();
  app = await createTestApp(ctx, [teamRoutes, settingsRoutes, reportRoutes]);
});
afterAll(async () => {
  await app.close();
  await ctx.close();
});

/** A team of an admin and a member, and the admin of another team. */
async function team() {
  const admin = await createUser(ctx, { firstName: 'Ada' });
  const member = await createUser(ctx, { firstName: 'Bob', companyOf: admin });
  const outsider = await createUser(ctx);
  return { admin, member, outsider, id: admin.companyId! };
}

async function call(
  method: 'GET' | 'PATCH' | 'DELETE' | 'POST',
  url: string,
  as: UserRow | null,
  payload?: unknown,
) {
  const headers = as ? await bearerFor(ctx, as.id) : { 'content-type': 'application/vnd.api+json' };
  const response = await app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: response.statusCode, body: response.body ? response.json() : null };
}

const teamBody = (attributes: Record<string, unknown>) => ({ data: { type: 'teams', attributes } });
const roleBody = (role: string | null) => ({ data: { type: 'memberships', attributes: { role } } });

describe('GET teams/:id', () => {
  it('shows the team to its members, with its settings and member count', async () => {
    const t = await team();
    const response = await call('GET', `/api/v1/teams/${t.id}`, t.member);
    expect(response.status).toBe(200);
    const [company] = await ctx.db.select().from(companies).where(eq(companies.id, t.id));
    expect(response.body.data).toEqual({
      type: 'teams',
      id: t.id,
      attributes: {
        name: company!.name,
        license_by: 'invite',
        domain: company!.domain,
        average_annual_salary: 80_000,
        domains_allowlist: [],
        organizer_denylist: [],
        member_count: 2,
        action_settings: null,
      },
    });
    expect(company!.domain).toBe(t.admin.domain);
  });

  it('is 401 signed out, 404 for another team and 400 for an id that is none', async () => {
    const t = await team();
    expect((await call('GET', `/api/v1/teams/${t.id}`, null)).status).toBe(401);
    const other = await call('GET', `/api/v1/teams/${t.id}`, t.outsider);
    expect(other.status).toBe(404);
    expect(other.body.errors[0].code).toBe('not_found');
    expect((await call('GET', '/api/v1/teams/not-a-uuid', t.member)).status).toBe(400);
  });
});

describe('PATCH teams/:id', () => {
  it('renames the team (trimmed) and changes how members join, for admins', async () => {
    const t = await team();
    const response = await call(
      'PATCH',
      `/api/v1/teams/${t.id}`,
      t.admin,
      teamBody({ name: '  Engine room  ', license_by: 'domain' }),
    );
    expect(response.status).toBe(200);
    expect(response.body.data.attributes).toMatchObject({
      name: 'Engine room',
      license_by: 'domain',
      member_count: 2,
    });
    const [company] = await ctx.db.select().from(companies).where(eq(companies.id, t.id));
    expect(company).toMatchObject({ name: 'Engine room', licenseBy: 'domain' });
  });

  it('refuses members (403), other teams (404), visitors (401) and bad values (400), changing nothing', async () => {
    const t = await team();
    const body = teamBody({ name: 'Taken over' });
    expect((await call('PATCH', `/api/v1/teams/${t.id}`, t.member, body)).status).toBe(403);
    expect((await call('PATCH', `/api/v1/teams/${t.id}`, t.outsider, body)).status).toBe(404);
    expect((await call('PATCH', `/api/v1/teams/${t.id}`, null, body)).status).toBe(401);
    const empty = await call('PATCH', `/api/v1/teams/${t.id}`, t.admin, teamBody({ name: '   ' }));
    expect(empty.status).toBe(400);
    expect(empty.body.errors[0].source.pointer).toBe('/data/attributes/name');
    const long = await call('PATCH', `/api/v1/teams/${t.id}`, t.admin, teamBody({ name: 'x'.repeat(101) }));
    expect(long.status).toBe(400);
    const unknown = await call('PATCH', `/api/v1/teams/${t.id}`, t.admin, teamBody({ license_by: 'anyone' }));
    expect(unknown.status).toBe(400);
    const [company] = await ctx.db.select().from(companies).where(eq(companies.id, t.id));
    expect(company!.name).not.toBe('Taken over');
    expect(company!.licenseBy).toBe('invite');
  });

  it('refuses joining by domain for a team without a domain of its own (a webmail founder): 422', async () => {
    const admin = await createUser(ctx, { email: `solo-${Date.now()}@gmail.com`, firstName: 'Sol' });
    const response = await call(
      'PATCH',
      `/api/v1/teams/${admin.companyId}`,
      admin,
      teamBody({ license_by: 'domain' }),
    );
    expect(response.status).toBe(422);
    expect(response.body.errors[0]).toMatchObject({
      code: 'unprocessable',
      source: { pointer: '/data/attributes/license_by' },
    });
    expect(response.body.errors[0].detail).toMatch(/domain of its own/);
    const [company] = await ctx.db.select().from(companies).where(eq(companies.id, admin.companyId!));
    expect(company).toMatchObject({ domain: null, licenseBy: 'invite', name: "Sol's team" });
    // Invite only stays possible.
    const invite = await call(
      'PATCH',
      `/api/v1/teams/${admin.companyId}`,
      admin,
      teamBody({ license_by: 'invite' }),
    );
    expect(invite.status).toBe(200);
  });

  it("makes its auto-balance defaults the members' defaults; a member's own values still win", async () => {
    const t = await team();
    const defaults = { non_compliance_action: 'remind', compliance_deadline: 24 };
    const patched = await call(
      'PATCH',
      `/api/v1/teams/${t.id}`,
      t.admin,
      teamBody({ action_settings: defaults }),
    );
    expect(patched.status).toBe(200);
    expect(patched.body.data.attributes.action_settings).toEqual(defaults);
    // A second patch adds to the defaults instead of replacing them.
    await call(
      'PATCH',
      `/api/v1/teams/${t.id}`,
      t.admin,
      teamBody({ action_settings: { max_attendees: 5 } }),
    );
    expect(
      (await call('GET', `/api/v1/teams/${t.id}`, t.member)).body.data.attributes.action_settings,
    ).toEqual({ ...defaults, max_attendees: 5 });

    const own = await call('PATCH', '/api/v1/users/settings', t.member, {
      data: { type: 'user_settings', attributes: { action_settings: { compliance_deadline: 6 } } },
    });
    expect(own.status).toBe(200);
    const settings = own.body.data.attributes;
    expect(settings.default_action_settings).toMatchObject({ ...defaults, max_attendees: 5 });
    expect(settings.action_settings).toMatchObject({
      non_compliance_action: 'remind',
      max_attendees: 5,
      compliance_deadline: 6,
    });
    // Another team's people keep the product's defaults.
    const stranger = (await call('GET', '/api/v1/users/settings', t.outsider)).body.data.attributes;
    expect(stranger.default_action_settings).toMatchObject({ non_compliance_action: 'decline' });

    // Values the user settings refuse are refused here too, and null clears the defaults.
    const bad = await call(
      'PATCH',
      `/api/v1/teams/${t.id}`,
      t.admin,
      teamBody({ action_settings: { compliance_deadline: 'soon' } }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].source.pointer).toBe('/data/attributes/action_settings/compliance_deadline');
    const cleared = await call(
      'PATCH',
      `/api/v1/teams/${t.id}`,
      t.admin,
      teamBody({ action_settings: null }),
    );
    expect(cleared.body.data.attributes.action_settings).toBeNull();
    const after = (await call('GET', '/api/v1/users/settings', t.member)).body.data.attributes;
    expect(after.default_action_settings).toMatchObject({ non_compliance_action: 'decline' });
    expect(after.action_settings.compliance_deadline).toBe(6);
  });

  it('lets only admins change the auto-balance defaults', async () => {
    const t = await team();
    const response = await call(
      'PATCH',
      `/api/v1/teams/${t.id}`,
      t.member,
      teamBody({ action_settings: { non_compliance_action: 'do_nothing' } }),
    );
    expect(response.status).toBe(403);
    const [company] = await ctx.db.select().from(companies).where(eq(companies.id, t.id));
    expect(company!.actionSettings).toBeNull();
  });
});

describe('GET teams/:id/members', () => {
  it('lists the members with their role for any member', async () => {
    const t = await team();
    const response = await call('GET', `/api/v1/teams/${t.id}/members`, t.member);
    expect(response.status).toBe(200);
    expect(response.body.meta).toEqual({ member_count: 2 });
    const byUser = Object.fromEntries(
      response.body.data.map((m: { attributes: { user_id: string } }) => [m.attributes.user_id, m]),
    );
    expect(byUser[t.admin.id]).toMatchObject({
      type: 'memberships',
      attributes: { name: 'Ada Test', email: t.admin.email, role: ADMIN_ROLE, profile_image: null },
    });
    expect(byUser[t.member.id].attributes).toMatchObject({ name: 'Bob Test', role: null });
    expect(response.body.data.map((m: { attributes: { name: string } }) => m.attributes.name)).toEqual([
      'Ada Test',
      'Bob Test',
    ]);
  });

  it('is 401 signed out and 404 for another team', async () => {
    const t = await team();
    expect((await call('GET', `/api/v1/teams/${t.id}/members`, null)).status).toBe(401);
    expect((await call('GET', `/api/v1/teams/${t.id}/members`, t.outsider)).status).toBe(404);
  });
});

describe('PATCH teams/:id/members/:memberId', () => {
  async function membershipOf(user: UserRow) {
    const [row] = await ctx.db.select().from(memberships).where(eq(memberships.userId, user.id));
    return row!;
  }

  it('makes a member an admin and back (by membership id or user id)', async () => {
    const t = await team();
    const membership = await membershipOf(t.member);
    const promoted = await call(
      'PATCH',
      `/api/v1/teams/${t.id}/members/${membership.id}`,
      t.admin,
      roleBody('billing_admin'),
    );
    expect(promoted.status).toBe(200);
    expect(promoted.body.data).toMatchObject({
      type: 'memberships',
      id: membership.id,
      attributes: { user_id: t.member.id, role: ADMIN_ROLE },
    });
    expect((await membershipOf(t.member)).role).toBe(ADMIN_ROLE);
    const demoted = await call(
      'PATCH',
      `/api/v1/teams/${t.id}/members/${t.member.id}`,
      t.admin,
      roleBody('user'),
    );
    expect(demoted.status).toBe(200);
    expect(demoted.body.data.attributes.role).toBeNull();
    expect((await membershipOf(t.member)).role).toBeNull();
  });

  it("refuses one's own role, members, other teams, visitors, unknown members and bad roles", async () => {
    const t = await team();
    const own = await call('PATCH', `/api/v1/teams/${t.id}/members/${t.admin.id}`, t.admin, roleBody('user'));
    expect(own.status).toBe(403);
    expect(own.body.errors[0].detail).toBe('You cannot change your own role.');
    expect((await membershipOf(t.admin)).role).toBe(ADMIN_ROLE);
    const url = `/api/v1/teams/${t.id}/members/${t.member.id}`;
    expect((await call('PATCH', url, t.member, roleBody('billing_admin'))).status).toBe(403);
    expect((await call('PATCH', url, t.outsider, roleBody('billing_admin'))).status).toBe(404);
    expect((await call('PATCH', url, null, roleBody('billing_admin'))).status).toBe(401);
    expect((await call('PATCH', url, t.admin, roleBody('owner'))).status).toBe(400);
    const stranger = `/api/v1/teams/${t.id}/members/${t.outsider.id}`;
    expect((await call('PATCH', stranger, t.admin, roleBody('billing_admin'))).status).toBe(404);
    expect((await membershipOf(t.member)).role).toBeNull();
    expect((await membershipOf(t.outsider)).role).toBe(ADMIN_ROLE);
  });

  it('never leaves a team without an admin', () => {
    expect(() => ensureAnAdminRemains(['a'], 'a', 'user')).toThrow(LAST_ADMIN_MESSAGE);
    expect(() => ensureAnAdminRemains(['a'], 'a', 'removed')).toThrow(AppError);
    try {
      ensureAnAdminRemains(['a'], 'a', 'user');
    } catch (error) {
      expect((error as AppError).status).toBe(422);
    }
    expect(() => ensureAnAdminRemains(['a', 'b'], 'a', 'user')).not.toThrow();
    expect(() => ensureAnAdminRemains(['a'], 'b', 'user')).not.toThrow();
    expect(() => ensureAnAdminRemains(['a'], 'a', 'admin')).not.toThrow();
  });

  it('keeps an admin when two admins demote each other at once', async () => {
    const t = await team();
    await ctx.db.update(memberships).set({ role: ADMIN_ROLE }).where(eq(memberships.userId, t.member.id));
    const [first, second] = await Promise.all([
      call('PATCH', `/api/v1/teams/${t.id}/members/${t.member.id}`, t.admin, roleBody('user')),
      call('PATCH', `/api/v1/teams/${t.id}/members/${t.admin.id}`, t.member, roleBody('user')),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 403]);
    const admins = await ctx.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.companyId, t.id), eq(memberships.role, ADMIN_ROLE)));
    expect(admins).toHaveLength(1);
  });
});

describe('DELETE teams/:id/members/:memberId', () => {
  const MARCH = { start: '2025-03-01', end: '2025-03-31' };
  const averages = async (as: UserRow) =>
    (await call('GET', `/api/v1/reports/averages?start=${MARCH.start}&end=${MARCH.end}&who=team`, as)).body
      .data.attributes.rows;

  it('gives the removed member a company of their own, on what is left of the trial, with their meetings', async () => {
    const t = await team();
    const startsAt = new Date('2025-03-10T15:00:00Z');
    const meeting = await seedMeeting(ctx, t.member, {
      startsAt,
      endsAt: new Date(startsAt.getTime() + 3_600_000),
      score: 90,
    });
    // The team's report days are built with the member's meeting in them.
    expect(await averages(t.admin)).toMatchObject({ total: 1, average: 90 });
    const now = new Date();
    const response = await call('DELETE', `/api/v1/teams/${t.id}/members/${t.member.id}`, t.admin);
    expect(response.status).toBe(204);

    const [moved] = await ctx.db.select().from(users).where(eq(users.id, t.member.id));
    expect(moved!.companyId).not.toBe(t.id);
    const own = await ctx.db.select().from(memberships).where(eq(memberships.userId, t.member.id));
    expect(own).toEqual([expect.objectContaining({ companyId: moved!.companyId, role: ADMIN_ROLE })]);
    const [company] = await ctx.db.select().from(companies).where(eq(companies.id, moved!.companyId!));
    expect(company).toMatchObject({ name: "Bob's team", domain: null, licenseBy: 'invite' });
    const [trial] = await ctx.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.companyId, moved!.companyId!));
    expect(trial).toMatchObject({ plan: 'trial', status: 'trialing' });
    const [teamTrial] = await ctx.db.select().from(subscriptions).where(eq(subscriptions.companyId, t.id));
    expect(trial!.trialEndsAt).toEqual(teamTrial!.trialEndsAt);
    expect(trial!.trialEndsAt!.getTime()).toBeGreaterThan(now.getTime());
    expect(moved!.deactivatedAt).toBeNull();

    const [kept] = await ctx.db.select().from(meetings).where(eq(meetings.id, meeting.id));
    expect(kept!.companyId).toBe(moved!.companyId);
    // The old team's days were dropped: its report no longer counts the meeting; the new team's does.
    expect(await averages(t.admin)).toMatchObject({ total: 0 });
    expect(await averages(moved!)).toMatchObject({ total: 1, average: 90 });
    expect((await call('GET', `/api/v1/teams/${t.id}`, t.admin)).body.data.attributes.member_count).toBe(1);
    expect((await call('GET', `/api/v1/teams/${t.id}`, moved!)).status).toBe(404);
  });

  it('gives no second trial: a member removed from a paying team, or one whose trial ended, has none left', async () => {
    for (const setup of ['paying', 'ended'] as const) {
      const t = await team();
      await ctx.db
        .update(subscriptions)
        .set(
          setup === 'paying'
            ? { plan: 'team-5000', status: 'active' }
            : { trialEndsAt: new Date(Date.now() - 60_000) },
        )
        .where(eq(subscriptions.companyId, t.id));
      expect((await call('DELETE', `/api/v1/teams/${t.id}/members/${t.member.id}`, t.admin)).status).toBe(
        204,
      );
      const [moved] = await ctx.db.select().from(users).where(eq(users.id, t.member.id));
      expect(moved!.companyId).not.toBe(t.id);
      const [own] = await ctx.db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.companyId, moved!.companyId!));
      expect(own!.trialEndsAt!.getTime(), setup).toBeLessThanOrEqual(Date.now());
      expect(moved, setup).toMatchObject({ deactivatedReason: 'trial_expired' });
    }
  });

  it('refuses removing yourself (422), members (403), other teams (404), visitors (401)', async () => {
    const t = await team();
    const self = await call('DELETE', `/api/v1/teams/${t.id}/members/${t.admin.id}`, t.admin);
    expect(self.status).toBe(422);
    expect(self.body.errors[0].detail).toBe('You cannot remove yourself from the team.');
    const url = `/api/v1/teams/${t.id}/members/${t.member.id}`;
    expect((await call('DELETE', `/api/v1/teams/${t.id}/members/${t.admin.id}`, t.member)).status).toBe(403);
    expect((await call('DELETE', url, t.outsider)).status).toBe(404);
    expect((await call('DELETE', url, null)).status).toBe(401);
    expect((await call('DELETE', `/api/v1/teams/${t.id}/members/${t.outsider.id}`, t.admin)).status).toBe(
      404,
    );
    const members = await ctx.db.select().from(memberships).where(eq(memberships.companyId, t.id));
    expect(members).toHaveLength(2);
  });
});
