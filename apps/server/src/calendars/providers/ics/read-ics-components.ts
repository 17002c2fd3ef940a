import ICAL from 'ical.js';

export type IcsProblem = { line?: number | undefined; uid?: string | undefined; message: string };

/** The `type` of a property whose line was there but could not be parsed (already reported). */
export const UNREADABLE = 'unreadable';
const KEEP_UNREADABLE = new Set(['dtstart', 'dtend', 'recurrence-id']);

type IcsParams = Record<string, string | string[] | undefined>;

/** One content line, parsed by ical.js (params decoded, TEXT unescaped, value typed). */
export type IcsProperty = {
  name: string;
  params: IcsParams;
  type: string;
  values: unknown[];
  line: number;
  /** A date-time written loosely (no seconds, fractions of a second, lowercase, spaces, dashes), read as the time written. */
  looseTime?: true;
  /** A TZID whose closing quote came after the value, read as if it came before. */
  quoteAfterValue?: true;
  /** Its TZID held a colon without quotes, and was read up to the last colon. */
  unquotedTzid?: true;
  /** Parts of an RRULE or EXRULE that were read as not written: one no rule has (UNTL=), a COUNT=-1. */
  ignoredRuleParts?: string[];
  /** A text whose value went on over the lines after it, neither folded nor escaped (read as part of it). */
  continuedOnLines?: true;
};

export type IcsComponent = { name: string; props: IcsProperty[]; children: IcsComponent[]; line: number };

/** Properties read from a VEVENT; the rest (alarms, X-APPLE-…) are skipped without parsing, for speed. */
const VEVENT_PROPS = new Set([
  'uid',
  'dtstart',
  'dtend',
  'duration',
  'recurrence-id',
  'sequence',
  'dtstamp',
  'last-modified',
  'created',
  'rrule',
  'exrule',
  'rdate',
  'exdate',
  'status',
  'summary',
  'description',
  'location',
  'url',
  'organizer',
  'attendee',
  'conference',
  'transp',
  'x-google-conference',
  'x-microsoft-skypeteamsmeetingurl',
  'x-microsoft-onlinemeetingconflink',
  'x-meetwell-id',
  // Outlook and Windows Live write some all-day events as midnight-to-midnight times, marked by these.
  'x-microsoft-cdo-alldayevent',
  'x-microsoft-msncalendar-alldayevent',
]);
const VCALENDAR_PROPS = new Set([
  'method',
  'x-wr-calname',
  'x-wr-timezone',
  'name',
  'x-wr-caldesc',
  'x-apple-calendar-color',
]);
/** Components kept; VTIMEZONE keeps every property because ical.js reads it. */
const KEPT = new Set(['vcalendar', 'vevent', 'vtimezone', 'standard', 'daylight']);

/**
 * Components that never sit inside one another (RFC 5545, RFC 7953): those of a VCALENDAR, a zone's
 * observances, alarms. Opening one while another of its kind is open means that one lacks its END.
 */
const CALENDAR_LEVEL = new Set(['vevent', 'vtodo', 'vjournal', 'vfreebusy', 'vtimezone', 'vavailability']);
const OBSERVANCES = new Set(['standard', 'daylight']);
const NEVER_INSIDE = new Map<string, Set<string>>([
  ['vcalendar', CALENDAR_LEVEL],
  ...[...CALENDAR_LEVEL].map((name) => [name, CALENDAR_LEVEL] as const),
  ...[...OBSERVANCES].map((name) => [name, OBSERVANCES] as const),
  ['valarm', new Set(['valarm'])],
]);

// Names are letters, digits and dashes; Lotus Notes writes X- names with underscores (X-LOTUS-CHILD_UID).
const CONTENT_LINE = /^[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)?[;:]/;

/**
 * ical.js's iCalendar design, with date values read for what they are rather than for what their VALUE says:
 * an 8-digit value is a date even without VALUE=DATE (DTSTART:20231224), and a VALUE=DATE holding a time
 * keeps it (DTSTART;VALUE=DATE:20110804T120000; ical.js would cut it to the date). The property's `type`
 * still says what was declared, so the parser can tell and report the leniency. RDATE's type comes from
 * its VALUE too (ical.js guesses it from the value, which hides a missing VALUE=DATE), except periods.
 */
