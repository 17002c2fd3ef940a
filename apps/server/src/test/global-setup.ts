import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { makeWorkerUtils } from 'graphile-worker';
import type { TestProject } from 'vitest/node';
import { connectDatabase } from '../db/client';
import { startEmbeddedDatabase } from '../db/embedded';
import { runMigrations } from '../db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseAdminUrl: string;
    templateDatabase: string;
  }
}

const TEMPLATE = 'meetwell_template';

/**
 * One real PostgreSQL for the whole run. A migrated template database is made once; every test file
 * clones it (CREATE DATABASE ... TEMPLATE), so files never see each other's data.
 */
export default async function setup(project: TestProject) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'meetwell-test-pg-'));
  // mkdtemp makes it 0700; as root, PostgreSQL runs as the 'postgres' user and must reach its directory inside.
  await fs.chmod(dataDir, 0o755);
  const database = await startEmbeddedDatabase({ dataDir, databaseName: TEMPLATE, persistent: false });
  const template = connectDatabase(database.url, { max: 2 });
  await runMigrations(template);
  // The job queue's own schema too, so each test file's clone starts ready to enqueue.
  const utils = await makeWorkerUtils({ pgPool: template.pool });
  await utils.migrate();
  await utils.release();
  await template.close();
  project.provide('databaseAdminUrl', database.url.replace(/\/[^/]+$/, '/postgres'));
  project.provide('templateDatabase', TEMPLATE);
  return async () => {
    await database.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  };
}
