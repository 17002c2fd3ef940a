import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { SESSION_COOKIE } from '../../auth/sessions';

/**
 * The API's OpenAPI description, built from the routes' zod schemas, and its explorer under /api/docs: always in
 * development, in production only when API_DOCS says so (`serveExplorer`).
 */
const apiDocsPlugin: FastifyPluginAsync<{ serveExplorer: boolean }> = async (app, { serveExplorer }) => {
  await app.register(swagger, {
    openapi: {
      info: { title: 'MeetWell API', version: '1.0.0', description: 'JSON:API documents under /api/v1.' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          cookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  if (serveExplorer) await app.register(swaggerUi, { routePrefix: '/api/docs' });
};

export const apiDocs = fp(apiDocsPlugin, { name: 'meetwell-api-docs' });
