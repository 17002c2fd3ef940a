import { suggestionEndpoints } from '@meetwell/domain';
import { ownMeeting } from '../../auth/policies';
import { type FeatureRoutes, requireAuth } from '../../http/app';
import { route } from '../../http/endpoint';
import { document, resource } from '../../http/jsonapi';
import { parseRange, parseStatusFilter } from '../reports/params';
import { resolveReportScope } from '../reports/scope';
import { periodSuggestionsKept } from './period-cache';
import { suggestionsForMeeting } from './service';

export const suggestionRoutes: FeatureRoutes = (app, ctx) => {
  route(app, suggestionEndpoints.forMeeting, async (request) => {
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
  });

  route(app, suggestionEndpoints.forPeriod, async (request) => {
    const { user } = requireAuth(request);
    const range = parseRange(request.query);
    // The same access as the reports: a member's own period, a teammate's for the team's admins, the team's for members.
    const scope = await resolveReportScope(ctx.db, user, request.query);
    const result = await periodSuggestionsKept(ctx, {
      scope,
      start: range.start,
      end: range.end,
      filter: parseStatusFilter(request.query.byAttendeeStatus),
    });
    return document(
      result.improvements.map((i) => resource('period_improvements', i.kind, i)),
      { meetings: result.meetings, evaluated: result.evaluated, average_score: result.average_score },
    );
  });
};
