import { isValidEmail } from '@meetwell/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { emailOptOuts, users } from '../../db/schema';
import type { FeatureRoutes } from '../../http/app';
import { AppError } from '../../http/errors';
import { document, resource } from '../../http/jsonapi';

export const communicationRoutes: FeatureRoutes = (app, ctx) => {
  app.get(
    '/api/v1/communications/email/opt-out',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['communications'],
        summary: 'Stop every email to an address (the unsubscribe page)',
        querystring: z.object({ email: z.string().max(320) }),
      },
    },
    async (request) => {
      const email = request.query.email.trim().toLowerCase();
      if (!isValidEmail(email)) {
        throw new AppError('validation_failed', [
          { detail: "Hmm. That email doesn't look right", parameter: 'email' },
        ]);
      }
      await ctx.db.insert(emailOptOuts).values({ email }).onConflictDoNothing();
      await ctx.db
        .update(users)
        .set({
          communicationPrefs: sql`${users.communicationPrefs} || '{"all_communications": false, "email_reminders": false, "email_weekly_reports": false, "email_tips": false}'::jsonb`,
        })
        .where(sql`lower(${users.email}) = ${email}`);
      // The same answer whether or not the address is a user's: the page must not reveal who is signed up.
      return document(resource('email_opt_outs', email, { email, opted_out: true }));
    },
  );
};
