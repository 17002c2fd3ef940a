import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EVALUATED_RULE_KEYS, RULE_WEIGHTS_OUT_OF_100, type RuleKey } from '../constants/rules';
import { parseDescription } from '../parser/description';
import { DEFAULT_EVALUATION_SETTINGS, type EvaluationSettings } from '../settings/settings';
import { HOUR, MIN, meeting, occurrence, other, settings, T0 } from '../testing/factories';
import { evaluateMeeting, notScoredReason, scoreFromOutcomes } from './evaluate';
import type { MeetingInput, RuleOutcome } from './types';

const ctx = (s: Partial<EvaluationSettings> = {}, extra: object = {}) => ({
  settings: settings(s),
  ...extra,
});

describe('not scored (SCORING §2)', () => {
  it.each<[string, Partial<MeetingInput>, Partial<EvaluationSettings>, string]>([
    ['cancelled', { status: 'cancelled' }, {}, 'cancelled'],
    ['deleted', { status: 'deleted' }, {}, 'cancelled'],
    ['marked all day', { allDay: true }, {}, 'all_day'],
    ['exactly 6 hours', { endsAt: T0 + 6 * HOUR }, {}, 'all_day'],
    ['over 6 hours', { endsAt: T0 + 7 * HOUR }, {}, 'all_day'],
    ['end before start', { endsAt: T0 - MIN }, {}, 'all_day'],
    ['skip_evaluation', { skipEvaluation: true }, {}, 'skipped'],
    ["maybe_wellness_block 'true'", { maybeWellnessBlock: 'true' }, {}, 'possible_wellness_block'],
    ['maybe_wellness_block true', { maybeWellnessBlock: true }, {}, 'possible_wellness_block'],
    ['a Wellness block event', { wellnessBlockId: 'b1' }, {}, 'wellness_block'],
    ['a daily report event', { eventReportCardId: 'r1' }, {}, 'daily_report'],
    ['one person', { attendeesCount: 1 }, {}, 'too_few_attendees'],
    ['no attendees count, organizer only', { attendeesCount: null, attendees: [] }, {}, 'too_few_attendees'],
    [
      'organizer listed as the only attendee',
      { attendeesCount: null, attendees: [{ email: 'BOSS@acme.com' }] },
      {},
      'too_few_attendees',
    ],
    ['all hands while ignored', { intention: 'all_hands' }, { ignore_all_hands_meetings: true }, 'all_hands'],
    ['all hands from the title', { intention: null, summary: 'Q3 All Hands' }, {}, 'all_hands'],
  ])('%s', (_name, overrides, s, reason) => {
    const result = evaluateMeeting(meeting(overrides), ctx(s));
    expect(result.score).toBeNull();
    expect(result.not_scored_reason).toBe(reason);
    expect(result.quality_label).toBeNull();
    expect(result.details_negative).toEqual([]);
    expect(result.results).toEqual({});
  });

  it.each<[string, Partial<MeetingInput>, Partial<EvaluationSettings>]>([
    ['two people', { attendeesCount: 2 }, {}],
    [
      'organizer plus one listed attendee',
      { attendeesCount: null, attendees: [{ email: 'me@acme.com' }] },
      {},
    ],
    ['all hands when not ignored', { intention: 'all_hands' }, { ignore_all_hands_meetings: false }],
    ['verified_false possible block', { maybeWellnessBlock: 'verified_false' }, {}],
    ['5 hours 59 minutes', { endsAt: T0 + 6 * HOUR - MIN }, {}],
    ['tentative', { status: 'tentative' }, {}],
  ])('scored: %s', (_name, overrides, s) => {
    expect(notScoredReason(meeting(overrides), settings(s))).toBeNull();
    expect(evaluateMeeting(meeting(overrides), ctx(s)).score).not.toBeNull();
  });
});

type RuleCase = [string, RuleKey, Partial<MeetingInput>, object, RuleOutcome, string];

