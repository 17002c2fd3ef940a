/**
 * Conflicts between a meeting and the user's other meetings (docs/spec/SCORING.md §3, meeting_conflict): another
 * meeting counts when it is not cancelled or deleted, not all day, not declined by the user, accepted or
 * organized by the user, and scored or scoreable; it conflicts when it overlaps by more than one minute.
 */
import { MINUTE_MS, type TimeInput, toMs } from '../lib/time';
import { normalizeEmail } from '../validation/email';
import { isAllDayMs } from './overlap';

/** Another meeting of the same user, as the meeting_conflict rule needs it. */
export interface OtherMeetingInput {
  id?: string | null;
  /** Identifies the event across calendars: the same event twice never conflicts with itself. */
  eventKey?: string | null;
  summary?: string | null;
  startsAt: TimeInput;
  endsAt: TimeInput;
  allDay?: boolean | null;
  /** confirmed | tentative | cancelled | deleted */
  status?: string | null;
  /** The user's own answer: accepted | tentative | declined | needsAction (null: unknown). */
  responseStatus?: string | null;
  /** True when the user organizes it (counts as accepted). */
  userIsOrganizer?: boolean | null;
  /** false when the meeting can never be scored (fewer than two people, skipped, a possible block…). Default true. */
  scoreable?: boolean | null;
}

/** A stored meeting as the conflict rule sees it (the columns the server keeps for every meeting). */
export interface StoredMeetingForConflicts {
  id: string;
  eventKey: string | null;
  summary: string;
  startsAt: TimeInput;
  endsAt: TimeInput;
  allDay: boolean;
  status: string;
  responseStatus: string | null;
  organizerEmail: string | null;
  attendeesCount: number;
  skipEvaluation: boolean;
  maybeWellnessBlock: string | null;
  wellnessBlockId: string | null;
}

/**
 * The one way a stored meeting becomes another meeting of the user for the conflict rule: the user organizes
 * it when the addresses match whatever their case and spacing; it can be scored only with two people or more,
 * when not skipped, and when it is not a (possible) Wellness block.
 */
export function otherMeetingInput(m: StoredMeetingForConflicts, userEmail: string): OtherMeetingInput {
  const organizer = normalizeEmail(m.organizerEmail);
  return {
    id: m.id,
    eventKey: m.eventKey,
    summary: m.summary,
    startsAt: m.startsAt,
    endsAt: m.endsAt,
    allDay: m.allDay,
    status: m.status,
    responseStatus: m.responseStatus,
    userIsOrganizer: organizer !== '' && organizer === normalizeEmail(userEmail),
    scoreable:
      !m.skipEvaluation && m.attendeesCount >= 2 && m.maybeWellnessBlock !== 'true' && !m.wellnessBlockId,
  };
}

export function isCancelledStatus(status: string | null | undefined): boolean {
  return status === 'cancelled' || status === 'canceled' || status === 'deleted';
}

/** Whether another meeting can conflict at all (everything but the overlap). */
export function isConflictCandidate(other: OtherMeetingInput): boolean {
  if (isCancelledStatus(other.status)) return false;
  if (other.scoreable === false) return false;
  if (other.responseStatus === 'declined') return false;
  if (!(other.userIsOrganizer || other.responseStatus === 'accepted')) return false;
  const start = toMs(other.startsAt);
  const end = toMs(other.endsAt);
  if (!(end > start)) return false;
  return !isAllDayMs(other.allDay, start, end);
}

interface Candidate {
  readonly meeting: OtherMeetingInput;
  readonly id: string | null;
  readonly eventKey: string | null;
  readonly start: number;
  readonly end: number;
}

interface CandidateIndex {
  readonly list: readonly Candidate[];
  readonly starts: Float64Array;
  readonly maxDuration: number;
}

const INDEX_ABOVE = 64;
const indexCache = new WeakMap<readonly OtherMeetingInput[], CandidateIndex>();
/** Small lists seen once: indexed from their second use (a list used once is cheaper to scan). */
const seenOnce = new WeakSet<readonly OtherMeetingInput[]>();

