import { and, eq, gte, inArray, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { agendaItems, attendees, meetings, objectives, preworkItems } from '../../db/schema';
import type { CalendarEvent, SyncResult, SyncWindow } from '../types';
import { describeEvent } from './describe-event';
import { contentHash, eventKey } from './event-key';

export type StoreTarget = {
  calendarId: string;
  userId: string;
  companyId: string | null;
  ownerEmail: string;
};

/** A time span whose meetings must be re-evaluated because something in it appeared, moved or vanished. */
export type TouchedSpan = { from: Date; to: Date };

export type StoreOutcome = {
  changedMeetingIds: string[];
  deletedMeetingIds: string[];
  touched: TouchedSpan[];
};

const BATCH = 400;

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
      updatedAt: now,
    },
    described,
  };
}

/**
 * Writes one sync result for one calendar in a transaction: upserts by (calendar, provider id), rewrites the
 * attendees and the items parsed from descriptions of the events that changed, and marks vanished events
 * deleted. Unchanged events (same content hash) are not touched, so a resync is cheap and idempotent.
 */
export async function storeSyncResult(
  db: Database,
  target: StoreTarget,
  result: SyncResult,
  window: SyncWindow,
  now: Date,
): Promise<StoreOutcome> {
  return db.transaction(async (tx) => {
    const changedMeetingIds: string[] = [];
    const touched: TouchedSpan[] = [];
    const seen = new Set<string>();

    for (const batch of chunks(result.events, BATCH)) {
      const prepared = batch.map((event) => ({ event, ...meetingRow(target, event, now) }));
      for (const p of prepared) seen.add(p.event.providerEventId);
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
            inArray(
              meetings.providerEventId,
              prepared.map((p) => p.event.providerEventId),
            ),
          ),
        );
      const previousSpans = new Map(previous.map((p) => [p.providerEventId, p]));
      const written = await tx
        .insert(meetings)
        .values(prepared.map((p) => p.row))
        .onConflictDoUpdate({
          target: [meetings.calendarId, meetings.providerEventId],
          set: {
            icalUid: sql`excluded.ical_uid`,
            eventKey: sql`excluded.event_key`,
            recurringEventId: sql`excluded.recurring_event_id`,
            recurringMeeting: sql`excluded.recurring_meeting`,
            summary: sql`excluded.summary`,
            description: sql`excluded.description`,
            location: sql`excluded.location`,
            conferenceUrl: sql`excluded.conference_url`,
            startsAt: sql`excluded.starts_at`,
            endsAt: sql`excluded.ends_at`,
            allDay: sql`excluded.all_day`,
            status: sql`excluded.status`,
            organizerEmail: sql`excluded.organizer_email`,
            organizerDomain: sql`excluded.organizer_domain`,
            organizerName: sql`excluded.organizer_name`,
            responseStatus: sql`excluded.response_status`,
            userOptional: sql`excluded.user_optional`,
            attendeesCount: sql`excluded.attendees_count`,
            invitedAt: sql`excluded.invited_at`,
            providerUpdatedAt: sql`excluded.provider_updated_at`,
            etag: sql`excluded.etag`,
            sequence: sql`excluded.sequence`,
            contentHash: sql`excluded.content_hash`,
            editPermission: sql`excluded.edit_permission`,
            durationSeconds: sql`excluded.duration_seconds`,
            // A chosen intention and a verified possible-block answer are the user's: keep them.
            intention: sql`case when ${meetings.intentionSource} = 'chosen' then ${meetings.intention} else excluded.intention end`,
            maybeWellnessBlock: sql`case when ${meetings.maybeWellnessBlock} in ('verified_true','verified_false') then ${meetings.maybeWellnessBlock} else excluded.maybe_wellness_block end`,
            maybeWellnessBlockCategory: sql`excluded.maybe_wellness_block_category`,
            eventReportCardId: sql`excluded.event_report_card_id`,
            updatedAt: sql`excluded.updated_at`,
          },
          setWhere: sql`${meetings.contentHash} is distinct from excluded.content_hash`,
        })
        .returning({ id: meetings.id, providerEventId: meetings.providerEventId });
      if (written.length === 0) continue;
      const byProviderId = new Map(prepared.map((p) => [p.event.providerEventId, p]));
      const ids = written.map((w) => w.id);
      changedMeetingIds.push(...ids);
      await tx.delete(attendees).where(inArray(attendees.meetingId, ids));
      await tx
        .delete(agendaItems)
        .where(and(inArray(agendaItems.meetingId, ids), eq(agendaItems.source, 'parsed')));
      await tx
        .delete(objectives)
        .where(and(inArray(objectives.meetingId, ids), eq(objectives.source, 'parsed')));
      await tx
        .delete(preworkItems)
        .where(and(inArray(preworkItems.meetingId, ids), eq(preworkItems.source, 'parsed')));
      const attendeeRows: (typeof attendees.$inferInsert)[] = [];
      const agendaRows: (typeof agendaItems.$inferInsert)[] = [];
      const objectiveRows: (typeof objectives.$inferInsert)[] = [];
      const preworkRows: (typeof preworkItems.$inferInsert)[] = [];
      for (const w of written) {
        const p = byProviderId.get(w.providerEventId)!;
        touched.push({ from: p.event.startsAt, to: p.event.endsAt });
        const before = previousSpans.get(w.providerEventId);
        if (before) touched.push({ from: before.startsAt, to: before.endsAt });
        const emails = new Set<string>();
        for (const a of p.event.attendees) {
          const email = a.email.toLowerCase();
          if (emails.has(email)) continue;
          emails.add(email);
          attendeeRows.push({
            meetingId: w.id,
            email,
            name: a.name ?? null,
            optional: a.optional,
            organizer: a.organizer,
            isSelf: a.self || email === target.ownerEmail.toLowerCase(),
            responseStatus: a.responseStatus,
            role: a.role ?? null,
          });
        }
        for (const [position, item] of p.described.agenda.entries()) {
          agendaRows.push({
            meetingId: w.id,
            description: item.description,
            durationInMins: item.durationInMins,
            position,
            source: 'parsed',
          });
        }
        for (const [position, description] of p.described.objectives.entries()) {
          objectiveRows.push({ meetingId: w.id, description, position, source: 'parsed' });
        }
        for (const [position, item] of p.described.prework.entries()) {
          preworkRows.push({
            meetingId: w.id,
            description: item.description,
            url: item.url,
            position,
            source: 'parsed',
          });
        }
      }
      for (const rows of chunks(attendeeRows, 1000)) await tx.insert(attendees).values(rows);
      for (const rows of chunks(agendaRows, 1000)) await tx.insert(agendaItems).values(rows);
      for (const rows of chunks(objectiveRows, 1000)) await tx.insert(objectives).values(rows);
      for (const rows of chunks(preworkRows, 1000)) await tx.insert(preworkItems).values(rows);
    }

    // What vanished: everything in the window we did not see (full), or what the provider says is gone.
    const live = or(
      eq(meetings.status, 'confirmed'),
      eq(meetings.status, 'tentative'),
      eq(meetings.status, 'cancelled'),
    );
    let vanished: { id: string; startsAt: Date; endsAt: Date }[] = [];
    if (result.full) {
      const inWindow = and(
        eq(meetings.calendarId, target.calendarId),
        live,
        lt(meetings.startsAt, window.to),
        gte(meetings.endsAt, window.from),
        isNull(meetings.wellnessBlockId),
      );
      const seenIds = [...seen];
      vanished = await tx
        .update(meetings)
        .set({ status: 'deleted', updatedAt: now })
        .where(seenIds.length ? and(inWindow, notInArray(meetings.providerEventId, seenIds)) : inWindow)
        .returning({ id: meetings.id, startsAt: meetings.startsAt, endsAt: meetings.endsAt });
    } else if (result.deletedIds.length || result.completeSeries?.length) {
      const conditions = [];
      if (result.deletedIds.length) {
        // A deleted id is one occurrence, or a whole series (its occurrences carry it as recurring id).
        conditions.push(inArray(meetings.providerEventId, result.deletedIds));
        conditions.push(inArray(meetings.recurringEventId, result.deletedIds));
      }
      if (result.completeSeries?.length) {
        const returned = result.events.map((e) => e.providerEventId);
        const seriesGone = and(
          inArray(meetings.recurringEventId, result.completeSeries),
          gte(meetings.endsAt, window.from),
          lt(meetings.startsAt, window.to),
        );
        conditions.push(
          returned.length ? and(seriesGone, notInArray(meetings.providerEventId, returned)) : seriesGone,
        );
      }
      vanished = await tx
        .update(meetings)
        .set({ status: 'deleted', updatedAt: now })
        .where(and(eq(meetings.calendarId, target.calendarId), live, or(...conditions)))
        .returning({ id: meetings.id, startsAt: meetings.startsAt, endsAt: meetings.endsAt });
    }
    for (const v of vanished) touched.push({ from: v.startsAt, to: v.endsAt });
    return { changedMeetingIds, deletedMeetingIds: vanished.map((v) => v.id), touched };
  });
}