const cases: RuleCase[] = [
  ['no block occurrence', 'focus_block_conflict', {}, {}, 'pass', 'No conflict with your Wellness blocks'],
  [
    'block overlapping',
    'focus_block_conflict',
    {},
    { blockOccurrences: [occurrence()] },
    'fail',
    'Conflicts with your Wellness block "Deep work"',
  ],
  [
    'two blocks overlapping',
    'focus_block_conflict',
    { endsAt: T0 + 2 * HOUR },
    {
      blockOccurrences: [
        occurrence(),
        occurrence({ blockId: 'b2', label: 'Lunch', start: T0 + HOUR, end: T0 + 2 * HOUR }),
      ],
    },
    'fail',
    'Conflicts with your Wellness blocks "Deep work" and "Lunch"',
  ],
  [
    'block overlapping exactly one minute',
    'focus_block_conflict',
    {},
    { blockOccurrences: [occurrence({ start: T0 + 29 * MIN, end: T0 + HOUR })] },
    'pass',
    'No conflict with your Wellness blocks',
  ],
  [
    'block overlapping two minutes',
    'focus_block_conflict',
    {},
    { blockOccurrences: [occurrence({ start: T0 + 28 * MIN, end: T0 + HOUR })] },
    'fail',
    'Conflicts with your Wellness block "Deep work"',
  ],
  [
    'block touching',
    'focus_block_conflict',
    {},
    { blockOccurrences: [occurrence({ start: T0 + 30 * MIN, end: T0 + HOUR })] },
    'pass',
    'No conflict with your Wellness blocks',
  ],
  ['no other meeting', 'meeting_conflict', {}, {}, 'pass', 'No conflict with your other meetings'],
  [
    'accepted meeting overlapping',
    'meeting_conflict',
    {},
    { otherMeetings: [other()] },
    'fail',
    'Conflicts with your meeting "Design review"',
  ],
  [
    'organized meeting overlapping',
    'meeting_conflict',
    {},
    { otherMeetings: [other({ responseStatus: 'needsAction', userIsOrganizer: true })] },
    'fail',
    'Conflicts with your meeting "Design review"',
  ],
  [
    'declined meeting overlapping',
    'meeting_conflict',
    {},
    { otherMeetings: [other({ responseStatus: 'declined' })] },
    'pass',
    'No conflict with your other meetings',
  ],
  [
    'unanswered meeting overlapping',
    'meeting_conflict',
    {},
    { otherMeetings: [other({ responseStatus: 'needsAction' })] },
    'pass',
    'No conflict with your other meetings',
  ],
  [
    'all-day meeting overlapping',
    'meeting_conflict',
    {},
    { otherMeetings: [other({ allDay: true })] },
    'pass',
    'No conflict with your other meetings',
  ],
  [
    'cancelled meeting overlapping',
    'meeting_conflict',
    {},
    { otherMeetings: [other({ status: 'cancelled' })] },
    'pass',
    'No conflict with your other meetings',
  ],
  [
    'unscoreable meeting overlapping',
    'meeting_conflict',
    {},
    { otherMeetings: [other({ scoreable: false })] },
    'pass',
    'No conflict with your other meetings',
  ],
  [
    'itself in the list',
    'meeting_conflict',
    {},
    { otherMeetings: [other({ id: 'm1' }), other({ id: 'x', eventKey: 'e1' })] },
    'pass',
    'No conflict with your other meetings',
  ],
  [
    'an untitled meeting',
    'meeting_conflict',
    {},
    { otherMeetings: [other({ summary: '' })] },
    'fail',
    'Conflicts with another of your meetings',
  ],
  [
    'four meetings',
    'meeting_conflict',
    {},
    { otherMeetings: [1, 2, 3, 4].map((i) => other({ id: `o${i}`, eventKey: `k${i}`, summary: `M${i}` })) },
    'fail',
    'Conflicts with 4 of your meetings',
  ],
  ['invited 72 hours ahead', 'last_minute_schedule', {}, {}, 'pass', 'Scheduled more than 24 hours ahead'],
  [
    'invited exactly 24 hours ahead',
    'last_minute_schedule',
    { invitedAt: T0 - 24 * HOUR },
    {},
    'fail',
    'Scheduled last minute (24 hours or less ahead)',
  ],
  [
    'invited 24 hours and a minute ahead',
    'last_minute_schedule',
    { invitedAt: T0 - 24 * HOUR - MIN },
    {},
    'pass',
    'Scheduled more than 24 hours ahead',
  ],
  [
    'invitation time unknown',
    'last_minute_schedule',
    { invitedAt: null },
    {},
    'maybe',
    'Not known when this meeting was scheduled',
  ],
  ['4 attendees, max 8', 'max_attendees', {}, {}, 'pass', 'Has 4 attendees (8 or fewer)'],
  ['8 attendees, max 8', 'max_attendees', { attendeesCount: 8 }, {}, 'pass', 'Has 8 attendees (8 or fewer)'],
  ['9 attendees, max 8', 'max_attendees', { attendeesCount: 9 }, {}, 'fail', 'Has 9 attendees (more than 8)'],
  ['30 minutes, max 60', 'desired_duration', {}, {}, 'pass', 'Lasts 30 minutes (60 minutes or less)'],
  [
    '60 minutes, max 60',
    'desired_duration',
    { endsAt: T0 + HOUR },
    {},
    'pass',
    'Lasts 1 hour (60 minutes or less)',
  ],
  [
    '90 minutes, max 60',
    'desired_duration',
    { endsAt: T0 + 90 * MIN },
    {},
    'fail',
    'Lasts 1 hour 30 minutes (more than 60 minutes)',
  ],
  ['an agenda item', 'required_agenda', {}, {}, 'pass', 'Has an agenda'],
  ['no agenda items', 'required_agenda', { agendaItems: [] }, {}, 'fail', 'No agenda'],
  [
    'only deleted agenda items',
    'required_agenda',
    { agendaItems: [{ status: 'deleted' }] },
    {},
    'fail',
    'No agenda',
  ],
  [
    'agenda from the parsed description',
    'required_agenda',
    { agendaItems: undefined, parsedDescription: parseDescription('Agenda\n- Intro') },
    {},
    'pass',
    'Has an agenda',
  ],
  [
    'attached list wins over the parsed description',
    'required_agenda',
    { agendaItems: [{ status: 'deleted' }], parsedDescription: parseDescription('Agenda\n- Intro') },
    {},
    'fail',
    'No agenda',
  ],
  ['an intention', 'required_intention', {}, {}, 'pass', 'Has an intention'],
  [
    'an intention from the title',
    'required_intention',
    { intention: null, summary: 'Daily standup' },
    {},
    'pass',
    'Has an intention',
  ],
  ['no intention', 'required_intention', { intention: null, summary: 'Chat' }, {}, 'fail', 'No intention'],
  ['a location', 'required_conference_info', {}, {}, 'pass', 'Has video conferencing or a location'],
  [
    'conference data',
    'required_conference_info',
    { location: null, conferenceUrl: 'https://meet.google.com/abc-defg-hij' },
    {},
    'pass',
    'Has video conferencing or a location',
  ],
  [
    'a Zoom link in the description',
    'required_conference_info',
    { location: null, description: 'Join https://acme.zoom.us/j/123456' },
    {},
    'pass',
    'Has video conferencing or a location',
  ],
  [
    'a link in the parsed description',
    'required_conference_info',
    {
      location: '  ',
      parsedDescription: parseDescription(
        '<a href="https://teams.microsoft.com/l/meetup-join/19%3a">Join</a>',
      ),
    },
    {},
    'pass',
    'Has video conferencing or a location',
  ],
  [
    'nothing',
    'required_conference_info',
    { location: null, description: 'See you there' },
    {},
    'fail',
    'No video conferencing or location',
  ],
  ['an objective', 'required_objectives', {}, {}, 'pass', 'Has objectives'],
  ['no objectives', 'required_objectives', { objectives: [] }, {}, 'fail', 'No objectives'],
];

