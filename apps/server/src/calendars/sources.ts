import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { calendarSources } from '../db/schema';

/** Stores the bytes of an imported file for its calendar (replacing what was there). */
export async function saveCalendarSource(
  db: Pick<Database, 'insert'>,
  calendarId: string,
  content: Buffer | string,
): Promise<void> {
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  await db
    .insert(calendarSources)
    .values({ calendarId, content: bytes })
    .onConflictDoUpdate({
      target: calendarSources.calendarId,
      set: { content: bytes, updatedAt: new Date() },
    });
}

/** The bytes of an imported file, or undefined for a calendar without one. */
export async function loadCalendarSource(db: Database, calendarId: string): Promise<Buffer | undefined> {
  const [row] = await db
    .select({ content: calendarSources.content })
    .from(calendarSources)
    .where(eq(calendarSources.calendarId, calendarId));
  return row?.content;
}
