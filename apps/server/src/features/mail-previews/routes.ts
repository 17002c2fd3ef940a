import { mailEndpoints, REQUESTED_REPORTS_PER_HOUR } from '@meetwell/domain';
import { and, eq, gte, like, sql } from 'drizzle-orm';
import { emails } from '../../db/schema';
import { type FeatureRoutes, requireAuth } from '../../http/app';
import { route } from '../../http/endpoint';
import { AppError } from '../../http/errors';
import { document, resource } from '../../http/jsonapi';
import { loadSettings } from '../settings/routes';
import { nextTipMail } from '../weekly-report/tips';
import {
  REQUESTED_REPORT_KEY_PREFIX,
  reportOnRequest,
  sendRequestedReport,
} from '../weekly-report/weekly-report';
import { previewFacts, renderPreview } from './previews';

const HOUR_MS = 3_600_000;
const NO_REPORT = 'There is no report yet: none of your meetings this week or last has a score.';

export const mailPreviewRoutes: FeatureRoutes = (app, ctx) => {
  route(app, mailEndpoints.preview, async (request, reply) => {
    const { user } = requireAuth(request);
    const kind = request.params.kind;
    let mail: { subject: string; html: string };
    let to: string;
    if (kind === 'weekly_report') {
      const report = await reportOnRequest(ctx, user, ctx.now());
      if (!report) throw new AppError('conflict', NO_REPORT);
      mail = report.mail;
      to = user.email;
    } else if (kind === 'tip') {
      const tip = await nextTipMail(ctx, user, ctx.now());
      if (!tip)
        throw new AppError('conflict', 'You have seen every tip we have: there is none left to mail.');
      mail = tip;
      to = user.email;
    } else {
      const { effective } = await loadSettings(ctx, user);
      const facts = previewFacts(user, effective, ctx.now());
      mail = await renderPreview(kind, facts, ctx.config.appUrl);
      to = facts.organizerEmail;
    }
    return reply
      .header('cache-control', 'no-store')
      .send(document(resource('mail_previews', kind, { subject: mail.subject, html: mail.html, to })));
  });

  route(app, mailEndpoints.requestReport, async (request, reply) => {
    const { user } = requireAuth(request);
    const now = ctx.now();
    const recent = await ctx.db
      .select({ createdAt: emails.createdAt })
      .from(emails)
      .where(
        and(
          eq(emails.userId, user.id),
          like(emails.idempotencyKey, `${REQUESTED_REPORT_KEY_PREFIX}${user.id}/%`),
          gte(emails.createdAt, new Date(now.getTime() - HOUR_MS)),
        ),
      )
      .orderBy(sql`${emails.createdAt} asc`);
    if (recent.length >= REQUESTED_REPORTS_PER_HOUR) {
      const next = new Date(recent[0]!.createdAt.getTime() + HOUR_MS);
      const minutes = Math.max(1, Math.ceil((next.getTime() - now.getTime()) / 60_000));
      throw new AppError(
        'rate_limited',
        `You can send yourself ${REQUESTED_REPORTS_PER_HOUR} reports an hour. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        { headers: { 'retry-after': String(minutes * 60) } },
      );
    }
    const { result, week } = await sendRequestedReport(ctx, user);
    if (result === 'no_meetings' || !week) throw new AppError('conflict', NO_REPORT);
    if (result === 'opted_out') {
      throw new AppError(
        'conflict',
        'This address unsubscribed from our emails. Turn your emails back on here to get the report.',
      );
    }
    return reply.code(201).send(
      document(
        resource('requested_weekly_reports', `${user.id}:${now.toISOString()}`, {
          status: result,
          to: user.email,
          week_start: week.start,
          week_end: week.end,
        }),
      ),
    );
  });
};
