import { and, eq, gte, lt, or, type SQL, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { CalendarEvent, SyncResult, SyncWindow } from '../../../calendars/types';
import { type BulkColumn, bulkInsert, inValues, jsonValues, notInValues } from '../../../db/bulk';
import { type Database, transactionWithClient } from '../../../db/client';
import { copyBody, sendCopy } from '../../../db/copy';
import { agendaItems, attendees, meetings, objectives, preworkItems } from '../../../db/schema';
import { nextTurn } from '../../../lib/next-turn';
import type { FirstImportScoring, NewMeeting, Prescored } from '../../evaluation/first-import';
import type { TouchedSpan } from '../../evaluation/spans';
import { coverOccurrencesOfConvertedSeries } from './converted-series';
import { describeEvent } from './describe-event';
import { contentHash, eventKey } from './event-key';

export type StoreTarget = {
  calendarId: string;
  userId: string;
  companyId: string | null;
  ownerEmail: string;
};

/**
 * Scores a first import's meetings before they are inserted (features/evaluation/first-import): given by the
 * caller, so that storing knows nothing of scoring. Without it every stored meeting is left to re-evaluation.
 */
export type FirstImportScorer = (
  tx: Pick<Database, 'select'>,
  userId: string,
  newMeetings: NewMeeting[],
) => Promise<FirstImportScoring | null>;

export type StoreOutcome = {
  changedMeetingIds: string[];
  deletedMeetingIds: string[];
  touched: TouchedSpan[];
  /**
   * The spans that still need reevaluateSpans: `touched`, unless this was a first import whose meetings were
   * scored before they were inserted; then only the user's other meetings around them (and what vanished).
   */
  rescore: TouchedSpan[];
  /** The calendar held no meeting before this result (its meetings were scored before they were inserted). */
  firstImport: boolean;
};

const BATCH = 1000;
const PREPARE_SLICE = 500;
/** The events MeetWell wrote for Wellness blocks carry the block's id (see wellness-blocks/calendar-event). */
const WELLNESS_BLOCK_MARKER =
  /^wellness-block:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

type MeetingRow = ReturnType<typeof meetingRow>['row'];
type AttendeeRow = typeof attendees.$inferInsert;
type AgendaRow = { meetingId: string; description: string; durationInMins: number | null; position: number };
type ObjectiveRow = { meetingId: string; description: string; position: number };
type PreworkRow = { meetingId: string; description: string; url: string | null; position: number };

const MEETING_COLUMNS: readonly BulkColumn<MeetingRow>[] = [
  ['user_id', 'uuid', (r) => r.userId],
  ['company_id', 'uuid', (r) => r.companyId],
  ['calendar_id', 'uuid', (r) => r.calendarId],
  ['provider_event_id', 'text', (r) => r.providerEventId],
  ['ical_uid', 'text', (r) => r.icalUid],
  ['event_key', 'text', (r) => r.eventKey],
  ['recurring_event_id', 'text', (r) => r.recurringEventId],
  ['recurring_meeting', 'boolean', (r) => r.recurringMeeting],
  ['summary', 'text', (r) => r.summary],
  ['description', 'text', (r) => r.description],
  ['location', 'text', (r) => r.location],
  ['conference_url', 'text', (r) => r.conferenceUrl],
  ['starts_at', 'timestamptz', (r) => r.startsAt],
  ['ends_at', 'timestamptz', (r) => r.endsAt],
  ['all_day', 'boolean', (r) => r.allDay],
  ['status', 'text', (r) => r.status],
  ['organizer_email', 'text', (r) => r.organizerEmail],
  ['organizer_domain', 'text', (r) => r.organizerDomain],
  ['organizer_name', 'text', (r) => r.organizerName],
  ['response_status', 'text', (r) => r.responseStatus],
  ['user_optional', 'boolean', (r) => r.userOptional],
  ['attendees_count', 'integer', (r) => r.attendeesCount],
  ['invited_at', 'timestamptz', (r) => r.invitedAt],
  ['provider_updated_at', 'timestamptz', (r) => r.providerUpdatedAt],
  ['etag', 'text', (r) => r.etag],
  ['sequence', 'integer', (r) => r.sequence],
  ['content_hash', 'text', (r) => r.contentHash],
  ['edit_permission', 'boolean', (r) => r.editPermission],
  ['duration_seconds', 'integer', (r) => r.durationSeconds],
  ['intention', 'text', (r) => r.intention],
  ['maybe_wellness_block', 'text', (r) => r.maybeWellnessBlock],
  ['maybe_wellness_block_category', 'text', (r) => r.maybeWellnessBlockCategory],
  ['event_report_card_id', 'text', (r) => r.eventReportCardId],
  ['wellness_block_id', 'uuid', (r) => r.wellnessBlockId],
  ['updated_at', 'timestamptz', (r) => r.updatedAt],
];

/** Provider fields are refreshed; what the user decided (a chosen intention, a possible-block answer) stays. */
const UPSERT_MEETING = sql.raw(`on conflict (calendar_id, provider_event_id) do update set
  ${MEETING_COLUMNS.filter(
    ([name]) =>
      ![
        'user_id',
        'company_id',
        'calendar_id',
        'provider_event_id',
        'intention',
        'maybe_wellness_block',
        'wellness_block_id',
        'event_report_card_id',
      ].includes(name),
  )
    .map(([name]) => `"${name}" = excluded."${name}"`)
    .join(',\n  ')},
  "intention" = case when meetings.intention_source = 'chosen' then meetings.intention else excluded.intention end,
  "wellness_block_id" = coalesce(excluded.wellness_block_id, meetings.wellness_block_id),
  "event_report_card_id" = coalesce(excluded.event_report_card_id, meetings.event_report_card_id),
  "maybe_wellness_block" = case when meetings.maybe_wellness_block in ('verified_true', 'verified_false')
    then meetings.maybe_wellness_block else excluded.maybe_wellness_block end
  where meetings.content_hash is distinct from excluded.content_hash
  returning id, provider_event_id, (xmax = 0) as inserted`);

type PreparedEvent = { event: CalendarEvent; prescored?: Prescored } & ReturnType<typeof meetingRow>;
/** A first import's scoring: the other meetings to re-evaluate after, and how to score a batch before its insert. */
type Prescore = { others: TouchedSpan[]; score: (batch: PreparedEvent[]) => void };
/** A prescored meeting as a re-evaluation would write it: its own id, its evaluation, when it was evaluated. */
type PrescoredRow = PreparedEvent & { evaluatedAt: Date };
const PRESCORED_COLUMNS: readonly BulkColumn<PrescoredRow>[] = [
  ['id', 'uuid', (p) => p.prescored!.id],
  ...MEETING_COLUMNS.map(([name, type, read]) => [name, type, (p: PrescoredRow) => read(p.row)] as const),
  ['score', 'integer', (p) => p.prescored!.score],
  ['quality_label', 'text', (p) => p.prescored!.qualityLabel],
  ['evaluation', 'json', (p) => p.prescored!.evaluation],
  ['cost', 'integer', (p) => p.prescored!.cost],
  ['evaluated_at', 'timestamptz', (p) => p.evaluatedAt],
];

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
 * A first import (the calendar holds no meeting yet, each event once) has its events scored before they are
 * inserted, by the scorer the caller gives; the user's other meetings around them are re-evaluated after.
 */
async function prescoreFirstImport(
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
  const newMeetings: NewMeeting[] = [];
  for (let i = 0; i < prepared.length; i += PREPARE_SLICE) {
    if (i > 0) await nextTurn();
    for (const p of prepared.slice(i, i + PREPARE_SLICE)) {
      const { agenda, objectives, prework } = p.described;
      newMeetings.push({
        row: p.row,
        itemCounts: { agenda: agenda.length, objectives: objectives.length, prework: prework.length },
      });
    }
  }
  const scoring = await scorer(tx, target.userId, newMeetings);
  if (!scoring) return null;
  const indexOf = new Map(prepared.map((p, i) => [p, i]));
  const score = (batch: PreparedEvent[]) => {
    for (const p of batch) p.prescored = scoring.score(indexOf.get(p)!);
  };
  return { others: scoring.others, score };
}

const ATTENDEE_COLUMNS: readonly BulkColumn<AttendeeRow>[] = [
  ['meeting_id', 'uuid', (r) => r.meetingId],
  ['email', 'text', (r) => r.email],
  ['name', 'text', (r) => r.name ?? null],
  ['optional', 'boolean', (r) => r.optional ?? false],
  ['organizer', 'boolean', (r) => r.organizer ?? false],
  ['is_self', 'boolean', (r) => r.isSelf ?? false],
  ['response_status', 'text', (r) => r.responseStatus ?? 'needsAction'],
  ['role', 'text', (r) => r.role ?? null],
];
const PARSED = (): BulkColumn<{ meetingId: string; description: string; position: number }>[] => [
  ['meeting_id', 'uuid', (r) => r.meetingId],
  ['description', 'text', (r) => r.description],
  ['position', 'integer', (r) => r.position],
  ['source', 'text', () => 'parsed'],
];
const AGENDA_COLUMNS: readonly BulkColumn<AgendaRow>[] = [
  ...PARSED(),
  ['duration_in_mins', 'integer', (r) => r.durationInMins],
];
const OBJECTIVE_COLUMNS: readonly BulkColumn<ObjectiveRow>[] = PARSED();
const PREWORK_COLUMNS: readonly BulkColumn<PreworkRow>[] = [...PARSED(), ['url', 'text', (r) => r.url]];

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function meetingRow(target: StoreTarget, event: CalendarEvent, now: Date) {
  const described = describeEvent(event, target.ownerEmail);
  return {
    row: {
      userId: target.userId,
      companyId: target.companyId,
      calendarId: target.calendarId,
      providerEventId: event.providerEventId,
      icalUid: event.icalUid ?? null,
      eventKey: eventKey(event),
      recurringEventId: event.recurringEventId ?? null,
      recurringMeeting: Boolean(event.recurringEventId),
      summary: event.summary,
      description: event.description,
      location: event.location ?? null,
      conferenceUrl: described.conferenceUrl,
      startsAt: event.startsAt,
      endsAt: event.endsAt,
      allDay: event.allDay,
      status: event.status,
      organizerEmail: described.organizerEmail,
      organizerDomain: described.organizerEmail?.split('@')[1] ?? null,
      organizerName: event.organizer?.name ?? null,
      responseStatus: described.responseStatus,
      userOptional: described.userOptional,
      attendeesCount: described.attendeesCount,
      invitedAt: event.createdAt ?? null,
      providerUpdatedAt: event.updatedAt ?? null,
      etag: event.etag ?? null,
      sequence: event.sequence ?? 0,
      contentHash: contentHash(event),
      editPermission: event.canEdit,
      durationSeconds: Math.max(0, Math.round((event.endsAt.getTime() - event.startsAt.getTime()) / 1000)),
      intention: described.intention,
      maybeWellnessBlock: described.maybeWellnessBlock ? ('true' as const) : null,
      maybeWellnessBlockCategory: described.maybeWellnessBlockCategory,
      eventReportCardId: event.appMarker?.startsWith('report-card:') ? event.appMarker : null,
      wellnessBlockId: WELLNESS_BLOCK_MARKER.exec(event.appMarker ?? '')?.[1] ?? null,
      updatedAt: now,
    },
    described,
  };
}

type ChildRows = {
  attendees: AttendeeRow[];
  agenda: AgendaRow[];
  objectives: ObjectiveRow[];
  prework: PreworkRow[];
};

/** The attendees (each address once) and the items parsed from the description of one stored meeting. */
function addChildRows(into: ChildRows, meetingId: string, p: PreparedEvent, ownerEmail: string) {
  const emails = new Set<string>();
  const owner = ownerEmail.toLowerCase();
  for (const a of p.event.attendees) {
    const email = a.email.toLowerCase();
    if (emails.has(email)) continue;
    emails.add(email);
    into.attendees.push({
      meetingId,
      email,
      name: a.name ?? null,
      optional: a.optional,
      organizer: a.organizer,
      isSelf: a.self || email === owner,
      responseStatus: a.responseStatus,
      role: a.role ?? null,
    });
  }
  for (const [position, item] of p.described.agenda.entries()) {
    into.agenda.push({
      meetingId,
      description: item.description,
      durationInMins: item.durationInMins,
      position,
    });
  }
  for (const [position, description] of p.described.objectives.entries()) {
    into.objectives.push({ meetingId, description, position });
  }
  for (const [position, item] of p.described.prework.entries()) {
    into.prework.push({ meetingId, description: item.description, url: item.url, position });
  }
}

const noChildRows = (): ChildRows => ({ attendees: [], agenda: [], objectives: [], prework: [] });

/** What storing the events wrote: the meetings inserted or changed, and the spans they touched. */
type Written = { changedMeetingIds: string[]; touched: TouchedSpan[] };

/**
 * A first import: every event is new and scored, so each batch goes in with COPY (meetings, then their
 * attendees and items, whose meeting ids are known before the insert), while the next batch is scored and
 * encoded. The calendar held no meeting in this transaction; a meeting inserted beside it breaks the unique
 * (calendar, event) index and rolls the whole import back, to be retried.
 */
async function copyFirstImport(
  client: pg.PoolClient,
  target: StoreTarget,
  prepared: PreparedEvent[],
  prescore: Prescore,
): Promise<Written> {
  // Its meetings' insert announces their owner to the read caches; their attendees and items need not again
  // (migration 0012): said for this transaction only.
  const { rows } = await client.query<{ now: Date }>(
    "select now() as now, set_config('meetwell.meetings_announced', 'on', true)",
  );
  const evaluatedAt = rows[0]!.now;
  const written: Written = { changedMeetingIds: [], touched: [] };
  let sending: Promise<void> = Promise.resolve();
  for (const batch of chunks(prepared, BATCH)) {
    for (let i = 0; i < batch.length; i += 100) {
      await nextTurn();
      prescore.score(batch.slice(i, i + 100));
    }
    await nextTurn();
    const children = noChildRows();
    for (const p of batch) {
      const id = p.prescored!.id;
      written.changedMeetingIds.push(id);
      written.touched.push({ from: p.event.startsAt, to: p.event.endsAt });
      addChildRows(children, id, p, target.ownerEmail);
    }
    const bodies = [
      [
        'meetings',
        PRESCORED_COLUMNS,
        copyBody(
          PRESCORED_COLUMNS,
          batch.map((p) => ({ ...p, evaluatedAt })),
        ),
      ],
      ['attendees', ATTENDEE_COLUMNS, copyBody(ATTENDEE_COLUMNS, children.attendees)],
      ['agenda_items', AGENDA_COLUMNS, copyBody(AGENDA_COLUMNS, children.agenda)],
      ['objectives', OBJECTIVE_COLUMNS, copyBody(OBJECTIVE_COLUMNS, children.objectives)],
      ['prework_items', PREWORK_COLUMNS, copyBody(PREWORK_COLUMNS, children.prework)],
    ] as const;
    await sending;
    sending = (async () => {
      for (const [table, columns, body] of bodies)
        await sendCopy(client, table, columns as readonly BulkColumn<never>[], body);
    })();
    sending.catch(() => {}); // awaited above or below; a failure while the next batch is built must not go unhandled
  }
  await sending;
  return written;
}

/**
 * Any later sync: upserts by (calendar, provider id), changing only the meetings whose content changed, and
 * rewrites the attendees and parsed items of those. The next batch's statement is built while PostgreSQL runs
 * the current one; a batch's child rows go in with the statement of the next (data-modifying CTEs).
 */
async function upsertEvents(tx: Database, target: StoreTarget, all: PreparedEvent[]): Promise<Written> {
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
    // A meeting just inserted has no attendees or items yet.
    const updatedIds = rows.filter((r) => !r.inserted).map((r) => r.id);
    if (updatedIds.length) {
      await tx.delete(attendees).where(inValues(attendees.meetingId, updatedIds, 'uuid'));
      await tx
        .delete(agendaItems)
        .where(and(inValues(agendaItems.meetingId, updatedIds, 'uuid'), eq(agendaItems.source, 'parsed')));
      await tx
        .delete(objectives)
        .where(and(inValues(objectives.meetingId, updatedIds, 'uuid'), eq(objectives.source, 'parsed')));
      await tx
        .delete(preworkItems)
        .where(and(inValues(preworkItems.meetingId, updatedIds, 'uuid'), eq(preworkItems.source, 'parsed')));
    }
    const rowsOf = noChildRows();
    for (const r of rows) {
      const p = byProviderId.get(r.provider_event_id)!;
      written.touched.push({ from: p.event.startsAt, to: p.event.endsAt });
      const before = previousSpans.get(r.provider_event_id);
      if (before) written.touched.push({ from: before.startsAt, to: before.endsAt });
      addChildRows(rowsOf, r.id, p, target.ownerEmail);
    }
    if (rowsOf.attendees.length) children.push(bulkInsert('attendees', ATTENDEE_COLUMNS, rowsOf.attendees));
    if (rowsOf.agenda.length) children.push(bulkInsert('agenda_items', AGENDA_COLUMNS, rowsOf.agenda));
    if (rowsOf.objectives.length)
      children.push(bulkInsert('objectives', OBJECTIVE_COLUMNS, rowsOf.objectives));
    if (rowsOf.prework.length) children.push(bulkInsert('prework_items', PREWORK_COLUMNS, rowsOf.prework));
  }
  if (children.length) await tx.execute(withChildren(sql`select 1`));
  return written;
}

