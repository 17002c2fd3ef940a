import { dailyReportEndpoints, letterGrade } from '@meetwell/domain';
import { ownMeeting } from '../../auth/policies';
import { type FeatureRoutes, requireAuth } from '../../http/app';
import { route } from '../../http/endpoint';
import { AppError } from '../../http/errors';
import { document, resource } from '../../http/jsonapi';
import { dayReport } from './day-report';
import { parseReportMarker } from './report-event';
import { reportZone } from './schedule';

export const dailyReportEventRoutes: FeatureRoutes = (app, ctx) => {
  /**
   * The day a daily report event (a meeting with event_report_card_id) stands for, as it is now: what the
   * Plan's meeting modal shows for such an event.
   */
  route(app, dailyReportEndpoints.show, async (request) => {
    const { user } = requireAuth(request);
    const meeting = await ownMeeting(ctx.db, user.id, request.params.id);
    const marker = parseReportMarker(meeting.eventReportCardId);
    if (!marker || marker.userId !== user.id) {
      throw new AppError('conflict', 'This meeting is not one of your daily report events.');
    }
    const report = await dayReport(ctx, user, marker.date);
    return document(
      resource('daily_reports', marker.date, {
        date: marker.date,
        time_zone: report?.timeZone ?? reportZone(user.timeZone),
        score: report?.average ?? null,
        letter_grade: report?.letterGrade ?? null,
        quality_label: report?.qualityLabel ?? null,
        meetings_count: report?.total ?? 0,
        meetings: (report?.meetings ?? []).map((m) => ({
          id: m.id,
          summary: m.summary,
          starts_at: m.startsAt.toISOString(),
          score: m.score,
          letter_grade: letterGrade(m.score),
        })),
      }),
    );
  });
};