describe('rules (SCORING §3), default evaluation settings', () => {
  it.each(cases)('%s → %s %s', (_name, key, overrides, extra, outcome, sentence) => {
    const result = evaluateMeeting(meeting(overrides), ctx({}, extra));
    expect(result.outcomes[key]).toBe(outcome);
    const list =
      outcome === 'pass'
        ? result.details_positive
        : outcome === 'fail'
          ? result.details_negative
          : result.details_maybe;
    expect(list).toContain(sentence);
    if (outcome === 'maybe') expect(result.results[key]).toBeUndefined();
    else
      expect(result.results[key]).toEqual({
        score: outcome === 'pass' ? 100 : 0,
        weight: RULE_WEIGHTS_OUT_OF_100[key],
        points: outcome === 'pass' ? RULE_WEIGHTS_OUT_OF_100[key] : 0,
        letter_grade: outcome === 'pass' ? 'A+' : 'F',
      });
    if (outcome === 'fail') {
      expect(result.failed_rules).toContain(key);
      expect(result.violations[key]).toBe(sentence);
    }
  });

  it('pre-work is evaluated when required, shown but not weighed', () => {
    const s = { required_prework: true };
    const without = evaluateMeeting(meeting(), ctx(s));
    expect(without.outcomes.required_prework).toBe('fail');
    expect(without.details_negative).toContain('No pre-work');
    expect(without.results.required_prework).toEqual({ score: 0, weight: 0, points: 0, letter_grade: 'F' });
    expect(without.score).toBe(100);
    const withPrework = evaluateMeeting(meeting({ preworkItems: [{}] }), ctx(s));
    expect(withPrework.details_positive).toContain('Has pre-work');
  });

  it('runs only enabled rules', () => {
    const result = evaluateMeeting(
      meeting(),
      ctx({
        focus_block_conflict: 'allow',
        meeting_conflict: 'allow',
        last_minute_schedule: null,
        max_attendees: 'Ignore',
        desired_duration: null,
        required_agenda: false,
        required_objectives: false,
        required_intention: false,
        required_conference_info: false,
        required_prework: false,
      }),
    );
    expect(result.outcomes).toEqual({});
    expect(result.score).toBe(100);
    expect(result.quality_label).toBe('perfect');
  });

  it('default settings run every weighted rule and pass a good meeting with 100', () => {
    const result = evaluateMeeting(meeting(), { settings: DEFAULT_EVALUATION_SETTINGS });
    expect(Object.keys(result.outcomes).sort()).toEqual(
      [
        'focus_block_conflict',
        'meeting_conflict',
        'last_minute_schedule',
        'max_attendees',
        'desired_duration',
        'required_agenda',
        'required_intention',
        'required_conference_info',
        'required_objectives',
      ].sort(),
    );
    expect(result).toMatchObject({
      score: 100,
      quality_label: 'perfect',
      letter_grade: 'A+',
      tier: 'success',
      color: '#1db08c',
      details_negative: [],
      failed_rules: [],
    });
  });
});

