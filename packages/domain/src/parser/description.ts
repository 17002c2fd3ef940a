/**
 * The agenda parser (docs/spec/SCORING.md §5): agenda items with durations, objectives, pre-work with URLs and the
 * video-conference link of a plain-text or HTML description. It never throws and runs in one pass per line.
 *
 * Sections start at a heading line — the heading word alone, any case, with an optional trailing colon and
 * optional markdown heading (#), bold (** or __) or HTML heading/bold tags:
 *   Agenda, Agenda items                              → agenda items
 *   Objective(s), Goal(s), Purpose, Outcome(s)       → objectives
 *   Pre-work, Prework, Pre work, Pre-read(s), Preparation → pre-work items
 * Items are the list lines under it ('-', '*', '+', '•', '–', '1.', '1)', <li>) until a blank line followed
 * by a line that is not an item, or the next heading. Lines that are not items before that are skipped.
 */

import { MAX_ITEM_CHARS } from '../validation/misc';
import { type ConferenceLink, detectConferenceLink } from './conference';
import { htmlToText, LINK_CLOSE, LINK_OPEN, stripLinkMarkers } from './html';

export interface ParsedAgendaItem {
  description: string;
  duration_in_mins: number | null;
  position: number;
}
export interface ParsedObjective {
  description: string;
  position: number;
}
export interface ParsedPreworkItem {
  description: string;
  url: string | null;
  position: number;
}

export interface ParsedDescription {
  /** The description as plain text (tags removed, entities decoded, lines trimmed, runs of blank lines joined). */
  text: string;
  agendaItems: ParsedAgendaItem[];
  objectives: ParsedObjective[];
  preworkItems: ParsedPreworkItem[];
  /** The first video-conference link of a known provider, or null. */
  conference: ConferenceLink | null;
  /** Items found under a heading after its first MAX_ITEMS_PER_HEADING (100), which are not kept: the report names them. */
  itemsLeftOut: number;
}

type Section = 'agenda' | 'objectives' | 'prework';

const HEADINGS: Readonly<Record<string, Section>> = {
  agenda: 'agenda',
  'agenda items': 'agenda',
  'meeting agenda': 'agenda',
  objective: 'objectives',
  objectives: 'objectives',
  goal: 'objectives',
  goals: 'objectives',
  purpose: 'objectives',
  outcome: 'objectives',
  outcomes: 'objectives',
  'desired outcome': 'objectives',
  'desired outcomes': 'objectives',
  'pre-work': 'prework',
  prework: 'prework',
  'pre work': 'prework',
  'pre-read': 'prework',
  'pre-reads': 'prework',
  preread: 'prework',
  prereads: 'prework',
  'pre-reading': 'prework',
  preparation: 'prework',
};

/** Items per section and characters per item are capped so a pathological description stays cheap. */
export const MAX_ITEMS_PER_HEADING = 100;
const MAX_INPUT_CHARS = 2_000_000;

const HEADING_DECOR = /^[#>\s*_]+|[\s*_:：]+$/g;

/** First letters of the heading words (a, o, g, p, d, m), to skip most lines without any string work. */
function mayBeHeading(line: string): boolean {
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i) | 32;
    if (c >= 97 && c <= 122) return c === 97 || c === 111 || c === 103 || c === 112 || c === 100 || c === 109;
  }
  return false;
}

function headingOf(line: string): Section | null {
  if (line.length > 40 || !mayBeHeading(line)) return null;
  const key = line.replace(HEADING_DECOR, '').replace(/\s+/g, ' ').toLowerCase();
  return HEADINGS[key] ?? null;
}

/** Marker at the start of a list line: bullets (some need a space after them) or '1.' / '1)'. */
const ITEM_MARKER = /^(?:[-•‣◦▪·–—○●■□➢➤►](?!-)|[*+](?=\s)|\d{1,3}[.)](?=\s|$)|\(\d{1,3}\)(?=\s))\s*/;

function itemContent(line: string): string | null {
  const m = ITEM_MARKER.exec(line);
  if (!m) return null;
  let rest = line.slice(m[0].length);
  // '<li>1. Intro</li>' gives '• 1. Intro': drop the second marker too.
  const again = ITEM_MARKER.exec(rest);
  if (again && again[0].length > 0 && /^\d/.test(again[0])) rest = rest.slice(again[0].length);
  return rest.trim();
}

