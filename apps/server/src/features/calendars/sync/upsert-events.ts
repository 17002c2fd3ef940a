import { and, eq, type SQL, sql } from 'drizzle-orm';
import { bulkInsert, inValues, jsonValues } from '../../../db/bulk';
import type { Database } from '../../../db/client';
import { agendaItems, meetings, objectives, preworkItems } from '../../../db/schema';
import { nextTurn } from '../../../lib/next-turn';
import { AGENDA_COLUMNS, addChildRows, noChildRows, OBJECTIVE_COLUMNS, PREWORK_COLUMNS } from './child-rows';
import {
  BATCH,
  chunks,
  MEETING_COLUMNS,
  type PreparedEvent,
  type StoreTarget,
  UPSERT_MEETING,
  type Written,
} from './meeting-row';

/** The upsert of the next batch, built while PostgreSQL runs the current one (after a turn of the event loop). */
async function nextUpsert(batch: PreparedEvent[]): Promise<SQL> {
  await nextTurn();
  return bulkInsert(
    'meetings',
    MEETING_COLUMNS,
    batch.map((p) => p.row),
    UPSERT_MEETING,
  );
}

/**
 * Any later sync: upserts by (calendar, provider id), changing only the meetings whose content changed, and
 * rewrites the parsed items of those. The next batch's statement is built while PostgreSQL runs
 * the current one; a batch's child rows go in with the statement of the next (data-modifying CTEs).
 */
export async function upsertEvents(
  tx: Database,
  target: StoreTarget,
  all: PreparedEvent[],
): Promise<Written> {
  const written: Written = { changedMeetingIds: [], touched: [] };
  if (all.length === 0) return written;
  const batches = chunks(all, BATCH);
  let upsert: SQL | null = await nextUpsert(batches[0]!);

  // Where the events were before this sync: their old spans are touched too.
  const previous = await tx
    .select({
      providerEventId: meetings.providerEventId,
      startsAt: meetings.startsAt,
      endsAt: meetings.endsAt,
    })
    .from(meetings)
    .where(
      and(
        eq(meetings.calendarId, target.calendarId),
        sql`${meetings.providerEventId} in ${jsonValues(all.map((p) => p.event.providerEventId))}`,
      ),
    );
  const previousSpans = new Map(previous.map((p) => [p.providerEventId, p]));
  let children: SQL[] = [];
  const withChildren = (statement: SQL) => {
    if (children.length === 0) return statement;
    const ctes = sql.join(
      children.map((child, i) => sql`${sql.raw(`c${i}`)} as (${child})`),
      sql`, `,
    );
    children = [];
    return sql`with ${ctes} ${statement}`;
  };

  for (const [index, prepared] of batches.entries()) {
    // Drizzle's query promises are lazy: then() starts this one now.
    const pending = tx
      .execute<{ id: string; provider_event_id: string; inserted: boolean }>(withChildren(upsert!))
      .then((r) => r);
    pending.catch(() => {}); // awaited below; a failure while the next batch is built must not go unhandled
    upsert = index + 1 < batches.length ? await nextUpsert(batches[index + 1]!) : null;
    const rows = (await pending).rows;
    if (rows.length === 0) continue;
    const byProviderId = new Map(prepared.map((p) => [p.event.providerEventId, p]));
    const ids = rows.map((r) => r.id);
    written.changedMeetingIds.push(...ids);
    // A meeting just inserted has no items yet.
    const updatedIds = rows.filter((r) => !r.inserted).map((r) => r.id);
    if (updatedIds.length) {
      // Their parsed items go, to be written again below: one statement, one round trip.
      const parsed = (table: typeof agendaItems | typeof objectives | typeof preworkItems) =>
        and(inValues(table.meetingId, updatedIds, 'uuid'), eq(table.source, 'parsed'));
      await tx.execute(sql`with
        g as (delete from ${agendaItems} where ${parsed(agendaItems)}),
        o as (delete from ${objectives} where ${parsed(objectives)}),
        p as (delete from ${preworkItems} where ${parsed(preworkItems)})
        select 1`);
    }
    const rowsOf = noChildRows();
    for (const r of rows) {
      const p = byProviderId.get(r.provider_event_id)!;
      written.touched.push({ from: p.event.startsAt, to: p.event.endsAt });
      const before = previousSpans.get(r.provider_event_id);
      if (before) written.touched.push({ from: before.startsAt, to: before.endsAt });
      addChildRows(rowsOf, r.id, p);
    }
    if (rowsOf.agenda.length) children.push(bulkInsert('agenda_items', AGENDA_COLUMNS, rowsOf.agenda));
    if (rowsOf.objectives.length)
      children.push(bulkInsert('objectives', OBJECTIVE_COLUMNS, rowsOf.objectives));
    if (rowsOf.prework.length) children.push(bulkInsert('prework_items', PREWORK_COLUMNS, rowsOf.prework));
  }
  if (children.length) await tx.execute(withChildren(sql`select 1`));
  return written;
}
