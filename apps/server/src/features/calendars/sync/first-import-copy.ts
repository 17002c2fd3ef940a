import { eq } from 'drizzle-orm';
import type pg from 'pg';
import type { BulkColumn } from '../../../db/bulk';
import type { Database } from '../../../db/client';
import { copyBody, copyRows, sendCopy } from '../../../db/copy';
import { meetings } from '../../../db/schema';
import { mapInTurns, nextTurn, turnsOfWork } from '../../../lib/next-turn';
import type { FirstImportScoring, NewMeeting, Prescored } from '../../evaluation/first-import';
import type { TouchedSpan } from '../../evaluation/spans';
import { AGENDA_COLUMNS, addChildRows, noChildRows, OBJECTIVE_COLUMNS, PREWORK_COLUMNS } from './child-rows';
import {
  BATCH,
  chunks,
  MEETING_COLUMNS,
  type PreparedEvent,
  type StoreTarget,
  type Written,
} from './meeting-row';

/**
 * Scores a first import's meetings before they are inserted (features/evaluation/first-import): given by the
 * caller, so that storing knows nothing of scoring. Without it every stored meeting is left to re-evaluation.
 */
export type FirstImportScorer = (
  tx: Pick<Database, 'select'>,
  userId: string,
  newMeetings: NewMeeting[],
) => Promise<FirstImportScoring | null>;

/** A first import's scoring: the other meetings to re-evaluate after, and how to score a batch before its insert. */
export type Prescore = { others: TouchedSpan[]; score: (batch: PreparedEvent[]) => Prescored[] };
/** A prescored meeting as a re-evaluation would write it: its own id, its evaluation, when it was evaluated. */
type PrescoredRow = { prepared: PreparedEvent; scored: Prescored; evaluatedAt: Date };
const PRESCORED_COLUMNS: readonly BulkColumn<PrescoredRow>[] = [
  ['id', 'uuid', (p) => p.scored.id],
  ...MEETING_COLUMNS.map(
    ([name, type, read]) => [name, type, (p: PrescoredRow) => read(p.prepared.row)] as const,
  ),
  ['score', 'integer', (p) => p.scored.score],
  ['quality_label', 'text', (p) => p.scored.qualityLabel],
  ['evaluation', 'json', (p) => p.scored.evaluation],
  ['cost', 'integer', (p) => p.scored.cost],
  ['evaluated_at', 'timestamptz', (p) => p.evaluatedAt],
];

/**
 * A first import (the calendar holds no meeting yet, each event once) has its events scored before they are
 * inserted, by the scorer the caller gives; the user's other meetings around them are re-evaluated after.
 */
export async function prescoreFirstImport(
  tx: Pick<Database, 'select'>,
  target: StoreTarget,
  prepared: PreparedEvent[],
  scorer: FirstImportScorer | undefined,
): Promise<Prescore | null> {
  if (!scorer || prepared.length === 0) return null;
  if (new Set(prepared.map((p) => p.event.providerEventId)).size !== prepared.length) return null;
  const existing = await tx
    .select({ id: meetings.id })
    .from(meetings)
    .where(eq(meetings.calendarId, target.calendarId))
    .limit(1);
  if (existing.length) return null;
  const newMeetings = await mapInTurns(prepared, ({ row, described: { agenda, objectives, prework } }) => ({
    row,
    itemCounts: { agenda: agenda.length, objectives: objectives.length, prework: prework.length },
  }));
  const scoring = await scorer(tx, target.userId, newMeetings);
  if (!scoring) return null;
  const indexOf = new Map(prepared.map((p, i) => [p, i]));
  const score = (batch: PreparedEvent[]) => batch.map((p) => scoring.score(indexOf.get(p)!));
  return { others: scoring.others, score };
}

/**
 * A first import: every event is new and scored, so its meetings go in with one COPY, written batch by batch
 * as each is scored and encoded (PostgreSQL reads one while the next is built), then their items, whose
 * meeting ids are known before the insert. A batch's evaluations are let go once it is written. The calendar
 * held no meeting in this transaction; a meeting inserted beside it breaks the unique (calendar, event) index
 * and rolls the whole import back, to be retried.
 */
export async function copyFirstImport(
  client: pg.PoolClient,
  userId: string,
  prepared: PreparedEvent[],
  prescore: Prescore,
): Promise<Written> {
  // The import announces its one owner to the read caches itself, at commit, and says so for this transaction:
  // its meetings' and items' insert triggers then skip theirs (migrations 0012, 0019), which would otherwise
  // gather every new row to find that one id.
  const { rows } = await client.query<{ now: Date }>(
    `select now() as now, set_config('meetwell.meetings_announced', 'on', true),
            meetwell_announce_changed_users('meetings.changed', array[$1::text])`,
    [userId],
  );
  const evaluatedAt = rows[0]!.now;
  const written: Written = { changedMeetingIds: [], touched: [] };
  const children = noChildRows();
  const meetingRows = copyRows(PRESCORED_COLUMNS);
  // Each meeting is scored and encoded in turn; what a slice of work encoded goes to PostgreSQL as one body.
  async function* meetingBodies() {
    const turns = turnsOfWork();
    let rows = 0;
    for (const p of prepared) {
      const [scored] = prescore.score([p]);
      written.changedMeetingIds.push(scored!.id);
      written.touched.push({ from: p.event.startsAt, to: p.event.endsAt });
      addChildRows(children, scored!.id, p);
      meetingRows.add({ prepared: p, scored: scored!, evaluatedAt });
      if (++rows === BATCH || turns.due()) {
        yield meetingRows.take();
        rows = 0;
        await turns.take();
      }
    }
    if (rows > 0) yield meetingRows.take();
  }
  await sendCopy(client, 'meetings', PRESCORED_COLUMNS, meetingBodies());
  await sendCopy(client, 'agenda_items', AGENDA_COLUMNS, inBatches(AGENDA_COLUMNS, children.agenda));
  await sendCopy(client, 'objectives', OBJECTIVE_COLUMNS, inBatches(OBJECTIVE_COLUMNS, children.objectives));
  await sendCopy(client, 'prework_items', PREWORK_COLUMNS, inBatches(PREWORK_COLUMNS, children.prework));
  return written;
}

/** Rows as COPY bodies of a batch each, encoded one by one with turns of the event loop between. */
async function* inBatches<Row>(columns: readonly BulkColumn<Row>[], rows: Row[]) {
  for (const batch of chunks(rows, BATCH)) {
    await nextTurn();
    yield copyBody(columns, batch);
  }
}