const MIN_UNIT = '(?:minutes?|mins?|m)';
const BEFORE = '(?:^|[\\s(\\[{,;:\\-–—|])';
const AFTER = '(?=$|[\\s)\\]},.;:!?\\-–—|])';
const HOURS_DURATION = new RegExp(
  `${BEFORE}(\\d{1,2}(?:[.,]\\d{1,2})?)\\s?(?:hours?|hrs?|h)(?:\\s?(\\d{1,2})\\s?${MIN_UNIT}|(\\d{2}))?${AFTER}`,
  'i',
);
const MINUTES_DURATION = new RegExp(`${BEFORE}(\\d{1,4})\\s?(?:${MIN_UNIT}|['’′])${AFTER}`, 'i');

/** A duration in an item: '(10 min)', '10m', '- 15 minutes', '1h', '1.5 hours', '1h30'. */
export function extractDuration(text: string): { minutes: number; rest: string } | null {
  let minutes = Number.NaN;
  let match = HOURS_DURATION.exec(text);
  if (match) {
    const hours = Number((match[1] as string).replace(',', '.'));
    const extra = Number(match[2] ?? match[3] ?? 0);
    minutes = Math.round(hours * 60 + extra);
  } else {
    match = MINUTES_DURATION.exec(text);
    if (match) minutes = Number(match[1]);
  }
  if (!match || !(minutes > 0 && minutes <= 24 * 60)) return null;
  // Keep the separator the pattern consumed before the number ('(' of '(10 min)' is removed with its ')').
  const first = match[0].charAt(0);
  const separator = /\d/.test(first) ? '' : first;
  const rest = (text.slice(0, match.index) + separator + text.slice(match.index + match[0].length))
    .replace(/[([{]\s*[)\]}]/g, '')
    .replace(/\s{2,}/g, ' ');
  return { minutes, rest: tidy(rest) };
}

/** Trim separators and markdown emphasis left around an item's text. */
function tidy(text: string): string {
  return trimEdges(text.replace(/\*\*|__/g, '').replace(/\s{2,}/g, ' '));
}

const EDGE_CHARS = new Set([...' \t\n\r\f\v\u00a0-–—:|,;']);
const isSpace = (c: string | undefined) =>
  c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\u00a0';

/**
 * Trim separators (spaces, dashes, colons, bars, commas) at both ends, dots at the start, and '.', '!', '?'
 * standing alone at the end. Written as loops: the regex equivalents backtrack quadratically on long runs.
 */
function trimEdges(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && (EDGE_CHARS.has(text[start] as string) || text[start] === '.')) start++;
  for (;;) {
    while (end > start && EDGE_CHARS.has(text[end - 1] as string)) end--;
    let k = end;
    while (k > start && (text[k - 1] === '.' || text[k - 1] === '!' || text[k - 1] === '?')) k--;
    if (k < end && k > start && isSpace(text[k - 1])) {
      end = k;
      continue;
    }
    break;
  }
  return text.slice(start, end);
}

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"'\uE000\uE001]+|\bwww\.[^\s<>"'\uE000\uE001]+/i;
const LINK_MARKED = new RegExp(`\\s?${LINK_OPEN}([^${LINK_CLOSE}]*)${LINK_CLOSE}?`);

/** A URL found in text without the punctuation after it (a ')' stays when it closes a '(' of the URL). */
function trimUrlEnd(url: string): string {
  const hasOpen = url.includes('(');
  let end = url.length;
  while (end > 0) {
    const c = url[end - 1] as string;
    if ('.,;:!?\'"]'.includes(c) || (c === ')' && !hasOpen)) end--;
    else break;
  }
  return url.slice(0, end);
}

function trimUrl(url: string): string {
  const out = trimUrlEnd(url);
  return out.startsWith('www.') ? `https://${out}` : out;
}

function limit(text: string): string {
  return text.length > MAX_ITEM_CHARS ? `${text.slice(0, MAX_ITEM_CHARS - 1)}…` : text;
}

