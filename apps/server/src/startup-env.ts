import path from 'node:path';

/**
 * What a start needs before the configuration is validated (config.ts, whose schema library takes tens of
 * milliseconds to load): where the embedded database lives and where the early port opens. main.ts starts
 * PostgreSQL and opens the port from these while the rest loads; config.ts reads the same defaults.
 */
export const DEFAULT_PORT = 3000;
export const DEFAULT_HOST = '0.0.0.0';
export const DEFAULT_DATA_DIR = './data';

export class ConfigError extends Error {}

type StartupEnv = {
  DATA_DIR?: string | undefined;
  INIT_CWD?: string | undefined;
  PORT?: string | undefined;
  HOST?: string | undefined;
  ROLE?: string | undefined;
};

/** DATA_DIR, a relative one read from the folder `npm start` was typed in (INIT_CWD, set by npm). */
export function resolveDataDir(env: Pick<StartupEnv, 'DATA_DIR' | 'INIT_CWD'>): string {
  return path.resolve(env.INIT_CWD ?? process.cwd(), env.DATA_DIR ?? DEFAULT_DATA_DIR);
}

/**
 * Where the early port opens (early-listener.ts): nowhere for the jobs role, nor for HOST=localhost (which
 * Fastify binds on each of its addresses itself), nor when PORT is not a port (the configuration says why).
 */
export function earlyAddress(env: StartupEnv): { port: number; host: string } | null {
  const port = Number(env.PORT ?? DEFAULT_PORT);
  const host = env.HOST ?? DEFAULT_HOST;
  if (env.ROLE === 'work' || host === 'localhost') return null;
  if (!Number.isInteger(port) || port < 0 || port > 65_535) return null;
  return { port, host };
}
