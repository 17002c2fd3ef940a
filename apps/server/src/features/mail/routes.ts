import { mailEndpoints } from '@meetwell/domain';
import { desc, eq, or, sql } from 'drizzle-orm';
import { inValues } from '../../db/bulk';
import { emails, users } from '../../db/schema';
import { type FeatureRoutes, requireAuth } from '../../http/app';
import { route } from '../../http/endpoint';
import { document, resource } from '../../http/jsonapi';

type EmailRow = typeof emails.$inferSelect;

function presentEmail(row: EmailRow) {
  return resource('emails', row.id, {
    kind: row.kind,
    to: row.to,
    subject: row.subject,
    html: row.html,
    text: row.text,
    status: row.status,
    meeting_id: row.meetingId,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
  });
}

export const mailRoutes: FeatureRoutes = (app, ctx) => {
  route(app, mailEndpoints.outbox, async (request) => {
    const { user } = requireAuth(request);
    // Demo visitors see everything the demo team's auto-balance wrote: that is what "the demo caused".
    const demoTeam =
      ctx.config.demoMode && user.isDemo && user.companyId
        ? (await ctx.db.select({ id: users.id }).from(users).where(eq(users.companyId, user.companyId))).map(
            (u) => u.id,
          )
        : [user.id];
    const rows = await ctx.db
      .select()
      .from(emails)
      .where(
        or(inValues(emails.userId, demoTeam, 'uuid'), sql`lower(${emails.to}) = ${user.email.toLowerCase()}`),
      )
      .orderBy(desc(emails.createdAt))
      .limit(request.query.limit);
    return document(rows.map(presentEmail), { smtp: Boolean(ctx.config.mail.smtpUrl) });
  });
};
