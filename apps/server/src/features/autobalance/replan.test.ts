import { and, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { actions, users } from '../../db/schema';
import { type RunningWorker, startWorker } from '../../jobs/worker';
import { userStreamTopic } from '../../realtime/channels';
import { createTestApp, createTestContext, type TestContext } from '../../test/context';
import { bearerFor } from '../../test/factories';
import { reevaluateMeetings } from '../evaluation/reevaluate';
import { settingsRoutes } from '../settings/routes';
import { decideMeeting } from './decide';
import { reconcileUser } from './engine';
import { loadMeetingsAround, loadUserContext } from './inputs';
import { autoBalanceRoutes } from './routes';
import { googleUser, insertMeeting, setActionSettings } from './testing';

const HOUR = 3_600_000;
const ORGANIZER = 'boss@partner.example';
let ctx: TestContext;
let app: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  ctx = await createTestContext({ APP_URL: 'https://app.meetwell.test' });
  app = await createTestApp(ctx, [settingsRoutes, autoBalanceRoutes]);
});
afterAll(async () => {
  await app.close();
  await ctx.close();
});

const at = (hours: number) => new Date(Math.floor((Date.now() + hours * HOUR) / 60_000) * 60_000);
const waitFor = (check: () => unknown | Promise<unknown>) =>
  vi.waitFor(check, { timeout: 20_000, interval: 100 });

async function ownerWithMeetings() {
  const owner = await googleUser(ctx);
  const list = [];
  for (const [i, hours] of [60, 84, 110].entries()) {
    list.push(await insertMeeting(ctx, owner, { startsAt: at(hours), summary: `Unanswered ${i}` }));
  }
  await reevaluateMeetings(
    ctx,
    owner.user.id,
    list.map((m) => m.id),
  );
  return { ...owner, meetings: list, headers: await bearerFor(ctx, owner.user.id) };
}

const saveActionSettings = (headers: Record<string, string>, attributes: Record<string, unknown>) =>
  app.inject({
    method: 'PATCH',
    url: '/api/v1/users/settings',
    headers,
    payload: { data: { type: 'user_settings', attributes: { action_settings: attributes } } },
  });

describe('a change of preferences re-plans the queue', () => {
  it('Remind, then back to Decline: the unanswered meetings are queued for decline again, live', async () => {
    let worker: RunningWorker | null = await startWorker(ctx, {
      concurrency: 2,
      crontab: false,
      pollInterval: 100,
    });
    try {
      const owner = await ownerWithMeetings();
      const pushed: { type?: string }[] = [];
      const stop = ctx.pubsub.subscribe(userStreamTopic('MeetingRefreshChannel', owner.user.id), (m) =>
        pushed.push(m as { type?: string }),
      );
      const future = async () =>
        (await app.inject({ url: '/api/v1/future_actions', headers: owner.headers })).json().data as {
          attributes: { action: string; compliance_deadline: string; meeting_summary: string };
        }[];
      await waitFor(async () => expect(await future()).toHaveLength(3));

      expect((await saveActionSettings(owner.headers, { non_compliance_action: 'remind' })).statusCode).toBe(
        200,
      );
      await waitFor(async () => {
        const rows = await ctx.db.select().from(actions).where(eq(actions.userId, owner.user.id));
        expect(rows.every((a) => a.action === 'remind' && a.status === 'done')).toBe(true);
      });
      expect(await future()).toHaveLength(0);

      pushed.length = 0;
      expect(
        (
          await saveActionSettings(owner.headers, {
            non_compliance_action: 'decline',
            compliance_deadline: 6,
          })
        ).statusCode,
      ).toBe(200);
      await waitFor(async () => expect(await future()).toHaveLength(3));
      for (const row of await future()) {
        const meeting = owner.meetings.find((m) => m.summary === row.attributes.meeting_summary)!;
        expect(row.attributes.action).toBe('decline');
        expect(new Date(row.attributes.compliance_deadline).getTime()).toBe(
          meeting.startsAt.getTime() - 6 * HOUR,
        );
      }
      // The web app was told at once.
      await waitFor(() => expect(pushed.some((m) => m.type === 'actions_changed')).toBe(true));
      stop();
    } finally {
      await worker?.stop();
      worker = null;
    }
  });

  it('any sequence of preference changes leaves the queue equal to a fresh plan of the final state', async () => {
    const change = fc.oneof(
      fc.record({ non_compliance_action: fc.constantFrom('remind', 'decline', 'do_nothing') }),
      fc.record({ compliance_deadline: fc.constantFrom(6, 12, 24) }),
      fc.record({ required_agenda: fc.boolean() }),
      fc.record({ vip: fc.boolean() }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(change, { minLength: 1, maxLength: 5 }), async (changes) => {
        const owner = await ownerWithMeetings();
        let settings: Record<string, unknown> = {};
        await reconcileUser(ctx, owner.user.id);
        for (const c of changes) {
          if ('vip' in c) {
            await ctx.db
              .update(users)
              .set({ organizerDenylist: c.vip ? [ORGANIZER] : [] })
              .where(eq(users.id, owner.user.id));
          } else {
            settings = { ...settings, ...c };
            await setActionSettings(ctx, owner.user.id, settings);
          }
          await reconcileUser(ctx, owner.user.id);
        }
        // The plan a fresh engine makes from the final state, with the rules alone.
        const context = (await loadUserContext(ctx, owner.user.id))!;
        const ids = owner.meetings.map((m) => m.id);
        const around = await loadMeetingsAround(ctx, context, { from: new Date(), to: at(200), ids });
        const expected = around.targets
          .map((m) => ({ m, d: decideMeeting(m, context, around, new Date()) }))
          .filter(({ d }) => d.act)
          .map(({ m, d }) => ({
            meetingId: m.id,
            action: d.action,
            deadline: d.complianceDeadline?.getTime(),
          }))
          .sort((a, b) => a.meetingId.localeCompare(b.meetingId));
        const queued = (
          await ctx.db
            .select()
            .from(actions)
            .where(and(inArray(actions.meetingId, ids), eq(actions.status, 'scheduled')))
        )
          .map((a) => ({
            meetingId: a.meetingId,
            action: a.action,
            deadline: a.complianceDeadline?.getTime(),
          }))
          .sort((a, b) => a.meetingId.localeCompare(b.meetingId));
        expect(queued).toEqual(expected);
      }),
      { numRuns: 12 },
    );
  }, 120_000);
});
