import { formatDate } from '@meetwell/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import type { FeatureRoutes } from '../../http/app';
import { AppError } from '../../http/errors';
import { redirectWhenRateLimited } from '../../http/plain-form';
import { findActionByToken, preventDecline } from './respond';

const PAGE = '/prevent-decline';
type PageStatus = 'prevented' | 'invalid' | 'closed' | 'rate_limited';
const STATUSES: readonly string[] = ['prevented', 'invalid', 'closed', 'rate_limited'];
const pageState = (status: PageStatus) => `${PAGE}?status=${status}`;

/** "Monday, November 30th 2026 at 10:00 am (Europe/Paris)": a date in the attendee's zone, named. */
function when(date: Date, timeZone: string) {
  return `${formatDate(date, 'Long', timeZone)} at ${formatDate(date, 'Time', timeZone)} (${timeZone})`;
}

/** The meeting's facts for the page's slots (apps/web/src/features/prevent-decline/PreventDeclineNoJs.tsx). */
async function slotValues(ctx: AppContext, token: string) {
  const found = await findActionByToken(ctx, token);
  if (!found) return null;
  const { action, meeting } = found;
  const [owner] = await ctx.db
    .select({ timeZone: users.timeZone })
    .from(users)
    .where(eq(users.id, action.userId))
    .limit(1);
  const zone = owner?.timeZone || 'UTC';
  const details = Object.values(action.detailsNegative ?? {}).filter(
    (value): value is string => typeof value === 'string' && value.trim().length > 0,
  );
  return {
    prevented: action.status === 'prevented',
    values: {
      token,
      summary: (action.meetingSummary || meeting.summary).trim() || 'Untitled meeting',
      starts: when(meeting.startsAt, zone),
      deadline: action.complianceDeadline ? when(action.complianceDeadline, zone) : 'None',
      details: details.join(' ') || 'Nothing is listed.',
    },
  };
}

/**
 * The prevent-decline page without JavaScript (the "Prevent this decline" and "Keep this date" links of the
 * organizer's mails): the server fills the page in from its token, and its form posts here; the answer is a
 * redirect to the page saying what happened. With JavaScript the page is the app's own.
 */
export const preventDeclinePageRoutes: FeatureRoutes = (app, ctx) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, body),
  );

  app.get(PAGE, { schema: { hide: true } }, async (request, reply) => {
    if (!app.sendAppPage) return reply.callNotFound();
    const query = request.query as Record<string, unknown>;
    const token = typeof query.token === 'string' ? query.token : null;
    const status = typeof query.status === 'string' && STATUSES.includes(query.status) ? query.status : null;
    if (status === 'invalid' || status === 'closed') {
      return app.sendAppPage(request.url, reply, { document: pageState(status) });
    }
    const page = token ? await slotValues(ctx, token) : null;
    if (!page) return app.sendAppPage(request.url, reply, { document: pageState('invalid') });
    if (page.prevented || status === 'prevented') {
      return app.sendAppPage(request.url, reply, { document: pageState('prevented'), values: page.values });
    }
    if (status === 'rate_limited') {
      return app.sendAppPage(request.url, reply, {
        document: pageState('rate_limited'),
        values: page.values,
      });
    }
    return app.sendAppPage(request.url, reply, { document: PAGE, values: page.values });
  });

  app.post(
    PAGE,
    {
      // Counted once the form is read (preHandler), so that the answer to too many posts knows the token.
      config: { rateLimit: { max: 30, timeWindow: '1 minute', hook: 'preHandler' } },
      // A browser without JavaScript shows what it is answered: too many posts lead back to the form, saying so.
      errorHandler: redirectWhenRateLimited((request) => {
        const token = new URLSearchParams(typeof request.body === 'string' ? request.body : '').get('token');
        return `${PAGE}?token=${encodeURIComponent(token ?? '')}&status=rate_limited`;
      }),
      schema: {
        tags: ['auto-balance'],
        summary:
          "The prevent-decline page's form posted without JavaScript (token, notes): prevents the decline, then redirects to the page saying so",
      },
    },
    async (request, reply) => {
      const form = new URLSearchParams(typeof request.body === 'string' ? request.body : '');
      const token = form.get('token') ?? '';
      const notes = (form.get('notes') ?? '').trim().slice(0, 5000);
      try {
        const done = token.length >= 10 ? await preventDecline(ctx, token, notes) : null;
        if (!done) return reply.redirect(pageState('invalid'), 303);
      } catch (error) {
        if (error instanceof AppError && error.code === 'conflict')
          return reply.redirect(pageState('closed'), 303);
        throw error;
      }
      return reply.redirect(`${PAGE}?token=${encodeURIComponent(token)}&status=prevented`, 303);
    },
  );
};