const icalendar = ICAL.design.icalendar;
/** A date or date-time as producers write it: `date` YYYYMMDD, `time` HHMMSS (absent for a date), `utc`. */
export type LooseDateTime = { date: string; time?: string; utc: boolean; loose: boolean };

/**
 * A compact date or date-time, also in the shapes some producers write: no seconds, fractions of a second, a
 * lowercase t or z, spaces around it (templates that pad their lines), a date with a Z (Google's birthdays:
 * RDATE:20131210Z, read as that date).
 */
const COMPACT_TIME = /^\s*(\d{4})(\d{2})(\d{2})(?:[Tt](\d{2})(\d{2})(\d{2})?(\.\d+)?)?([Zz])?\s*$/;
/**
 * ISO 8601's extended form, as generators that write dates as their language prints them do
 * (DTSTART:2026-12-01T10:00:00, …Z, …+01:00): a UTC offset is that instant, written in UTC.
 */
const EXTENDED_TIME =
  /^\s*(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?)?([Zz]|[+-]\d{2}:?\d{2})?\s*$/;

const pad2 = (n: number) => String(n).padStart(2, '0');

/** A date or date-time in any shape above, or null for a value no producer we know writes. */
export function readLooseDateTime(value: string): LooseDateTime | null {
  const m = COMPACT_TIME.exec(value);
  if (m) {
    const date = `${m[1]}${m[2]}${m[3]}`;
    if (m[4] === undefined) return { date, utc: false, loose: false };
    const loose =
      m[6] === undefined ||
      m[7] !== undefined ||
      m[8] === 'z' ||
      m[0].length !== m[0].trim().length ||
      m[0].includes('t');
    return { date, time: `${m[4]}${m[5]}${m[6] ?? '00'}`, utc: m[8] !== undefined, loose };
  }
  const x = EXTENDED_TIME.exec(value);
  if (!x) return null;
  if (x[4] === undefined) return { date: `${x[1]}${x[2]}${x[3]}`, utc: false, loose: true };
  const zone = x[7];
  if (zone === undefined || zone === 'Z' || zone === 'z') {
    return {
      date: `${x[1]}${x[2]}${x[3]}`,
      time: `${x[4]}${x[5]}${x[6] ?? '00'}`,
      utc: zone !== undefined,
      loose: true,
    };
  }
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  const offsetMinutes = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2)));
  const at = new Date(
    Date.UTC(Number(x[1]), Number(x[2]) - 1, Number(x[3]), Number(x[4]), Number(x[5]), Number(x[6] ?? 0)) -
      offsetMinutes * 60_000,
  );
  if (Number.isNaN(at.getTime())) return null;
  return {
    date: `${at.getUTCFullYear()}${pad2(at.getUTCMonth() + 1)}${pad2(at.getUTCDate())}`,
    time: `${pad2(at.getUTCHours())}${pad2(at.getUTCMinutes())}${pad2(at.getUTCSeconds())}`,
    utc: true,
    loose: true,
  };
}

/** Set while one property is parsed when its value needed the loose reading (reported as a note). */
let looseTimeRead = false;
const dateOrDateTime = (value: string): string => {
  const read = readLooseDateTime(value);
  // Not a shape we know: left for the reader to refuse, so the line is reported unreadable.
  if (!read) return value;
  const { date, time } = read;
  if (read.loose) looseTimeRead = true;
  const isoDate = `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}`;
  if (time === undefined) return isoDate;
  return `${isoDate}T${time.slice(0, 2)}:${time.slice(2, 4)}:${time.slice(4, 6)}${read.utc ? 'Z' : ''}`;
};
/**
 * A rule as RFC 5545 writes it, from the shapes producers write: spaces are no part of it (Microsoft's CDO
 * writes BYDAY=MO, TU, WE), its names and values are case-insensitive (rrule:freq=weekly), and an UNTIL
 * written with dashes and colons (UNTIL=2026-09-15, as a generator that writes its dates that way does) is
 * that date or time, not a rule without an end.
 */
function looseRule(value: string): string {
  return (
    value
      .replace(/\s+/g, '')
      .toUpperCase()
      // Empty list entries and parts (BYDAY=TU,;COUNT=3, a trailing ;) are no part of the rule either.
      .replace(/,+(?=[;,]|$)/g, '')
      .replace(/=,+/g, '=')
      .replace(/;{2,}/g, ';')
      .replace(/^;|;$/g, '')
      .replace(
        /UNTIL=(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?)?/,
        (_, y, mo, d, h, mi, sec) =>
          h === undefined ? `UNTIL=${y}${mo}${d}` : `UNTIL=${y}${mo}${d}T${h}${mi}${sec ?? '00'}`,
      )
  );
}

