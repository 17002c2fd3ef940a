/** Intention detection from a meeting title (docs/spec/SCORING.md §5). The first matching rule wins, in this order. */
import type { MeetingIntention } from '../constants/intentions';

const RULES: readonly [RegExp, MeetingIntention][] = [
  [/\bstand[\s-]?ups?\b|\bdaily\s+scrums?\b/i, 'standup'],
  [/(?<![\w:.])1\s?(?::|-|on|-on-)\s?1(?![\d:])|\bone[\s-]on[\s-]one\b|\b1on1s?\b/i, 'one_on_one'],
  [/\bretro(?:spective)?s?\b/i, 'retrospective'],
  [/\bkick[\s-]?offs?\b/i, 'kickoff'],
  [/\ball[\s-]?hands\b|\btown[\s-]?halls?\b/i, 'all_hands'],
  [/\bplanning\b/i, 'planning'],
  [/\bbrainstorm/i, 'brainstorming'],
  [/\bdecisions?\b/i, 'consensus'],
  [/\boff[\s-]?sites?\b|\bteam[\s-]?building\b/i, 'teambuilding'],
  [/\bupdates?\b|\bsync(?:[\s-]?ups?|s)?\b|\breviews?\b|\bdemos?\b/i, 'information'],
];

/** Titles repeat (recurring meetings): answers are remembered, the whole memo dropped when full. */
const memo = new Map<string, MeetingIntention | null>();
const MEMO_SIZE = 10_000;

/** The intention a title suggests, or null. Never throws. */
export function detectIntention(title: string | null | undefined): MeetingIntention | null {
  if (typeof title !== 'string' || title.length === 0) return null;
  const known = memo.get(title);
  if (known !== undefined) return known;
  const text = title.length > 500 ? title.slice(0, 500) : title;
  let found: MeetingIntention | null = null;
  for (const [pattern, intention] of RULES) {
    if (pattern.test(text)) {
      found = intention;
      break;
    }
  }
  if (title.length <= 200) {
    if (memo.size >= MEMO_SIZE) memo.clear();
    memo.set(title, found);
  }
  return found;
}
