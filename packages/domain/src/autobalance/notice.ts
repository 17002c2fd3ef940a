/**
 * Whether an organizer (or the attendee) is told again about one occurrence (SCORING.md §6 "email the
 * organizer once, at first detection"): once per occurrence and kind, ever, unless the meeting itself changed
 * in a way that matters since the last mail about it — it moved, or it was edited and now breaks other rules.
 * A change of the person's preferences alone (a deadline, remind or decline, a rule switched) re-plans
 * silently: it changes no meeting, so it mails nobody.
 */
export type NoticeFacts = {
  /** The occurrence's start as an instant (ms). */
  startsAt: number;
  /** The rules it breaks (their keys, in any order). */
  rules: readonly string[];
  /** The provider's version of the meeting (its content hash): changes when the event itself is edited. */
  version: string | null;
};

const sameRules = (a: readonly string[], b: readonly string[]) => {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((rule) => right.has(rule));
};

/** `last`: what the last mail about this occurrence (of this kind) was sent for; undefined when none was. */
export function needsNotice(last: NoticeFacts | undefined, now: NoticeFacts): boolean {
  if (!last) return true;
  if (last.startsAt !== now.startsAt) return true;
  return last.version !== now.version && !sameRules(last.rules, now.rules);
}

/**
 * A reminder says less than a decline warning: an occurrence whose organizer was warned of a decline (and
 * told nothing new since) is not reminded as well, when the person switches from decline to remind. The other
 * way round a warning is still due: MeetWell never declines without one.
 */
export function reminderCoveredByWarning(lastWarning: NoticeFacts | undefined, now: NoticeFacts): boolean {
  return lastWarning !== undefined && !needsNotice(lastWarning, now);
}
