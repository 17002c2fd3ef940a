import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { startEmbeddedDatabase } from '../../db/embedded';
import { subscriptions, users } from '../../db/schema';
import { createTestContext, type TestContext } from '../../test/context';
import { createUser } from '../../test/factories';
import { openAdminDatabase } from './admin-database';
import { expireTrials } from './trials';

const run = promisify(execFile);
const here = path.dirname(fileURLToPath(import.meta.url));
const serverRoot = path.resolve(here, '../../..');
const DAY = 86_400_000;

describe('npm run admin -- extend-trial', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  const admin = (args: string[]) =>
    run(process.execPath, ['--import', 'tsx', path.join(here, 'admin.ts'), ...args], {
      cwd: serverRoot,
      env: { ...process.env, DATABASE_URL: ctx.databaseUrl, NODE_ENV: 'test', INIT_CWD: serverRoot },
    });

  it("extends the company's trial and lets its members back in, from the command line", async () => {
    const owner = await createUser(ctx);
    await ctx.db
      .update(subscriptions)
      .set({ trialEndsAt: new Date(Date.now() - DAY) })
      .where(eq(subscriptions.companyId, owner.companyId!));
    await expireTrials(ctx.db, new Date());
    const { stdout } = await admin(['extend-trial', owner.email, '10']);
    expect(stdout).toMatch(/now ends .*1 member\(s\) re-activated/);
    const [user] = await ctx.db.select().from(users).where(eq(users.id, owner.id));
    expect(user!.deactivatedAt).toBeNull();
    const [trial] = await ctx.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.companyId, owner.companyId!));
    expect(trial!.trialEndsAt!.getTime()).toBeGreaterThan(Date.now() + 9 * DAY);
  });

  it('shows the usage (exit 2) and refuses an unknown address (exit 1)', async () => {
    await expect(admin(['extend-trial', 'x@y.test'])).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('extend-trial <email> <days>'),
    });
    await expect(admin(['extend-trial', 'nobody@nowhere.test', '3'])).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('No account uses nobody@nowhere.test.'),
    });
  });
});

describe('the embedded database of an admin command', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'meetwell-admin-'));
    await fs.chmod(dataDir, 0o755);
  });
  afterAll(async () => {
    await fs.rm(dataDir, { recursive: true, force: true });
  });
  const config = () => loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });

  it('asks for a first start when DATA_DIR holds no database', async () => {
    await expect(openAdminDatabase(config(), () => {})).rejects.toThrow(/start the server once/);
  });

  it("joins a running server's database without stopping it, else starts one for the command", async () => {
    const server = await startEmbeddedDatabase({ dataDir, databaseName: 'meetwell' });
    try {
      const lines: string[] = [];
      const joined = await openAdminDatabase(config(), (line) => lines.push(line));
      expect((await joined.pool.query('select 1 as one')).rows[0].one).toBe(1);
      await joined.close();
      expect(lines[0]).toMatch(/running server/);
      // The server's own connection still works: the command never stopped its database.
      const client = new pg.Client({ connectionString: server.url });
      await client.connect();
      expect((await client.query('select current_database() as name')).rows[0].name).toBe('meetwell');
      await client.end();
    } finally {
      await server.stop();
    }
    const lines: string[] = [];
    const started = await openAdminDatabase(config(), (line) => lines.push(line));
    expect((await started.pool.query('select 1 as one')).rows[0].one).toBe(1);
    await started.close();
    expect(lines[0]).toMatch(/for this command/);
    await expect(fs.stat(path.join(dataDir, 'postgres', 'postmaster.pid'))).rejects.toThrow();
  }, 60_000);
});
