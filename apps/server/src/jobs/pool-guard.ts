import type pg from 'pg';

/**
 * A pooled client that is checked out when its connection drops emits 'error'; without a listener that
 * crashes the process. graphile-worker installs such listeners itself (with a console warning) when the pool
 * has none; we install ours first. Best placed in connectDatabase, where it makes this a no-op.
 */
export function guardPoolClients(pool: pg.Pool) {
  if (pool.listenerCount('error') === 0) pool.on('error', () => {});
  if (pool.listenerCount('connect') === 0) {
    pool.on('connect', (client) => {
      client.on('error', () => {
        // pg removes the broken client; the query that was using it, if any, fails on its own.
      });
    });
  }
}
