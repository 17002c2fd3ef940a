import { spawnSync } from 'node:child_process';
import { SERVER_NODE_FLAGS } from '../apps/server/src/node-flags';

/**
 * A bench that runs server code in its own process measures it under the flags the server runs with
 * (apps/server/src/node-flags.ts): started without them (`npx tsx bench/x.bench.ts`), it runs itself again
 * with them and ends with that run's exit code. Returns only when the flags are already set.
 */
export function runUnderServerFlags(): void {
  const missing = SERVER_NODE_FLAGS.filter((flag) => !process.execArgv.includes(flag));
  if (missing.length === 0) return;
  const run = spawnSync(process.execPath, [...missing, ...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
  });
  process.exit(run.status ?? 1);
}
