import {
  canChooseIntention,
  MEETING_INTENTIONS,
  meetingDocument,
  NON_COMPLIANCE_ACTIONS,
} from '@meetwell/domain';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { ownMeeting } from '../../auth/policies';
import { meetings } from '../../db/schema';
import { type FeatureRoutes, requireAuth } from '../../http/app';
import { AppError } from '../../http/errors';
import { document, resourceBody } from '../../http/jsonapi';
import { broadcastToUser } from '../../realtime/broadcast';
import { chooseManualAction } from '../autobalance/manual';
import { reevaluateMeetings } from '../evaluation/reevaluate';
import { convertMeetingToBlock } from '../wellness-blocks/service';
import { presentMeetings } from './presenter';

const userMeetingAttributes = z.union([
  z.object({ skip_evaluation: z.boolean() }).strict(),
  z.object({ non_compliance_action: z.enum(NON_COMPLIANCE_ACTIONS) }).strict(),
]);

const meetingAttributes = z.union([
  z.object({ maybe_wellness_block: z.enum(['verified_true', 'verified_false']) }).strict(),
  z.object({ intention: z.enum(MEETING_INTENTIONS).nullable() }).strict(),
]);

export const meetingFlagRoutes: FeatureRoutes = (app, ctx) => {
  app.patch(
    '/api/v1/users/meetings/:id',
    {
      schema: {
        tags: ['meetings'],
        summary: 'Skip or re-evaluate a meeting, or choose its manual action',
        params: z.object({ id: z.uuid() }),
        body: resourceBody('meetings', userMeetingAttributes),
        response: { 200: meetingDocument },
      },
    },
    async (request) => {
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
    },
  );

  app.patch(
    '/api/v1/meetings/:id',
    {
      schema: {
        tags: ['meetings'],
        summary: "Answer a possible Wellness block, or choose a meeting's intention",
        params: z.object({ id: z.uuid() }),
        body: resourceBody('meetings', meetingAttributes),
        response: { 200: meetingDocument },
      },
    },
    async (request) => {
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
    },
  );
};