describe('score (SCORING §4)', () => {
  it('the spec example: agenda fails, conference info and duration pass → 26', () => {
    const result = evaluateMeeting(
      meeting({ agendaItems: [] }),
      ctx({
        focus_block_conflict: 'allow',
        meeting_conflict: 'allow',
        last_minute_schedule: null,
        max_attendees: null,
        required_intention: false,
        required_objectives: false,
      }),
    );
    expect(result.score).toBe(26);
    expect(result.quality_label).toBe('very low');
    expect(result.letter_grade).toBe('F');
    expect(result.tier).toBe('danger');
    expect(result.color).toBe('#ff3146');
    expect(result.details_negative).toEqual(['No agenda']);
    expect(result.details_positive).toEqual([
      'Lasts 30 minutes (60 minutes or less)',
      'Has video conferencing or a location',
    ]);
  });

  it('a maybe is left out of the sums', () => {
    const base = { focus_block_conflict: 'allow', meeting_conflict: 'allow' } as const;
    const known = evaluateMeeting(meeting({ agendaItems: [] }), ctx(base));
    const unknown = evaluateMeeting(meeting({ agendaItems: [], invitedAt: null }), ctx(base));
    // known: weights 15 + 5 + 5 + 20(fail) + 6 + 2 + 10 = 63, passing 43 → 68; unknown drops the 15 → 28/48 → 58.
    expect(known.score).toBe(Math.round((43 * 100) / 63));
    expect(unknown.score).toBe(Math.round((28 * 100) / 48));
    expect(unknown.details_maybe).toEqual(['Not known when this meeting was scheduled']);
  });

  it.each<[Partial<Record<RuleKey, RuleOutcome>>, number]>([
    [{}, 100],
    [{ required_prework: 'fail' }, 100],
    [{ last_minute_schedule: 'maybe' }, 100],
    [{ required_agenda: 'fail', required_conference_info: 'pass', desired_duration: 'pass' }, 26],
    [{ focus_block_conflict: 'fail', meeting_conflict: 'pass' }, 43],
    [Object.fromEntries(EVALUATED_RULE_KEYS.map((k) => [k, 'fail'])), 0],
    [Object.fromEntries(EVALUATED_RULE_KEYS.map((k) => [k, 'pass'])), 100],
  ])('scoreFromOutcomes(%j) = %i', (outcomes, score) => {
    expect(scoreFromOutcomes(outcomes)).toBe(score);
  });
});

const outcomeArb = fc.constantFrom<RuleOutcome>('pass', 'fail', 'maybe');
const outcomesArb = fc.record(
  Object.fromEntries(EVALUATED_RULE_KEYS.map((k) => [k, outcomeArb])) as Record<
    RuleKey,
    fc.Arbitrary<RuleOutcome>
  >,
  { requiredKeys: [] },
);

