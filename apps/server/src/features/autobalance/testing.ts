/** Test data for auto-balance and Wellness block tests: a Google-connected user and stored meetings. */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { type FakeGoogleServer, ok } from '../../calendars/providers/google/__fixtures__/fake-google-server';
import type { AppContext } from '../../context';
import { calendars, identities, meetings, subscriptions, userSettings } from '../../db/schema';
import { createUser } from '../../test/factories';

type UserRow = Awaited<ReturnType<typeof createUser>>;
const HOUR = 3_600_000;

/** A user whose primary Google calendar (watched, writable) is served by the fake Google server. */
export async function googleUser(
  ctx: AppContext,
  options: { email?: string; timeZone?: string; companyOf?: { companyId: string | null } } = {},
) {
  const user = await createUser(ctx, { ...options });
  const [identity] = await ctx.db
    .insert(identities)
    .values({
      userId: user.id,
      provider: 'google_oauth2',
      subject: randomUUID(),
      email: user.email,
      // No lifetime and no refresh token: the token is used as is.
      accessTokenEnc: ctx.secrets.encrypt('test-access-token'),
    })
    .returning();
  const [calendar] = await ctx.db
    .insert(calendars)
    .values({
      userId: user.id,
      provider: 'google',
      identityId: identity!.id,
      externalId: user.email,
      name: 'Work',
      isPrimary: true,
      watching: true,
      canWrite: true,
      timeZone: user.timeZone,
    })
    .returning();
  return { user, calendar: calendar!, identity: identity! };
}

export async function setActionSettings(
  ctx: AppContext,
  userId: string,
  actionSettings: Record<string, unknown>,
) {
  await ctx.db.update(userSettings).set({ actionSettings }).where(eq(userSettings.userId, userId));
}

export async function setPlan(ctx: AppContext, user: UserRow, plan: string) {
  await ctx.db
    .update(subscriptions)
    .set({ plan, status: 'active' })
    .where(eq(subscriptions.companyId, user.companyId!));
}

/** A stored meeting of the user (as a sync would store it), invited a week before by default. */
export async function insertMeeting(
  ctx: AppContext,
  owner: { user: UserRow; calendar: { id: string } },
  params: {
    startsAt: Date;
    minutes?: number;
    summary?: string;
    description?: string;
    organizerEmail?: string;
    attendeesCount?: number;
    responseStatus?: string;
    recurringEventId?: string;
    /** The event's iCalendar UID, which every attendee's copy shares. */
    icalUid?: string;
    maybeWellnessBlock?: 'true';
    maybeWellnessBlockCategory?: string;
  },
) {
  const endsAt = new Date(params.startsAt.getTime() + (params.minutes ?? 60) * 60_000);
  const organizer = params.organizerEmail ?? 'boss@partner.example';
  const providerEventId = `evt_${randomUUID().replace(/-/g, '')}`;
  const [row] = await ctx.db
    .insert(meetings)
    .values({
      userId: owner.user.id,
      companyId: owner.user.companyId,
      calendarId: owner.calendar.id,
      providerEventId,
      icalUid: params.icalUid ?? null,
      eventKey: providerEventId,
      recurringEventId: params.recurringEventId ?? null,
      recurringMeeting: Boolean(params.recurringEventId),
      summary: params.summary ?? 'Status meeting',
      description: params.description ?? '',
      location: 'https://meet.google.com/abc-defg-hij',
      conferenceUrl: 'https://meet.google.com/abc-defg-hij',
      startsAt: params.startsAt,
      endsAt,
      organizerEmail: organizer,
      organizerDomain: organizer.split('@')[1] ?? null,
      responseStatus: params.responseStatus ?? 'needsAction',
      attendeesCount: params.attendeesCount ?? 3,
      invitedAt: new Date(params.startsAt.getTime() - 7 * 24 * HOUR),
      durationSeconds: Math.round((endsAt.getTime() - params.startsAt.getTime()) / 1000),
      maybeWellnessBlock: params.maybeWellnessBlock ?? null,
      maybeWellnessBlockCategory: params.maybeWellnessBlockCategory ?? null,
    })
    .returning();
  return row!;
}

/** Google answers events.get with the meeting's attendees (the user unanswered) and echoes patches. */
export function scriptGoogleAnswers(google: FakeGoogleServer, userEmail: string) {
  google.setDefault('events.get', (request) =>
    ok({
      id: request.eventId,
      status: 'confirmed',
      attendees: [
        { email: 'boss@partner.example', organizer: true, responseStatus: 'accepted' },
        { email: userEmail, self: true, responseStatus: 'needsAction' },
      ],
    }),
  );
  google.setDefault('events.patch', (request) => ok({ id: request.eventId, ...(request.body as object) }));
}

/** The answer the user sent for an event, from the recorded patches. */
export function answersSent(google: FakeGoogleServer, eventId?: string) {
  return google
    .requestsFor('events.patch')
    .filter((r) => !eventId || r.eventId === eventId)
    .map((r) => {
      const attendees =
        (r.body as { attendees?: { self?: boolean; responseStatus?: string; comment?: string }[] })
          ?.attendees ?? [];
      const self = attendees.find((a) => a.self);
      return { eventId: r.eventId, response: self?.responseStatus, comment: self?.comment };
    });
}
