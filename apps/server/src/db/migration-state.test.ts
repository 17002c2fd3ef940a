import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrationsFolder, recordedAsMigrated, recordMigrated } from './migration-state';

let dataDir: string;
beforeEach(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'meetwell-migrated-'));
});
afterEach(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

const newest = async () => {
  const journal = JSON.parse(
    await fs.readFile(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'),
  ) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((entry) => entry.when));
};
const record = (content: string) => fs.writeFile(path.join(dataDir, 'migrated.json'), content);

describe("the data folder's record of its migrated database", () => {
  it('is written with the newest migration, and then says the database is migrated', async () => {
    expect(await recordedAsMigrated(dataDir)).toBe(false);
    await recordMigrated(dataDir);
    expect(JSON.parse(await fs.readFile(path.join(dataDir, 'migrated.json'), 'utf8'))).toEqual({
      migration: await newest(),
    });
    expect(await fs.readdir(dataDir)).toEqual(['migrated.json']);
    expect(await recordedAsMigrated(dataDir)).toBe(true);
  });

  it('of an older build (a migration since) does not say so', async () => {
    await record(JSON.stringify({ migration: (await newest()) - 1 }));
    expect(await recordedAsMigrated(dataDir)).toBe(false);
  });

  it('of a newer build (started again after a downgrade) says so, as the migrator would apply nothing', async () => {
    await record(JSON.stringify({ migration: (await newest()) + 1 }));
    expect(await recordedAsMigrated(dataDir)).toBe(true);
  });

  it.each([
    ['half-written', '{"migration": 17958'],
    ['empty', ''],
    ['null', 'null'],
    ['of another shape', JSON.stringify({ migration: String(Number.MAX_SAFE_INTEGER) })],
  ])('%s does not say so', async (_shape, content) => {
    await record(content);
    expect(await recordedAsMigrated(dataDir)).toBe(false);
  });
});
