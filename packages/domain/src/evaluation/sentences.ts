/** The human sentence of each rule outcome (details_positive / details_negative / details_maybe). */
import type { OtherMeetingInput } from '../conflicts/meeting-conflicts';
import type { BlockOccurrence } from '../conflicts/wellness-blocks';
import { formatDuration, pluralize } from '../formats/duration';

function quotedList(names: readonly string[]): string {
  const quoted = names.map((n) => `"${n}"`);
  if (quoted.length <= 1) return quoted.join('');
  return `${quoted.slice(0, -1).join(', ')} and ${quoted[quoted.length - 1]}`;
}

function uniqueNames(names: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of names) {
    const name = raw.trim();
    if (name && !seen.has(name)) {
      seen.add(name);
      out.push(name);
    }
  }
  return out;
}

/** Numeric sentences are remembered per value (they repeat a lot); each memo is dropped when full. */
class SentenceMemo {
  private readonly map = new Map<number, string>();
  get(key: number): string | undefined {
    return this.map.get(key);
  }
  set(key: number, text: string): string {
    if (this.map.size >= 5_000) this.map.clear();
    this.map.set(key, text);
    return text;
  }
}

const lastMinutePassMemo = new SentenceMemo();
const lastMinuteFailMemo = new SentenceMemo();
const attendeesPassMemo = new SentenceMemo();
const attendeesFailMemo = new SentenceMemo();
const durationPassMemo = new SentenceMemo();
const durationFailMemo = new SentenceMemo();

/** A key for two non-negative numbers (the second below 1,000,000). */
const pair = (a: number, b: number) => a * 1_000_000 + b;

export const SENTENCES = {
  focusBlockPass: 'No conflict with your Wellness blocks',
  /** 'Conflicts with your Wellness block "Deep work"', '… blocks "Deep work" and "Lunch"'. */
  focusBlockFail(conflicts: readonly BlockOccurrence[]): string {
    if (conflicts.length === 1) {
      const label = (conflicts[0] as BlockOccurrence).label.trim();
      return label
        ? `Conflicts with your Wellness block "${label}"`
        : 'Conflicts with one of your Wellness blocks';
    }
    const names = uniqueNames(conflicts.map((c) => c.label));
    if (names.length === 0) return 'Conflicts with one of your Wellness blocks';
    if (names.length > 3) return `Conflicts with ${names.length} of your Wellness blocks`;
    return `Conflicts with your Wellness block${names.length > 1 ? 's' : ''} ${quotedList(names)}`;
  },
  meetingPass: 'No conflict with your other meetings',
  /** 'Conflicts with your meeting "Weekly sync"', 'Conflicts with 4 of your meetings'. */
  meetingFail(conflicts: readonly OtherMeetingInput[]): string {
    if (conflicts.length === 1) {
      const summary = conflicts[0]?.summary;
      const name = typeof summary === 'string' ? summary.trim() : '';
      return name ? `Conflicts with your meeting "${name}"` : 'Conflicts with another of your meetings';
    }
    const names = uniqueNames(conflicts.map((c) => (typeof c.summary === 'string' ? c.summary : '')));
    if (conflicts.length > 3 || names.length < conflicts.length)
      return `Conflicts with ${conflicts.length} of your meetings`;
    return `Conflicts with your meetings ${quotedList(names)}`;
  },
  lastMinutePass(hours: number): string {
    return (
      lastMinutePassMemo.get(hours) ??
      lastMinutePassMemo.set(hours, `Scheduled more than ${pluralize(hours, 'hour')} ahead`)
    );
  },
  lastMinuteFail(hours: number): string {
    return (
      lastMinuteFailMemo.get(hours) ??
      lastMinuteFailMemo.set(hours, `Scheduled last minute (${pluralize(hours, 'hour')} or less ahead)`)
    );
  },
  lastMinuteMaybe: 'Not known when this meeting was scheduled',
  maxAttendeesPass(count: number, max: number): string {
    const key = pair(count, max);
    return (
      attendeesPassMemo.get(key) ??
      attendeesPassMemo.set(key, `Has ${pluralize(count, 'attendee')} (${max} or fewer)`)
    );
  },
  maxAttendeesFail(count: number, max: number): string {
    const key = pair(count, max);
    return (
      attendeesFailMemo.get(key) ??
      attendeesFailMemo.set(key, `Has ${pluralize(count, 'attendee')} (more than ${max})`)
    );
  },
  durationPass(minutes: number, max: number): string {
    const key = pair(minutes, max);
    return (
      durationPassMemo.get(key) ??
      durationPassMemo.set(key, `Lasts ${formatDuration(minutes)} (${max} minutes or less)`)
    );
  },
  durationFail(minutes: number, max: number): string {
    const key = pair(minutes, max);
    return (
      durationFailMemo.get(key) ??
      durationFailMemo.set(key, `Lasts ${formatDuration(minutes)} (more than ${max} minutes)`)
    );
  },
  agendaPass: 'Has an agenda',
  agendaFail: 'No agenda',
  intentionPass: 'Has an intention',
  intentionFail: 'No intention',
  conferencePass: 'Has video conferencing or a location',
  conferenceFail: 'No video conferencing or location',
  objectivesPass: 'Has objectives',
  objectivesFail: 'No objectives',
  preworkPass: 'Has pre-work',
  preworkFail: 'No pre-work',
} as const;
