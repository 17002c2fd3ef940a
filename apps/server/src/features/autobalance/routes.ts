import {
  actionEndpoints,
  autoBalanceEndpoints,
  FUTURE_ACTIONS_WINDOW_DAYS,
  isActionQueued,
  PAST_ACTIONS_WINDOW_DAYS,
} from '@meetwell/domain';
import type { AppContext } from '../../context';
import type { actions, meetings } from '../../db/schema';
import { type FeatureRoutes, requireAuth } from '../../http/app';
import { route } from '../../http/endpoint';
import { notFound } from '../../http/errors';
import { document, resource } from '../../http/jsonapi';
import { parsePeriod } from '../../http/period';
import { presentMeetings } from '../meetings/presenter';
import { displayName } from './action-emails';
import { futureActions, pastActions } from './action-lists';
import { acceptMeeting, findActionByToken, preventDecline } from './respond';
import { actionsSharingMail } from './team-occurrence';

const DAY = 86_400_000;
const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;

type ActionRow = typeof actions.$inferSelect;
type MeetingRow = typeof meetings.$inferSelect;

/** The spec's Action (future and past actions). */
function presentAction(action: ActionRow, meeting: Pick<MeetingRow, 'startsAt' | 'endsAt'>, now: Date) {
  return resource('actions', action.id, {
    action: action.action,
    status: action.status,
    manual: action.manual,
    organizer_email: action.organizerEmail,
    meeting_id: action.meetingId,
    meeting_summary: action.meetingSummary,
    meeting_starts_at: meeting.startsAt.toISOString(),
    meeting_ends_at: meeting.endsAt.toISOString(),
    details_negative: action.detailsNegative,
    compliance_deadline: iso(action.complianceDeadline),
    queued:
      action.status === 'scheduled' && action.complianceDeadline
        ? isActionQueued(action.complianceDeadline, now)
        : false,
    performed_at: iso(action.performedAt),
    organizer_notes: action.organizerNotes,
  });
}

/**
 * What the prevent-decline page shows (the token holder is the organizer): the occurrence, its deadline, what
 * it needs, and every team member the warning spoke for.
 */
async function presentTokenMeeting(ctx: AppContext, found: { action: ActionRow; meeting: MeetingRow }) {
  const { action, meeting } = found;
  const team = await actionsSharingMail(ctx, action, meeting, 'decline_warning');
  return resource('meetings', meeting.id, {
    attendee_names: team.map((share) => displayName(share.owner)),
    summary: action.meetingSummary || meeting.summary,
    starts_at: meeting.startsAt.toISOString(),
    ends_at: meeting.endsAt.toISOString(),
    compliance_deadline: iso(action.complianceDeadline),
    details_negative: Object.values(action.detailsNegative ?? {}),
    violations: action.detailsNegative,
    organizer_email: action.organizerEmail,
    status: action.status,
    prevented: action.status === 'prevented',
    organizer_notes: action.organizerNotes,
  });
}

const publicRateLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };

export const autoBalanceRoutes: FeatureRoutes = (app, ctx) => {
  route(app, actionEndpoints.future, async (request) => {
    const { user } = requireAuth(request);
    const now = ctx.now();
    const { from, to, explicitFrom } = parsePeriod(request.query, {
      from: now,
      to: new Date(now.getTime() + FUTURE_ACTIONS_WINDOW_DAYS * DAY),
    });
    const rows = await futureActions(ctx.db, user.id, now, { from, to, explicitFrom });
    return document(
      rows.map((r) => presentAction(r.action, r.meeting, now)),
      { starts_at: from.toISOString(), ends_at: to.toISOString() },
    );
  });

  route(app, actionEndpoints.past, async (request) => {
    const { user } = requireAuth(request);
    const now = ctx.now();
    const { from, to } = parsePeriod(request.query, {
      from: new Date(now.getTime() - PAST_ACTIONS_WINDOW_DAYS * DAY),
      to: now,
    });
    const rows = await pastActions(ctx.db, user.id, { from, to });
    return document(
      rows.map((r) => presentAction(r.action, r.meeting, now)),
      { starts_at: from.toISOString(), ends_at: to.toISOString() },
    );
  });

  // The spec names a GET; it changes state, so a browser session needs the CSRF header for it as for the POST.
  for (const ignore of [actionEndpoints.ignoreByGet, actionEndpoints.ignore]) {
    route(
      app,
      ignore,
      async (request) => {
        const { user } = requireAuth(request);
        const row = await acceptMeeting(ctx, user, request.params.meeting_id);
        const [meeting] = await presentMeetings(ctx.db, [row]);
        if (!meeting) throw notFound('meeting');
        return document(meeting);
      },
      { config: { changesState: true } },
    );
  }

  route(
    app,
    autoBalanceEndpoints.declineDetails,
    async (request) => {
      const found = await findActionByToken(ctx, request.params.token);
      if (!found) throw notFound('meeting');
      return document(await presentTokenMeeting(ctx, found));
    },
    { config: publicRateLimit },
  );

  route(
    app,
    autoBalanceEndpoints.preventDecline,
    async (request) => {
      const notes = request.body?.data.attributes.organizer_notes ?? '';
      const done = await preventDecline(ctx, request.params.token, notes);
      if (!done) throw notFound('meeting');
      return document(await presentTokenMeeting(ctx, done));
    },
    { config: publicRateLimit },
  );
};
