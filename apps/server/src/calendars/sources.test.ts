import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactionWithClient } from '../db/client';
import { calendars } from '../db/schema';
import { createTestContext, type TestContext } from '../test/context';
import { createUser } from '../test/factories';
import { decodeBase64InTurns, loadCalendarSource, saveCalendarSource } from './sources';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

async function icsCalendar() {
  const user = await createUser(ctx);
  const [calendar] = await ctx.db
    .insert(calendars)
    .values({ userId: user.id, provider: 'ics', externalId: `file-${user.id}`, name: 'File' })
    .returning();
  return calendar!.id;
}

describe('imported files', () => {
  it('come back byte for byte, whether empty, small or large', async () => {
    for (const size of [0, 10, 57, 1024 * 1024, 20 * 1024 * 1024 + 7]) {
      const id = await icsCalendar();
      const bytes = randomBytes(size);
      await saveCalendarSource(ctx.pool, id, bytes);
      const loaded = await loadCalendarSource(ctx.db, id);
      expect(loaded?.length).toBe(size);
      expect(loaded?.equals(bytes)).toBe(true);
    }
  });

  it('are replaced by the file stored after them, in a transaction of their own or the caller’s', async () => {
    const id = await icsCalendar();
    await saveCalendarSource(ctx.pool, id, 'first version');
    const second = randomBytes(3 * 1024 * 1024 + 1);
    await saveCalendarSource(ctx.pool, id, second);
    expect((await loadCalendarSource(ctx.db, id))?.equals(second)).toBe(true);
    // A caller's transaction that rolls back keeps the file before it.
    await transactionWithClient(ctx.pool, async (_tx, client) => {
      await saveCalendarSource(client, id, 'never kept');
      throw new Error('rolled back');
    }).catch(() => {});
    expect((await loadCalendarSource(ctx.db, id))?.equals(second)).toBe(true);
  });

  it('are undefined for a calendar without a file', async () => {
    expect(await loadCalendarSource(ctx.db, await icsCalendar())).toBeUndefined();
  });
});

describe('a large file’s base64', () => {
  /** PostgreSQL's own form: a line break after every 76 characters. */
  const brokenEvery76 = (text: string) => text.replace(/.{76}/g, '$&\n');

  it('decodes byte for byte in pieces, with or without line breaks, whatever its size', async () => {
    for (const size of [0, 5, 786_432, 786_433, 3 * 1024 * 1024 + 5]) {
      const bytes = randomBytes(size);
      const base64 = bytes.toString('base64');
      expect((await decodeBase64InTurns(base64)).equals(bytes)).toBe(true);
      expect((await decodeBase64InTurns(brokenEvery76(base64))).equals(bytes)).toBe(true);
    }
  });

  it('lets other work run while it is decoded', async () => {
    const base64 = brokenEvery76(randomBytes(4 * 1024 * 1024).toString('base64'));
    let otherWorkRan = false;
    setImmediate(() => {
      otherWorkRan = true;
    });
    const decoding = decodeBase64InTurns(base64);
    expect(otherWorkRan).toBe(false);
    await decoding;
    expect(otherWorkRan).toBe(true);
  });
});