const LENIENT_DESIGN = {
  ...icalendar,
  value: {
    ...icalendar.value,
    date: { ...icalendar.value.date, fromICAL: dateOrDateTime },
    'date-time': { ...icalendar.value['date-time'], fromICAL: dateOrDateTime },
    recur: {
      ...icalendar.value.recur,
      fromICAL: (value: string) => icalendar.value.recur.fromICAL(looseRule(value)),
    },
    period: {
      ...icalendar.value.period,
      fromICAL: (value: string) =>
        value.split('/').map((part, i) => (i === 1 && /^[+-]?P/i.test(part) ? part : dateOrDateTime(part))),
    },
  },
  property: {
    ...icalendar.property,
    rdate: {
      ...icalendar.property.rdate,
      detectType: (value: string) => (value.includes('/') ? 'period' : undefined),
    },
  },
} as typeof icalendar;
const MAX_PROBLEMS = 500;

export function addProblem(problems: IcsProblem[], problem: IcsProblem) {
  if (problems.length < MAX_PROBLEMS) problems.push(problem);
  else if (problems.length === MAX_PROBLEMS)
    problems.push({ message: 'Too many problems; the rest are not listed.' });
}

/**
 * Text → component tree. Unfolds lines (keeping the first line number of each), checks the BEGIN/END nesting,
 * and parses each wanted property on its own with ical.js, so a bad line costs that line only, never the file.
 * Unknown components are skipped whole; a component left open at the end of the file is kept and reported.
 */
export function readIcsComponents(text: string, problems: IcsProblem[]): IcsComponent[] {
  const tree: Tree = { roots: [], stack: [], problems };
  const indent = commonIndent(text);
  if (indent)
    addProblem(problems, {
      message: 'Every line of the file is indented; it was read as if it were not',
    });
  unfoldLines(text, (line, lineNo) => readLine(tree, line, lineNo), indent);
  const { stack } = tree;
  for (let i = stack.length - 1; i >= 0; i--) {
    addProblem(problems, {
      line: stack[i]!.line,
      message: `${stack[i]!.name.toUpperCase()} not closed at the end of the file`,
    });
  }
  return tree.roots;
}

/** The components read so far, and the open ones (null: a component skipped whole, with what it holds). */
type Tree = {
  roots: IcsComponent[];
  stack: { component: IcsComponent | null; name: string; line: number }[];
  problems: IcsProblem[];
  /** The text property the last content line was, while lines of its text may follow (TEXT_GOES_ON). */
  openText?: IcsProperty | undefined;
};

/** Texts an exporter may write over several lines without folding or escaping their line breaks. */
const TEXT_GOES_ON = new Set(['description', 'summary', 'location', 'comment']);

/**
 * Property names of RFC 5545 and its extensions (RFC 7953, 7986, 9073, 9074, 9253) and of vCalendar 1.0: after a
 * text, a line named otherwise (and not X-) is read as more of the text ("Passcode: 4242", "https://…"), not as
 * a property.
 */
const PROPERTY_NAMES = new Set(
  (
    'calscale method prodid version attach categories class comment description geo location percent-complete ' +
    'priority resources status summary completed dtend due dtstart duration freebusy transp tzid tzname ' +
    'tzoffsetfrom tzoffsetto tzurl tzuntil tzid-alias-of attendee contact organizer recurrence-id related-to url uid ' +
    'exdate exrule rdate rrule action repeat trigger created dtstamp last-modified sequence request-status name ' +
    'refresh-interval source color image conference structured-data styled-description acknowledged proximity ' +
    'participant-type calendar-address location-type resource-type busytype concept link refid ' +
    'estimated-duration aalarm dalarm malarm palarm dcreated rnum begin end'
  ).split(' '),
);

/**
 * The spaces and tabs a file's first line starts with (a template that indents what it writes), or ''. A
 * calendar's first line cannot continue another, so such a file is indented throughout: each line is read
 * without that much, and folds are the lines indented further.
 */
function commonIndent(text: string): string {
  return /^(?:[ \t]*\r?\n)*([ \t]+)(?=\S)/.exec(text)?.[1] ?? '';
}

