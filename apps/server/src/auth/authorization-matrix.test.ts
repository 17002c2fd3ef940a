/**
 * Who may call what, for every API route the server registers: signed out, a team member, the team's admin,
 * another company's admin and a deactivated member, each as the route's endpoint in the contract declares it
 * (`access`, `whenDeactivated`). A route without an endpoint, or an endpoint without a route, fails here, so each
 * new endpoint is classified before it ships.
 */
import { ENDPOINTS, type Endpoint, endpointKey } from '@meetwell/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agendaItems,
  invites,
  memberships,
  objectives,
  preworkItems,
  users,
  wellnessBlocks,
} from '../db/schema';
import { googleUser, insertMeeting } from '../features/autobalance/testing';
import { allRoutes } from '../routes';
import { createTestApp, createTestContext, type TestContext } from '../test/context';
import { bearerFor, createUser } from '../test/factories';

type Role = 'signedOut' | 'deactivated' | 'user' | 'otherAdmin' | 'admin';
type Route = { method: string; url: string; endpoint: Endpoint };

/**
 * A valid body for the routes that read one, so that the answer is about who calls (a body of the wrong shape
 * is refused with a 400 before anyone's records are looked at). Routes not named here get an empty one.
 */
const VALID_BODIES: Record<string, { type: string; attributes: Record<string, unknown> }> = {
  'PATCH /api/v1/calendars/:id': { type: 'calendars', attributes: { watching: true } },
  'POST /api/v1/calendars/:id/reconnect': { type: 'calendars', attributes: { password: 'matrix' } },
  'PATCH /api/v1/users/meetings/:id': { type: 'meetings', attributes: { skip_evaluation: true } },
  'PATCH /api/v1/meetings/:id': { type: 'meetings', attributes: { maybe_wellness_block: 'verified_false' } },
  'POST /api/v1/meetings/:id/agenda_items': { type: 'agenda_items', attributes: { description: 'Intro' } },
  'PATCH /api/v1/agenda_items/:id': { type: 'agenda_items', attributes: { description: 'Intro' } },
  'POST /api/v1/meetings/:id/objectives': { type: 'objectives', attributes: { description: 'Decide' } },
  'PATCH /api/v1/objectives/:id': { type: 'objectives', attributes: { description: 'Decide' } },
  'POST /api/v1/meetings/:id/prework_items': { type: 'prework_items', attributes: { description: 'Read' } },
  'PATCH /api/v1/prework_items/:id': { type: 'prework_items', attributes: { description: 'Read' } },
  'PATCH /api/v1/wellness_blocks/:id': { type: 'wellness_blocks', attributes: { label: 'Deep work' } },
  'POST /api/v1/company/denylisted_organizers/bulk': { type: 'companies', attributes: { email_list: [] } },
  'PATCH /api/v1/company': { type: 'companies', attributes: { domains_allowlist: [] } },
  'PATCH /api/v1/stripe_checkout/sessions': {
    type: 'checkout_sessions',
    attributes: { key: 'team-500', success_url: '/my/review/you' },
  },
  'POST /api/v1/billing_portal/sessions': {
    type: 'billing_portal_sessions',
    attributes: { return_url: '/my/account' },
  },
  'PATCH /api/v1/subscription': { type: 'subscriptions', attributes: { cancel_at_period_end: false } },
  'PATCH /api/v1/teams/:id': { type: 'teams', attributes: { name: 'Matrix team' } },
  'PATCH /api/v1/teams/:id/members/:memberId': { type: 'memberships', attributes: { role: 'user' } },
  'POST /api/v1/invites': { type: 'invites', attributes: { email: 'someone@invited.example' } },
};

/** Query strings a route needs to answer at all. */
const QUERIES: Record<string, string> = {
  'GET /api/v1/users': '?session=optional',
  // A period of the team's: every member may read it (a teammate's own period is the admins', tested beside it).
  'GET /api/v1/suggestions/period': '?start=2026-11-01&end=2026-11-30&who=team',
  // The CSV exports answer with each caller's own team (the report endpoints' who=team).
  'GET /api/v1/reports/export/meetings.csv': '?start=2026-11-01&end=2026-11-30&who=team',
  'GET /api/v1/reports/export/report.csv': '?start=2026-11-01&end=2026-11-30&who=team',
};

