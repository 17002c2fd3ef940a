import { sql } from 'drizzle-orm';
import type { FeatureRoutes } from '../../http/app';
import { databaseUnavailable } from '../../http/errors';
import { document, resource } from '../../http/jsonapi';

export const healthRoutes: FeatureRoutes = (app, ctx) => {
  app.get(
    '/api/v1/health',
    {
      schema: { tags: ['health'], summary: 'Liveness and database reachability' },
      config: { rateLimit: false },
    },
    async () => {
      try {
        await ctx.db.execute(sql`select 1`);
      } catch {
        throw databaseUnavailable();
      }
      return document(
        resource('health', 'health', { status: 'ok', database: 'ok', time: ctx.now().toISOString() }),
      );
    },
  );
};