/**
 * Lines end in CRLF, LF or a lone CR; a line starting with a space or tab continues the previous one. Calls
 * `onLine` with each unfolded, non-empty line and the number of its first line. `indent` is taken off the
 * start of each line first (commonIndent).
 */
function unfoldLines(text: string, onLine: (line: string, lineNo: number) => void, indent = '') {
  const source = text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
  let current = '';
  let currentLine = 0;
  let lineNo = 0;
  let pos = 0;
  while (pos <= source.length) {
    let end = source.indexOf('\n', pos);
    if (end === -1) end = source.length;
    lineNo++;
    if (indent && source.startsWith(indent, pos)) pos += indent.length;
    const first = source.charCodeAt(pos);
    if ((first === 0x20 || first === 0x09) && current) {
      current += source.slice(pos + 1, end);
    } else {
      if (current) onLine(current, currentLine);
      current = source.slice(pos, end);
      currentLine = lineNo;
    }
    pos = end + 1;
  }
  if (current) onLine(current, currentLine);
}

/** One content line: a BEGIN or END, or a property of the open component (if it is kept and wants it). */
function readLine(tree: Tree, rawLine: string, lineNo: number) {
  const { problems, stack } = tree;
  // A byte-order mark inside the file starts a file appended to another (each written with its own mark).
  const line = rawLine.charCodeAt(0) === 0xfeff ? rawLine.slice(1) : rawLine;
  if (tree.openText && goesOnWithText(line)) {
    const text = tree.openText;
    const before = typeof text.values[0] === 'string' ? text.values[0] : '';
    text.values[0] = before ? `${before}\n${line}` : line;
    text.continuedOnLines = true;
    return;
  }
  tree.openText = undefined;
  if (!CONTENT_LINE.test(line)) {
    if (line.trim())
      addProblem(problems, { line: lineNo, message: `Not an iCalendar content line: "${clip(line)}"` });
    return;
  }
  const cut = firstDelimiter(line);
  const name = line.slice(0, cut).toLowerCase();
  if (name === 'begin' || name === 'end') {
    const componentName = line
      .slice(cut + 1)
      .trim()
      .toLowerCase();
    if (!componentName) {
      addProblem(problems, { line: lineNo, message: `${name.toUpperCase()} without a component name` });
      return;
    }
    if (name === 'begin') begin(tree, componentName, lineNo);
    else end(tree, componentName, lineNo);
    return;
  }
  const top = stack.at(-1);
  if (!top) {
    addProblem(problems, { line: lineNo, message: `Property outside any component: "${clip(line)}"` });
    return;
  }
  const component = top.component;
  if (!component) return;
  const wanted =
    component.name === 'vevent'
      ? VEVENT_PROPS.has(name)
      : component.name === 'vcalendar'
        ? VCALENDAR_PROPS.has(name)
        : true;
  if (!wanted) return;
  readProperty(problems, component, name, line, lineNo);
  if (!TEXT_GOES_ON.has(name)) return;
  const read = component.props.at(-1);
  if (read?.name === name && read.line === lineNo) tree.openText = read;
}

/**
 * Whether a line after a text is more of it: one that does not start with a property's name. A line that does
 * but is no content line (`ORGANIZER="mailto:…"`) is a broken property, reported as such, not text.
 */
function goesOnWithText(line: string): boolean {
  const name = /^[A-Za-z0-9-]*/.exec(line)![0].toLowerCase();
  return !name.startsWith('x-') && !PROPERTY_NAMES.has(name);
}

/**
 * Opens a component: kept when known and inside a kept one, else skipped whole. An event cannot sit inside an
 * event or a to-do, nor an observance inside another: one still open then lacks its END (an exporter that
 * left it out, or misspelt it), and is read as ending here, so it does not swallow the rest of the file.
 */
function begin(tree: Tree, componentName: string, lineNo: number) {
  const cannotHoldIt = NEVER_INSIDE.get(componentName);
  if (cannotHoldIt) closeUnended(tree, cannotHoldIt, componentName, lineNo);
  const parent = tree.stack.at(-1);
  const keep = KEPT.has(componentName) && (parent === undefined || parent.component !== null);
  const component = keep ? { name: componentName, props: [], children: [], line: lineNo } : null;
  if (component) {
    // A calendar inside a calendar (files concatenated inside one wrapper) is read as one of its own.
    if (parent?.component && componentName !== 'vcalendar') parent.component.children.push(component);
    else tree.roots.push(component);
  }
  tree.stack.push({ component, name: componentName, line: lineNo });
}

