import { loadConfig } from '../../config';
import { ADMIN_USAGE, parseAdminCommand, runAdminCommand } from './admin-commands';
import { openAdminDatabase } from './admin-database';

/**
 * `npm run admin -w @meetwell/server -- extend-trial <email> <days>`: run against the same database as the
 * server (DATABASE_URL, else the embedded one in DATA_DIR, read from the folder npm was started in).
 */
async function main() {
  const command = parseAdminCommand(process.argv.slice(2));
  if (!command) {
    console.error(ADMIN_USAGE);
    return 2;
  }
  const config = loadConfig();
  const database = await openAdminDatabase(config, (line) => console.log(`[meetwell] ${line}`));
  try {
    return await runAdminCommand(command, {
      db: database.db,
      now: new Date(),
      out: (line) => console.log(line),
      fail: (line) => console.error(line),
    });
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