/** What vanished: everything in the window not seen (a full result), or what the provider says is gone. */
async function markVanished(
  tx: Database,
  target: StoreTarget,
  result: SyncResult,
  window: SyncWindow,
  now: Date,
): Promise<{ id: string; startsAt: Date; endsAt: Date }[]> {
  const live = or(
    eq(meetings.status, 'confirmed'),
    eq(meetings.status, 'tentative'),
    eq(meetings.status, 'cancelled'),
  );
  const returning = { id: meetings.id, startsAt: meetings.startsAt, endsAt: meetings.endsAt };
  if (result.full) {
    const inWindow = and(
      eq(meetings.calendarId, target.calendarId),
      live,
      lt(meetings.startsAt, window.to),
      gte(meetings.endsAt, window.from),
      // Daily reports kept only in MeetWell (features/daily-report-events) are not the provider's to delete.
      sql`${meetings.providerEventId} is distinct from ${meetings.eventReportCardId}`,
    );
    const seenIds = [...new Set(result.events.map((e) => e.providerEventId))];
    return tx
      .update(meetings)
      .set({ status: 'deleted', updatedAt: now })
      .where(
        seenIds.length
          ? and(inWindow, sql`${meetings.providerEventId} not in ${jsonValues(seenIds)}`)
          : inWindow,
      )
      .returning(returning);
  }
  if (!result.deletedIds.length && !result.completeSeries?.length) return [];
  const conditions = [];
  if (result.deletedIds.length) {
    // A deleted id is one occurrence, or a whole series (its occurrences carry it as recurring id).
    conditions.push(inValues(meetings.providerEventId, result.deletedIds));
    conditions.push(inValues(meetings.recurringEventId, result.deletedIds));
  }
  if (result.completeSeries?.length) {
    const returned = result.events.map((e) => e.providerEventId);
    const seriesGone = and(
      inValues(meetings.recurringEventId, result.completeSeries),
      gte(meetings.endsAt, window.from),
      lt(meetings.startsAt, window.to),
    );
    conditions.push(
      returned.length ? and(seriesGone, notInValues(meetings.providerEventId, returned)) : seriesGone,
    );
  }
  return tx
    .update(meetings)
    .set({ status: 'deleted', updatedAt: now })
    .where(and(eq(meetings.calendarId, target.calendarId), live, or(...conditions)))
    .returning(returning);
}

