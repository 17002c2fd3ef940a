import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { calendarSources } from '../db/schema';

/** Stores the bytes of an imported file for its calendar (replacing what was there). */
export async function saveCalendarSource(
  db: Pick<Database, 'insert'>,
  calendarId: string,
  content: Buffer | string,
  /** The context's clock (the time the replaced bytes were stored). */
  now: Date = new Date(),
): Promise<void> {
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  await db
    .insert(calendarSources)
    .values({ calendarId, content: bytes })
    .onConflictDoUpdate({
      target: calendarSources.calendarId,
      set: { content: bytes, updatedAt: now },
    });
}

/** Large files are read in parts: one 20 MB value would be decoded in a single long pause of the event loop. */
const PART_BYTES = 1024 * 1024;

/** The bytes of an imported file, or undefined for a calendar without one. */
export async function loadCalendarSource(db: Database, calendarId: string): Promise<Buffer | undefined> {
  const [row] = await db
    .select({ size: sql<number>`octet_length(${calendarSources.content})` })
    .from(calendarSources)
    .where(eq(calendarSources.calendarId, calendarId));
  if (!row) return undefined;
  const parts: Buffer[] = [];
  for (let offset = 0; offset < row.size || parts.length === 0; offset += PART_BYTES) {
    const [part] = await db
      .select({
        bytes: sql<Buffer>`substring(${calendarSources.content} from ${offset + 1} for ${PART_BYTES})`,
      })
      .from(calendarSources)
      .where(eq(calendarSources.calendarId, calendarId));
    if (!part) return undefined;
    parts.push(Buffer.from(part.bytes));
  }
  return Buffer.concat(parts);
}