/** Ending the session or the account: checked by their own tests, never walked here (they end the walk). */
const SESSION_ENDING = new Set(['DELETE /api/v1/logout', 'DELETE /api/v1/users']);

const key = (route: Pick<Route, 'method' | 'url'>) => `${route.method} ${route.url}`;
/** A person's own record named by the path: anyone else, teammates included, gets a 404. */
const isOwned = (route: Route) => route.endpoint.access === 'owner';
/** One team's record named by the path: a stranger to that team gets a 404 (its existence is not confirmed). */
const isTeamScoped = (route: Route) =>
  (route.endpoint.access === 'team_member' || route.endpoint.access === 'team_admin') &&
  route.url.includes('/:');

let ctx: TestContext;
let app: Awaited<ReturnType<typeof createTestApp>>;
const headers = {} as Record<Exclude<Role, 'signedOut'>, Record<string, string>>;
const ids: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  app = await createTestApp(ctx, allRoutes);
  const admin = await googleUser(ctx);
  const member = await createUser(ctx, { companyOf: admin.user });
  const expired = await createUser(ctx, { companyOf: admin.user });
  await ctx.db
    .update(users)
    .set({ deactivatedAt: new Date(), deactivatedReason: 'trial_expired' })
    .where(eq(users.id, expired.id));
  const stranger = await createUser(ctx);
  headers.admin = await bearerFor(ctx, admin.user.id);
  headers.user = await bearerFor(ctx, member.id);
  headers.deactivated = await bearerFor(ctx, expired.id);
  headers.otherAdmin = await bearerFor(ctx, stranger.id);

  const meeting = await insertMeeting(ctx, admin, { startsAt: new Date(Date.now() + 48 * 3_600_000) });
  const [membership] = await ctx.db.select().from(memberships).where(eq(memberships.userId, member.id));
  const [block] = await ctx.db
    .insert(wellnessBlocks)
    .values({
      userId: admin.user.id,
      label: 'Focus',
      category: 'focus',
      rrule: 'RRULE:FREQ=WEEKLY;BYDAY=MO',
      startsAt: new Date('2026-11-23T09:00:00Z'),
      endsAt: new Date('2026-11-23T11:00:00Z'),
      timeZone: 'UTC',
    })
    .returning();
  const item = { meetingId: meeting.id, description: 'Item' };
  const [agenda] = await ctx.db.insert(agendaItems).values(item).returning();
  const [objective] = await ctx.db.insert(objectives).values(item).returning();
  const [prework] = await ctx.db.insert(preworkItems).values(item).returning();
  const [invite] = await ctx.db
    .insert(invites)
    .values({ companyId: admin.user.companyId!, email: 'new@invited.example', tokenHash: 'matrix-test' })
    .returning();
  Object.assign(ids, {
    team: admin.user.companyId!,
    member: membership!.id,
    meeting: meeting.id,
    calendar: admin.calendar.id,
    block: block!.id,
    agenda: agenda!.id,
    objective: objective!.id,
    prework: prework!.id,
    invite: invite!.id,
  });
});
afterAll(async () => {
  await app.close();
  await ctx.close();
});

/** The concrete URL of a route pattern, naming the admin's own records. */
function concreteUrl(route: Route): string {
  const idFor: Record<string, string> = {
    teams: ids.team!,
    meetings: ids.meeting!,
    calendars: ids.calendar!,
    wellness_blocks: ids.block!,
    agenda_items: ids.agenda!,
    objectives: ids.objective!,
    prework_items: ids.prework!,
    invites: ids.invite!,
    tips: '1',
  };
  const parts = route.url.split('/');
  return parts
    .map((part, i) => {
      if (part === ':id') return idFor[parts[i - 1]!] ?? ids.meeting!;
      if (part === ':memberId') return ids.member!;
      if (part === ':meeting_id') return ids.meeting!;
      if (part === ':token') return 'a'.repeat(43);
      if (part === ':kind') return 'averages';
      if (part === ':provider') return 'google';
      return part;
    })
    .join('/');
}

