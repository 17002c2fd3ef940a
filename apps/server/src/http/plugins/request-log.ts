import type { FastifyPluginAsync, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';

/** Fastify's logger: off when silent; session tokens that ride in ?token= (the cable) never reach the logs. */
export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  if (config.logLevel === 'silent') return false;
  return {
    level: config.logLevel,
    serializers: {
      req: (request) => ({
        method: request.method,
        url: request.url.replace(/([?&](?:token|validationToken)=)[^&]*/g, '$1[redacted]'),
        remoteAddress: request.ip,
      }),
    },
  };
}

/**
 * One line per request at most, instead of Fastify's two: every request at trace, debug and info; at warn
 * (production's default) only failed ones, and a successful request builds no line.
 */
const requestLogPlugin: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  const logsEveryRequest = ['trace', 'debug', 'info'].includes(config.logLevel);
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode < 500 && !logsEveryRequest) return;
    const line = {
      method: request.method,
      url: request.routeOptions.url ?? request.url.split('?')[0],
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    };
    if (reply.statusCode >= 500) request.log.error(line, 'request failed');
    else request.log.info(line, 'request');
  });
};

export const requestLog = fp(requestLogPlugin, { name: 'meetwell-request-log' });
