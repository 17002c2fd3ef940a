import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { registerPublicPages, type SendAppPage } from '../public-pages';
import { sendError } from './error-handling';

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers a page of the web app (a feature's own page, e.g. the unsubscribe page); null without a build. */
    sendAppPage: SendAppPage | null;
  }
}

/**
 * The web app, when a build is at `webDist`: every page with a public page's own <head>, robots.txt, sitemap.xml
 * and the blog feed (public-pages.ts), the built files, and the app's page for any other GET outside the API.
 * Unknown API paths, assets and other methods get a JSON:API not_found.
 */
const webAppPlugin: FastifyPluginAsync<{ config: Config; webDist?: string | undefined }> = async (
  app,
  { config, webDist },
) => {
  const serveWeb = webDist !== undefined && fs.existsSync(path.join(webDist, 'index.html'));
  const sendAppPage = serveWeb ? await registerPublicPages(app, config, webDist) : null;
  app.decorate('sendAppPage', sendAppPage);

  app.setNotFoundHandler((request, reply) => {
    const isApi =
      request.url.startsWith('/api/') ||
      request.url.startsWith('/cable') ||
      request.url.startsWith('/webhooks/');
    // A missing (or private) file under assets/ is a 404, not the app's page under a script's name.
    const isAsset = request.url.startsWith('/assets/');
    if (!isApi && !isAsset && sendAppPage && (request.method === 'GET' || request.method === 'HEAD')) {
      return sendAppPage(request.url, reply);
    }
    return sendError(reply, 'not_found', [
      { detail: `No route for ${request.method} ${request.url.split('?')[0]}.` },
    ]);
  });

  if (!serveWeb || !sendAppPage) return;
  await app.register(fastifyStatic, {
    root: webDist,
    // Read at request time, so a rebuilt web app is served without a restart.
    wildcard: true,
    index: false,
    // The build writes .br and .gz beside each script and style: sent as they are when the client takes them.
    preCompressed: true,
    // Source maps are for development; a production server keeps them unless SOURCE_MAPS says otherwise.
    allowedPath: (pathName) => config.serveSourceMaps || !pathName.endsWith('.map'),
    setHeaders: (reply, filePath) => {
      // Vite fingerprints the files under assets/: they never change, so browsers may keep them.
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      }
    },
  });
  app.get('/', (request, reply) => sendAppPage(request.url, reply));
};

export const webApp = fp(webAppPlugin, { name: 'meetwell-web-app' });