const codePoints = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/**
 * The order conflicts are found and named in: by start, then end, title, event and id. A total order, so a
 * meeting's message is the same whatever order its neighbours came in (a first import's, or the database's
 * for a re-evaluation), and evaluating it again never rewrites it for nothing.
 */
function conflictOrder(a: Candidate, b: Candidate): number {
  return (
    a.start - b.start ||
    a.end - b.end ||
    codePoints(String(a.meeting.summary ?? ''), String(b.meeting.summary ?? '')) ||
    codePoints(a.eventKey ?? '', b.eventKey ?? '') ||
    codePoints(a.id ?? '', b.id ?? '')
  );
}

const candidate = (m: OtherMeetingInput): Candidate => ({
  meeting: m,
  id: m.id ?? null,
  eventKey: m.eventKey ?? null,
  start: toMs(m.startsAt),
  end: toMs(m.endsAt),
});

function buildIndex(others: readonly OtherMeetingInput[]): CandidateIndex {
  const cached = indexCache.get(others);
  if (cached) return cached;
  const list: Candidate[] = [];
  for (const m of others) {
    if (!m || !isConflictCandidate(m)) continue;
    list.push(candidate(m));
  }
  list.sort(conflictOrder);
  const starts = new Float64Array(list.length);
  let maxDuration = 0;
  list.forEach((c, i) => {
    starts[i] = c.start;
    if (c.end - c.start > maxDuration) maxDuration = c.end - c.start;
  });
  const index = { list, starts, maxDuration };
  indexCache.set(others, index);
  return index;
}

function isSelf(
  id: string | null | undefined,
  eventKey: string | null | undefined,
  otherId: string | null,
  otherKey: string | null,
): boolean {
  return (!!id && id === otherId) || (!!eventKey && eventKey === otherKey);
}

/**
 * The user's other meetings that conflict with [start, end) (epoch ms), or null when none. The meeting
 * itself (same id or same eventKey) is skipped. A list is indexed once (sorted candidates, remembered per
 * array in a WeakMap) when it is long or used a second time: pass the same array for all of a user's meetings.
 * Do not mutate a list after passing it.
 */
export function findMeetingConflicts(
  meeting: { id?: string | null; eventKey?: string | null; start: number; end: number },
  others: readonly OtherMeetingInput[] | null | undefined,
): OtherMeetingInput[] | null {
  if (!others || others.length === 0) return null;
  const { start, end } = meeting;
  let found: OtherMeetingInput[] | null = null;
  if (others.length <= INDEX_ABOVE && !indexCache.has(others) && !seenOnce.has(others)) {
    seenOnce.add(others);
    for (let i = 0; i < others.length; i++) {
      const m = others[i] as OtherMeetingInput;
      if (!m) continue;
      const s = toMs(m.startsAt);
      const e = toMs(m.endsAt);
      if (Math.min(end, e) - Math.max(start, s) <= MINUTE_MS) continue;
      if (isSelf(meeting.id, meeting.eventKey, m.id ?? null, m.eventKey ?? null)) continue;
      if (!isConflictCandidate(m)) continue;
      if (found) found.push(m);
      else found = [m];
    }
    if (found && found.length > 1)
      found = found
        .map(candidate)
        .sort(conflictOrder)
        .map((c) => c.meeting);
    return found;
  }
  const index = buildIndex(others);
  const from = start - index.maxDuration;
  let lo = 0;
  let hi = index.starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((index.starts[mid] as number) < from) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < index.list.length; i++) {
    const c = index.list[i] as Candidate;
    if (c.start >= end) break;
    if (Math.min(end, c.end) - Math.max(start, c.start) <= MINUTE_MS) continue;
    if (isSelf(meeting.id, meeting.eventKey, c.id, c.eventKey)) continue;
    if (found) found.push(c.meeting);
    else found = [c.meeting];
  }
  return found;
}
