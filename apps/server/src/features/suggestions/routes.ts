import { meetingSuggestionsDocument, periodSuggestionsDocument } from '@meetwell/domain';
import { z } from 'zod';
import { ownMeeting } from '../../auth/policies';
import { type FeatureRoutes, requireAuth } from '../../http/app';
import { document, resource } from '../../http/jsonapi';
import { parseRange, reportQuery } from '../reports/params';
import { resolveReportScope } from '../reports/scope';
import { suggestionsForMeeting, suggestionsForPeriod } from './service';

const idParams = z.object({ id: z.uuid({ error: 'must be a meeting id' }) });

export const suggestionRoutes: FeatureRoutes = (app, ctx) => {
  app.get(
    '/api/v1/meetings/:id/suggestions',
    {
      schema: {
        tags: ['meetings'],
        summary: "What would raise a meeting's score: the few changes that raise it most, with the new score",
        params: idParams,
        response: { 200: meetingSuggestionsDocument },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const m = await ownMeeting(ctx.db, user.id, request.params.id);
      const list = await suggestionsForMeeting(ctx, m);
      return document(
        list.map((s) =>
          resource('meeting_suggestions', `${m.id}:${s.kind}`, {
            kind: s.kind,
            rule: s.rule,
            label: s.label,
            score: s.score,
            letter_grade: s.letter_grade,
            gain: s.gain,
            text: s.text,
          }),
        ),
        { score: m.score, letter_grade: m.evaluation?.letter_grade ?? null },
      );
    },
  );

  app.get(
    '/api/v1/suggestions/period',
    {
      schema: {
        tags: ['reports'],
        summary:
          "The changes that would lift the period's average score most: you (who=user), your team (who=team) or a group",
        querystring: reportQuery.omit({ byAttendeeStatus: true }),
        response: { 200: periodSuggestionsDocument },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const range = parseRange(request.query);
      // The same access as the reports: a member's own period, a teammate's for the team's admins, the team's for members.
      const scope = await resolveReportScope(ctx.db, user, request.query);
      const result = await suggestionsForPeriod(ctx, {
        scope:
          scope.type === 'user'
            ? { type: 'user', userId: scope.userId, timeZone: scope.timeZone }
            : { type: 'company', companyId: scope.companyId, timeZone: scope.timeZone },
        start: range.start,
        end: range.end,
      });
      return document(
        result.improvements.map((i) => resource('period_improvements', i.kind, i)),
        { meetings: result.meetings, evaluated: result.evaluated, average_score: result.average_score },
      );
    },
  );
};