/** Closes the outermost open component of `kinds`, and what is open inside it, reporting it once. */
function closeUnended(tree: Tree, kinds: ReadonlySet<string>, componentName: string, lineNo: number) {
  const { stack } = tree;
  const index = stack.findIndex((open) => kinds.has(open.name));
  if (index === -1) return;
  addProblem(tree.problems, {
    line: stack[index]!.line,
    message: `${stack[index]!.name.toUpperCase()} not closed before the BEGIN:${componentName.toUpperCase()} of line ${lineNo}; it was read as ending there`,
  });
  stack.length = index;
}

/** Closes the innermost open component of that name, and reports the ones left open inside it. */
function end(tree: Tree, componentName: string, lineNo: number) {
  const { stack, problems } = tree;
  const index = findLastIndex(stack, componentName);
  if (index === -1) {
    addProblem(problems, {
      line: lineNo,
      message: `END:${componentName.toUpperCase()} without a matching BEGIN`,
    });
    return;
  }
  for (let i = stack.length - 1; i > index; i--) {
    addProblem(problems, {
      line: lineNo,
      message: `${stack[i]!.name.toUpperCase()} not closed before END:${componentName.toUpperCase()}`,
    });
  }
  stack.length = index;
}

/**
 * A date line whose TZID's closing quote came after the value (an Outlook export:
 * DTSTART;TZID="W. Europe Standard Time:20200609T090000"), which ical.js refuses.
 */