/**
 * Writes one sync result for one calendar in one transaction: a first import with COPY, any later result by
 * upsert (unchanged events, same content hash, are not touched, so a resync is cheap and idempotent), then
 * marks vanished events deleted.
 */
export async function storeSyncResult(
  pool: pg.Pool,
  target: StoreTarget,
  result: SyncResult,
  window: SyncWindow,
  now: Date,
  options: { scoreFirstImport?: FirstImportScorer } = {},
): Promise<StoreOutcome> {
  return transactionWithClient(pool, async (tx, client) => {
    // Tens of thousands of events are described in slices, with turns of the event loop between.
    const all: PreparedEvent[] = [];
    for (let i = 0; i < result.events.length; i += PREPARE_SLICE) {
      if (i > 0) await nextTurn();
      for (const event of result.events.slice(i, i + PREPARE_SLICE))
        all.push({ event, ...meetingRow(target, event, now) });
    }
    // Set on a first import (its meetings are inserted scored); null: re-evaluate `touched` afterwards.
    const prescore = await prescoreFirstImport(tx, target, all, options.scoreFirstImport);
    const { changedMeetingIds, touched } = prescore
      ? await copyFirstImport(client, target, all, prescore)
      : await upsertEvents(tx, target, all);
    if (all.some((p) => p.event.recurringEventId)) {
      await coverOccurrencesOfConvertedSeries(tx, target.calendarId, changedMeetingIds);
    }
    const vanished = await markVanished(tx, target, result, window, now);
    for (const v of vanished) touched.push({ from: v.startsAt, to: v.endsAt });
    return {
      changedMeetingIds,
      deletedMeetingIds: vanished.map((v) => v.id),
      touched,
      rescore: prescore
        ? [...prescore.others, ...vanished.map((v) => ({ from: v.startsAt, to: v.endsAt }))]
        : touched,
      firstImport: prescore !== null,
    };
  });
}
