import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { actions, emails, meetings } from '../../db/schema';
import { type RunningWorker, startWorker } from '../../jobs/worker';
import { createTestApp, createTestContext, type TestContext } from '../../test/context';
import { bearerFor } from '../../test/factories';
import { reevaluateMeetings } from '../evaluation/reevaluate';
import { meetingFlagRoutes } from '../meetings/flags';
import { googleUser, insertMeeting, setActionSettings, setPlan } from './testing';

const HOUR = 3_600_000;
const ORGANIZER = 'boss@partner.example';
let ctx: TestContext;
let worker: RunningWorker;
let app: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  ctx = await createTestContext({ APP_URL: 'https://app.meetwell.test' });
  worker = await startWorker(ctx, { concurrency: 2, crontab: false, pollInterval: 100 });
  app = await createTestApp(ctx, [meetingFlagRoutes]);
});
afterAll(async () => {
  await app.close();
  await worker.stop();
  await ctx.close();
});

const at = (hours: number) => new Date(Math.floor((Date.now() + hours * HOUR) / 60_000) * 60_000);
const waitFor = (check: () => unknown | Promise<unknown>) =>
  vi.waitFor(check, { timeout: 20_000, interval: 100 });

async function paidUser() {
  const owner = await googleUser(ctx);
  await setPlan(ctx, owner.user, 'team-500');
  // Automatic actions would act on their own: here only the panel's choices act.
  await setActionSettings(ctx, owner.user.id, { non_compliance_action: 'do_nothing' });
  return { ...owner, headers: await bearerFor(ctx, owner.user.id) };
}

const choose = (headers: Record<string, string>, meetingId: string, choice: string) =>
  app.inject({
    method: 'PATCH',
    url: `/api/v1/users/meetings/${meetingId}`,
    headers,
    payload: { data: { type: 'meetings', attributes: { non_compliance_action: choice } } },
  });
const actionOf = async (meetingId: string) =>
  (await ctx.db.select().from(actions).where(eq(actions.meetingId, meetingId)))[0] ?? null;
const outbox = async (kind: string) =>
  (await ctx.db.select().from(emails).where(eq(emails.to, ORGANIZER))).filter((m) => m.kind === kind);

describe('the take-action panel', () => {
  it('Remind: the action exists when the answer comes, and the reminder reaches the outbox', async () => {
    const owner = await paidUser();
    const meeting = await insertMeeting(ctx, owner, { startsAt: at(60), summary: 'Roadmap' });
    await reevaluateMeetings(ctx, owner.user.id, [meeting.id]);
    const chosen = await choose(owner.headers, meeting.id, 'remind');
    expect(chosen.statusCode).toBe(200);
    expect(await actionOf(meeting.id)).toMatchObject({ action: 'remind', manual: true });
    await waitFor(async () =>
      expect((await outbox('reminder')).filter((m) => m.subject.includes('Roadmap'))).toHaveLength(1),
    );
    await waitFor(async () => expect((await actionOf(meeting.id))!.status).toBe('done'));
  });

  it('Decline after a reminder: the same meeting goes on to a decline with its warning', async () => {
    const owner = await paidUser();
    const meeting = await insertMeeting(ctx, owner, { startsAt: at(60), summary: 'Escalated' });
    await reevaluateMeetings(ctx, owner.user.id, [meeting.id]);
    expect((await choose(owner.headers, meeting.id, 'remind')).statusCode).toBe(200);
    await waitFor(async () => expect((await actionOf(meeting.id))!.status).toBe('done'));
    const declined = await choose(owner.headers, meeting.id, 'decline');
    expect(declined.statusCode).toBe(200);
    expect(await actionOf(meeting.id)).toMatchObject({
      action: 'decline',
      status: 'scheduled',
      manual: true,
    });
    await waitFor(async () =>
      expect((await outbox('decline_warning')).filter((m) => m.subject.includes('Escalated'))).toHaveLength(
        1,
      ),
    );
  });

  it('refuses, with the reason and changing nothing, a choice that cannot act', async () => {
    const owner = await paidUser();
    const own = await insertMeeting(ctx, owner, {
      startsAt: at(60),
      summary: 'My own',
      organizerEmail: owner.user.email,
    });
    await reevaluateMeetings(ctx, owner.user.id, [own.id]);
    const refused = await choose(owner.headers, own.id, 'remind');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0].detail).toBe('You organize this meeting.');
    const [row] = await ctx.db.select().from(meetings).where(eq(meetings.id, own.id));
    expect(row!.nonComplianceAction).toBeNull();
    expect(await actionOf(own.id)).toBeNull();
  });
});