const QUOTE_AFTER_VALUE = /^([^:"]*;TZID=)"([^":]*):(\d{8}(?:T\d{4}(?:\d{2})?[Zz]?)?)"$/i;

/** The line with its TZID's closing quote before the value, when it came after it; else undefined. */
export function quoteBeforeValue(line: string): string | undefined {
  const m = QUOTE_AFTER_VALUE.exec(line);
  return m ? `${m[1]}"${m[2]}":${m[3]}` : undefined;
}

/**
 * A date line whose TZID holds a colon without quotes (DTSTART;TZID=(UTC-05:00) Eastern Time (US & Canada):…,
 * TZID=tzone://Microsoft/Eastern:…), which RFC 5545 wants quoted: the value is what follows the last colon.
 */
const UNQUOTED_COLON_TZID = /^([^:"]*;TZID=)([^";]*:[^";]*?)((?:;[A-Za-z-]+=[^;:"]*)*):([^:"]+)$/i;

/** The line with its TZID quoted, when it holds a colon unquoted and the rest reads as dates; else undefined. */
export function quoteTzidWithColon(line: string): string | undefined {
  const m = UNQUOTED_COLON_TZID.exec(line);
  if (!m || !m[4]!.split(',').every((value) => readLooseDateTime(value) !== null)) return undefined;
  return `${m[1]}"${m[2]}"${m[3]}:${m[4]}`;
}

/** The colon ending the name and parameters (a quoted parameter value may hold one); -1 without one. */
export function valueStart(line: string): number {
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '"') quoted = !quoted;
    else if (c === ':' && !quoted) return i;
  }
  return -1;
}

/** Properties that are text whatever VALUE a producer wrote on them (ical.js keeps an unknown one raw). */
const TEXT_PROPS = new Set(['summary', 'description', 'location']);

/**
 * A text property with another VALUE (SUMMARY;VALUE=STRING:…, DESCRIPTION;VALUE=HTML:…) read as the text it
 * is: its escapes (\n, \,) undone, so an agenda written in it is found. Undefined when there is none.
 */
function asText(name: string, line: string): string | undefined {
  // Most lines have no parameters at all: the name, then its colon.
  if (!TEXT_PROPS.has(name) || line.charCodeAt(name.length) === 58) return undefined;
  const colon = valueStart(line);
  if (colon === -1) return undefined;
  const params = line.slice(0, colon).split(';');
  const kept = params.filter((param, i) => i === 0 || !/^VALUE=/i.test(param) || /^VALUE=TEXT$/i.test(param));
  return kept.length === params.length ? undefined : `${kept.join(';')}${line.slice(colon)}`;
}

/** One property parsed on its own with ical.js: a bad line costs that line only. */
function readProperty(
  problems: IcsProblem[],
  component: IcsComponent,
  name: string,
  line: string,
  lineNo: number,
) {
  try {
    looseTimeRead = false;
    const misquoted = quoteBeforeValue(line);
    const unquoted = misquoted ? undefined : quoteTzidWithColon(line);
    const written = misquoted ?? unquoted ?? asText(name, line) ?? line;
    const parsed = ICAL.parse.property(written, LENIENT_DESIGN) as unknown as unknown[];
    const [propName, params, type, ...values] = parsed as [string, IcsParams, string, ...unknown[]];
    const property: IcsProperty = { name: propName, params: params ?? {}, type, values, line: lineNo };
    if (looseTimeRead) property.looseTime = true;
    if (misquoted) property.quoteAfterValue = true;
    if (unquoted) property.unquotedTzid = true;
    if (name === 'rrule' || name === 'exrule') {
      const ignored = ignoredRuleParts(written);
      if (ignored.length) property.ignoredRuleParts = ignored;
    }
    component.props.push(property);
  } catch (error) {
    addProblem(problems, {
      line: lineNo,
      message:
        `Unreadable ${name.toUpperCase()}: ${error instanceof Error ? error.message : String(error)}`.slice(
          0,
          300,
        ),
    });
    // Kept without a value: a start, end or RECURRENCE-ID that was written but cannot be read is not one
    // that was never written (an override whose RECURRENCE-ID cannot be read must not become a master).
    if (KEEP_UNREADABLE.has(name))
      component.props.push({ name, params: {}, type: UNREADABLE, values: [], line: lineNo });
  }
}

/** The parts of RFC 5545's rules, with RFC 7529's; X- parts are extensions a reader may ignore. */
const RULE_PARTS = new Set([
  'FREQ',
  'UNTIL',
  'COUNT',
  'INTERVAL',
  'BYSECOND',
  'BYMINUTE',
  'BYHOUR',
  'BYDAY',
  'BYMONTHDAY',
  'BYYEARDAY',
  'BYWEEKNO',
  'BYMONTH',
  'BYSETPOS',
  'WKST',
  'RSCALE',
  'SKIP',
]);

/**
 * What a rule says that its reading leaves out, each as written: a part no rule has (ical.js drops it without
 * a word, and a misspelt UNTIL then makes a series without end), or a COUNT or INTERVAL below one.
 */
function ignoredRuleParts(line: string): string[] {
  const value = line.slice(line.indexOf(':') + 1);
  const ignored: string[] = [];
  for (const part of value.split(';')) {
    const [rawName = '', number = ''] = part.split('=');
    const name = rawName.trim().toUpperCase();
    if (!name || name.startsWith('X-')) continue;
    if (!RULE_PARTS.has(name)) ignored.push(name);
    else if ((name === 'COUNT' || name === 'INTERVAL') && !/^\s*0*[1-9]\d*\s*$/.test(number))
      ignored.push(`${name}=${number.trim()}`);
  }
  return ignored;
}

function firstDelimiter(line: string): number {
  const colon = line.indexOf(':');
  const semicolon = line.indexOf(';');
  if (colon === -1) return semicolon;
  if (semicolon === -1) return colon;
  return Math.min(colon, semicolon);
}

function findLastIndex(stack: { name: string }[], name: string): number {
  for (let i = stack.length - 1; i >= 0; i--) if (stack[i]!.name === name) return i;
  return -1;
}

function clip(line: string): string {
  return line.length > 60 ? `${line.slice(0, 60)}…` : line;
}

/** The first property of that name. */
export function prop(component: IcsComponent, name: string): IcsProperty | undefined {
  for (const p of component.props) if (p.name === name) return p;
  return undefined;
}

export function props(component: IcsComponent, name: string): IcsProperty[] {
  return component.props.filter((p) => p.name === name);
}

/** A property's first value as text ('' when absent). */
export function text(component: IcsComponent, name: string): string {
  const value = prop(component, name)?.values[0];
  return typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
}

/** A parameter as one string (the first of a list). */
export function param(p: IcsProperty, name: string): string | undefined {
  const value = p.params[name];
  return Array.isArray(value) ? value[0] : value;
}

/** jCal form of a component (for ical.js classes such as ICAL.Timezone). */
export function toJcal(component: IcsComponent): unknown[] {
  return [
    component.name,
    component.props.map((p) => [p.name, p.params, p.type, ...p.values]),
    component.children.map(toJcal),
  ];
}