function preworkItem(content: string, position: number): ParsedPreworkItem | null {
  let url: string | null = null;
  let text = content;
  const marked = LINK_MARKED.exec(text);
  if (marked) {
    url = trimUrl(marked[1] ?? '');
    text = text.replace(LINK_MARKED, '');
  }
  text = stripLinkMarkers(text);
  if (!url) {
    const found = URL_PATTERN.exec(text);
    if (found) {
      const raw = trimUrlEnd(found[0]);
      url = trimUrl(raw);
      const without = tidy(
        (text.slice(0, found.index) + text.slice(found.index + raw.length)).replace(/[([{]\s*[)\]}]/g, ''),
      );
      text = without || text;
    }
  }
  const description =
    tidy(text)
      .replace(/[([{]\s*[)\]}]/g, '')
      .trim() ||
    url ||
    '';
  if (!description) return null;
  return { description: limit(description), url: url || null, position };
}

function emptyResult(): ParsedDescription {
  return { text: '', agendaItems: [], objectives: [], preworkItems: [], conference: null, itemsLeftOut: 0 };
}

/**
 * Parse a meeting description (plain text or HTML). Any input is accepted: a non-string gives an empty
 * result, and no string makes it throw.
 */
export function parseDescription(input: unknown): ParsedDescription {
  if (typeof input !== 'string' || input.length === 0) return emptyResult();
  try {
    return parse(input.length > MAX_INPUT_CHARS ? input.slice(0, MAX_INPUT_CHARS) : input);
  } catch {
    return { ...emptyResult(), text: safeText(input) };
  }
}

function safeText(input: string): string {
  try {
    return input.replace(/<[^>]*>/g, ' ').trim();
  } catch {
    return '';
  }
}

function parse(input: string): ParsedDescription {
  const plain = htmlToText(input);
  const agendaItems: ParsedAgendaItem[] = [];
  const objectives: ParsedObjective[] = [];
  const preworkItems: ParsedPreworkItem[] = [];
  const textLines: string[] = [];
  let itemsLeftOut = 0;

  let section: Section | null = null;
  let blankBefore = false;
  let lastBlank = true;
  let start = 0;
  const n = plain.length;
  while (start <= n) {
    let end = plain.indexOf('\n', start);
    if (end < 0) end = n;
    const raw = plain.slice(start, end);
    start = end + 1;
    const line = raw.trim();

    if (line.length === 0) {
      blankBefore = true;
      if (!lastBlank) textLines.push('');
      lastBlank = true;
      continue;
    }
    const shown = stripLinkMarkers(line);
    if (shown.length > 0) {
      textLines.push(shown);
      lastBlank = false;
    }

    const heading = headingOf(shown);
    if (heading) {
      section = heading;
      blankBefore = false;
      continue;
    }
    if (section === null) continue;
    const content = itemContent(line);
    if (content === null) {
      if (blankBefore) section = null;
      continue;
    }
    blankBefore = false;
    if (content.length === 0) continue;

    if (section === 'agenda') {
      if (agendaItems.length >= MAX_ITEMS_PER_HEADING) {
        itemsLeftOut++;
        continue;
      }
      const text = stripLinkMarkers(content);
      const duration = extractDuration(text);
      const description = tidy(duration ? duration.rest : text);
      if (description || duration) {
        agendaItems.push({
          description: limit(description || text.trim()),
          duration_in_mins: duration ? duration.minutes : null,
          position: agendaItems.length,
        });
      }
    } else if (section === 'objectives') {
      if (objectives.length >= MAX_ITEMS_PER_HEADING) {
        itemsLeftOut++;
        continue;
      }
      const description = tidy(stripLinkMarkers(content));
      if (description) objectives.push({ description: limit(description), position: objectives.length });
    } else {
      if (preworkItems.length >= MAX_ITEMS_PER_HEADING) {
        itemsLeftOut++;
        continue;
      }
      const item = preworkItem(content, preworkItems.length);
      if (item) preworkItems.push(item);
    }
  }
  while (textLines.length > 0 && textLines[textLines.length - 1] === '') textLines.pop();

  return {
    text: textLines.join('\n'),
    agendaItems,
    objectives,
    preworkItems,
    conference: detectConferenceLink(input),
    itemsLeftOut,
  };
}
