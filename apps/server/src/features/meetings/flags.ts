import { canChooseIntention, meetingEndpoints } from '@meetwell/domain';
import { eq } from 'drizzle-orm';
import { ownMeeting } from '../../auth/policies';
import { meetings } from '../../db/schema';
import { type FeatureRoutes, requireAuth } from '../../http/app';
import { route } from '../../http/endpoint';
import { AppError } from '../../http/errors';
import { document } from '../../http/jsonapi';
import { broadcastToUser } from '../../realtime/broadcast';
import { chooseManualAction } from '../autobalance/manual';
import { reevaluateMeetings } from '../evaluation/reevaluate';
import { convertMeetingToBlock } from '../wellness-blocks/service';
import { presentMeetings } from './presenter';

export const meetingFlagRoutes: FeatureRoutes = (app, ctx) => {
  route(app, meetingEndpoints.updateForUser, async (request) => {
    const { user } = requireAuth(request);
    const meeting = await ownMeeting(ctx.db, user.id, request.params.id);
    const attributes = request.body.data.attributes;
    if ('skip_evaluation' in attributes) {
      await ctx.db
        .update(meetings)
        .set({ skipEvaluation: attributes.skip_evaluation })
        .where(eq(meetings.id, meeting.id));
      await reevaluateMeetings(ctx, user.id, [meeting.id]);
    } else {
      // The plan gate, then the decision (a choice that cannot act is a 409 with the reason), then done at once.
      await chooseManualAction(ctx, user, meeting, attributes.non_compliance_action);
    }
    const [row] = await ctx.db.select().from(meetings).where(eq(meetings.id, meeting.id));
    await broadcastToUser(ctx.pubsub, 'MeetingRefreshChannel', user.id, {
      type: 'meeting_updated',
      meeting_id: meeting.id,
    });
    return document((await presentMeetings(ctx.db, [row!]))[0]!);
  });

  route(app, meetingEndpoints.update, async (request) => {
    const { user } = requireAuth(request);
    const meeting = await ownMeeting(ctx.db, user.id, request.params.id);
    const attributes = request.body.data.attributes;
    if ('intention' in attributes) {
      if (!canChooseIntention(meeting, user.email)) {
        throw new AppError(
          'forbidden',
          'Only the organizer, or someone who can edit this event, can choose its intention.',
        );
      }
      await ctx.db
        .update(meetings)
        .set({ intention: attributes.intention, intentionSource: attributes.intention ? 'chosen' : null })
        .where(eq(meetings.id, meeting.id));
    } else if (attributes.maybe_wellness_block === 'verified_false') {
      await ctx.db
        .update(meetings)
        .set({ maybeWellnessBlock: 'verified_false' })
        .where(eq(meetings.id, meeting.id));
    } else {
      await convertMeetingToBlock(ctx, user, meeting);
    }
    await reevaluateMeetings(ctx, user.id, [meeting.id]);
    const [row] = await ctx.db.select().from(meetings).where(eq(meetings.id, meeting.id));
    await broadcastToUser(ctx.pubsub, 'MeetingRefreshChannel', user.id, {
      type: 'meeting_updated',
      meeting_id: meeting.id,
    });
    return document((await presentMeetings(ctx.db, [row!]))[0]!);
  });
};
