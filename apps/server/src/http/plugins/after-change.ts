import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { forgetCachedSessions } from '../../auth/sessions';
import { changesState } from './security';

/** Told who changed something, before the reply of their request that changed state (POST, PATCH, …). */
export type ChangeListener = (userId: string) => void;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Registers a listener for every signed-in request that changes state, across all routes: a feature
     * drops what it keeps of that person's reads (http never imports features; they register here).
     */
    afterChange(listener: ChangeListener): void;
  }
}

/**
 * A change made through a request is seen by the next read in this process: what features keep of the
 * caller's reads (their afterChange listeners, e.g. the week cache) and the cached sessions go before the reply.
 */
const afterChangePlugin: FastifyPluginAsync = async (app) => {
  const changeListeners: ChangeListener[] = [];
  app.decorate('afterChange', (listener: ChangeListener) => {
    changeListeners.push(listener);
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    if (!request.auth) return payload;
    if (changesState(request)) {
      for (const listener of changeListeners) listener(request.auth.user.id);
      forgetCachedSessions();
    }
    return payload;
  });
};

export const afterChange = fp(afterChangePlugin, { name: 'meetwell-after-change' });
