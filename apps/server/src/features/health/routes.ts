import { healthDocument } from '@meetwell/domain';
import { sql } from 'drizzle-orm';
import type { FeatureRoutes } from '../../http/app';
import { databaseUnavailable } from '../../http/errors';
import { document, resource } from '../../http/jsonapi';

export const healthRoutes: FeatureRoutes = (app, ctx) => {
  app.get(
    '/api/v1/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database reachability',
        response: { 200: healthDocument },
      },
      config: { rateLimit: false },
    },
    async () => {
      try {
        await ctx.db.execute(sql`select 1`);
      } catch {
        throw databaseUnavailable();
      }
      return document(
        resource('health', 'health', {
          status: 'ok' as const,
          database: 'ok' as const,
          time: ctx.now().toISOString(),
        }),
      );
    },
  );
};