/** Every route the server registers under /api/v1, once per method and pattern. */
function registeredRoutes() {
  const seen = new Set<string>();
  return app.routeTable
    .filter((r) => r.url.startsWith('/api/v1/') && r.method !== 'HEAD')
    .filter((r) => !seen.has(key(r)) && seen.add(key(r)));
}

function apiRoutes(): Route[] {
  return registeredRoutes().flatMap((r) =>
    r.endpoint ? [{ method: r.method, url: r.url, endpoint: r.endpoint }] : [],
  );
}

async function call(route: Route, role: Role) {
  const withBody = ['POST', 'PATCH', 'PUT'].includes(route.method);
  // A route that takes a file is sent one (a calendar of one line), as it is.
  const file = route.endpoint.file;
  const res = await app.inject({
    method: route.method as 'GET',
    url: concreteUrl(route) + (QUERIES[key(route)] ?? ''),
    headers: {
      ...(role === 'signedOut' ? {} : headers[role]),
      'content-type': file ? file.mediaTypes[0]! : 'application/vnd.api+json',
      // Each call is its own client: the per-address rate limits are not what this test is about.
      'x-forwarded-for': `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    },
    ...(withBody &&
      (file
        ? { payload: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n' }
        : { payload: { data: VALID_BODIES[key(route)] ?? { type: 'matrix', attributes: {} } } })),
  });
  let code: string | undefined;
  try {
    code = res.json()?.errors?.[0]?.code;
  } catch {
    code = undefined;
  }
  return { status: res.statusCode, code };
}

/** What each role must get from a route; null means any answer below 500. */
function expectation(route: Route, role: Role): { status?: number; code?: string; not?: number[] } {
  switch (role) {
    case 'signedOut':
      return route.endpoint.access === 'public' ? { not: [401, 403] } : { status: 401 };
    case 'deactivated':
      return route.endpoint.whenDeactivated ? {} : { status: 403, code: 'account_deactivated' };
    case 'user':
      if (isOwned(route)) return { status: 404 };
      if (route.endpoint.access === 'team_admin') return { status: 403 };
      return { not: [401, 403] };
    case 'otherAdmin':
      if (isOwned(route) || isTeamScoped(route)) return { status: 404 };
      return { not: [401, 403] };
    case 'admin':
      // The owner reaches their own records (a DELETE may find one an earlier DELETE removed).
      return (isOwned(route) || isTeamScoped(route)) && route.method !== 'DELETE'
        ? { not: [401, 403, 404] }
        : { not: [401, 403] };
  }
}

const ROLES: Role[] = ['signedOut', 'deactivated', 'user', 'otherAdmin', 'admin'];

describe('authorization matrix', () => {
  it('covers the API: every route serves an endpoint of the contract, and every endpoint has its route', () => {
    const routes = registeredRoutes();
    expect(routes.length).toBeGreaterThan(60);
    expect(routes.filter((r) => !r.endpoint).map(key), 'routes without an endpoint').toEqual([]);
    const registered = new Set(routes.map(key));
    expect(
      ENDPOINTS.map(endpointKey).filter((k) => !registered.has(k)),
      'endpoints without a route',
    ).toEqual([]);
    // Each route serves the endpoint of its own method and path.
    expect(
      apiRoutes()
        .filter((r) => endpointKey(r.endpoint) !== key(r))
        .map(key),
    ).toEqual([]);
  });

  it.each(ROLES)('%s: every route answers as the capability table says', async (role) => {
    const routes = apiRoutes()
      .filter((route) => !SESSION_ENDING.has(key(route)) || role === 'signedOut')
      // Deleting comes last: it removes records the other calls name.
      .sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
    const wrong: string[] = [];
    for (const route of routes) {
      const got = await call(route, role);
      const want = expectation(route, role);
      const ok =
        got.status < 500 &&
        (want.status === undefined || got.status === want.status) &&
        (want.code === undefined || got.code === want.code) &&
        !(want.not ?? []).includes(got.status);
      if (!ok) wrong.push(`${key(route)} → ${got.status} ${got.code ?? ''} (wanted ${JSON.stringify(want)})`);
    }
    expect(wrong).toEqual([]);
  });
});