const meetingArb = fc.record({
  duration: fc.integer({ min: 1, max: 500 }),
  attendees: fc.integer({ min: 0, max: 40 }),
  invitedHoursBefore: fc.option(fc.integer({ min: 0, max: 200 })),
  agenda: fc.boolean(),
  objectives: fc.boolean(),
  location: fc.boolean(),
  intention: fc.option(fc.constantFrom('standup', 'planning', 'all_hands')),
  blockOffset: fc.option(fc.integer({ min: -120, max: 120 })),
  otherOffset: fc.option(fc.integer({ min: -120, max: 120 })),
});

type MeetingSpec = typeof meetingArb extends fc.Arbitrary<infer T> ? T : never;

function fromArb(m: MeetingSpec) {
  const input = meeting({
    endsAt: T0 + m.duration * MIN,
    attendeesCount: m.attendees,
    invitedAt: m.invitedHoursBefore === null ? null : T0 - m.invitedHoursBefore * HOUR,
    agendaItems: m.agenda ? [{}] : [],
    objectives: m.objectives ? [{}] : [],
    location: m.location ? 'Room' : null,
    intention: m.intention,
    summary: 'Chat',
  });
  const context = {
    settings: DEFAULT_EVALUATION_SETTINGS,
    blockOccurrences:
      m.blockOffset === null
        ? []
        : [occurrence({ start: T0 + m.blockOffset * MIN, end: T0 + (m.blockOffset + 45) * MIN })],
    otherMeetings:
      m.otherOffset === null
        ? []
        : [other({ startsAt: T0 + m.otherOffset * MIN, endsAt: T0 + (m.otherOffset + 30) * MIN })],
  };
  return { input, context };
}

describe('properties', () => {
  it('the score is null or an integer in 0–100', () => {
    fc.assert(
      fc.property(meetingArb, (m) => {
        const { input, context } = fromArb(m);
        const { score } = evaluateMeeting(input, context);
        return score === null || (Number.isInteger(score) && score >= 0 && score <= 100);
      }),
    );
  });

  it('scoreFromOutcomes is an integer in 0–100', () => {
    fc.assert(
      fc.property(
        outcomesArb,
        (o) =>
          Number.isInteger(scoreFromOutcomes(o)) && scoreFromOutcomes(o) >= 0 && scoreFromOutcomes(o) <= 100,
      ),
    );
  });

  it('making a failing rule pass never lowers the score', () => {
    fc.assert(
      fc.property(outcomesArb, fc.constantFrom(...EVALUATED_RULE_KEYS), (outcomes, key) => {
        const failing = { ...outcomes, [key]: 'fail' as const };
        const passing = { ...outcomes, [key]: 'pass' as const };
        return scoreFromOutcomes(passing) >= scoreFromOutcomes(failing);
      }),
    );
  });

  it('adding an agenda, objectives or a location never lowers a meeting score', () => {
    fc.assert(
      fc.property(
        meetingArb,
        fc.constantFrom('agenda', 'objectives', 'location') as fc.Arbitrary<'agenda'>,
        (m, fix) => {
          const before = fromArb({ ...m, [fix]: false });
          const after = fromArb({ ...m, [fix]: true });
          const a = evaluateMeeting(before.input, before.context).score;
          const b = evaluateMeeting(after.input, after.context).score;
          return a === null || b === null || b >= a;
        },
      ),
    );
  });

  it('removing a conflict never lowers a meeting score', () => {
    fc.assert(
      fc.property(meetingArb, (m) => {
        const withConflicts = fromArb(m);
        const without = fromArb({ ...m, blockOffset: null, otherOffset: null });
        const a = evaluateMeeting(withConflicts.input, withConflicts.context).score;
        const b = evaluateMeeting(without.input, without.context).score;
        return a === null || b === null || b >= a;
      }),
    );
  });

  it('evaluation is deterministic', () => {
    fc.assert(
      fc.property(meetingArb, (m) => {
        const one = fromArb(m);
        const two = fromArb(m);
        expect(evaluateMeeting(one.input, one.context)).toEqual(evaluateMeeting(two.input, two.context));
        expect(evaluateMeeting(one.input, one.context)).toEqual(evaluateMeeting(one.input, one.context));
      }),
    );
  });

  it('the score is the weighted mean of the results', () => {
    fc.assert(
      fc.property(meetingArb, (m) => {
        const { input, context } = fromArb(m);
        const r = evaluateMeeting(input, context);
        if (r.score === null) return true;
        const entries = Object.values(r.results).filter((x) => x.weight > 0);
        const total = entries.reduce((s, x) => s + x.weight, 0);
        const points = entries.reduce((s, x) => s + x.points, 0);
        return r.score === (total === 0 ? 100 : Math.round((points * 100) / total));
      }),
    );
  });
});
