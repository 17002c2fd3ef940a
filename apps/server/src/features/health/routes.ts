import { healthEndpoints } from '@meetwell/domain';
import { sql } from 'drizzle-orm';
import type { FeatureRoutes } from '../../http/app';
import { route } from '../../http/endpoint';
import { databaseUnavailable } from '../../http/errors';
import { document, resource } from '../../http/jsonapi';

export const healthRoutes: FeatureRoutes = (app, ctx) => {
  route(
    app,
    healthEndpoints.health,
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
    { config: { rateLimit: false } },
  );
};
