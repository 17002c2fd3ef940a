import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateMeeting } from '../evaluation/evaluate';
import type { EvaluationContext, MeetingInput } from '../evaluation/types';
import type { EvaluationSettings } from '../settings/settings';
import { HOUR, MIN, meeting, occurrence, other, settings, T0 } from '../testing/factories';
import { periodImprovements } from './period';
import { applySuggestion, SUGGESTION_KINDS, suggestImprovements } from './suggestions';

const ctx = (
  s: Partial<EvaluationSettings> = {},
  extra: Partial<EvaluationContext> = {},
): EvaluationContext => ({
  settings: settings(s),
  ...extra,
});

describe('suggestImprovements: examples', () => {
  it('a 90-minute meeting with a 45-minute desired duration: shorten to 45 minutes', () => {
    const m = meeting({ endsAt: T0 + 90 * MIN });
    const context = ctx({ desired_duration: 45 });
    const before = evaluateMeeting(m, context).score;
    const [first, ...rest] = suggestImprovements(m, context);
    expect(rest).toEqual([]);
    expect(first?.kind).toBe('shorten');
    expect(first?.label).toBe('Shorten to 45 minutes');
    // Every other default rule passes: 95 of 100 weight → 95 before, 100 after.
    expect(before).toBe(95);
    expect(first?.text).toBe('Shorten to 45 minutes → 100, A+');
    expect(first?.gain).toBe(5);
  });

  it('no agenda and no objectives: adding the agenda (weight 20) comes before the objectives (10)', () => {
    const m = meeting({ agendaItems: [], objectives: [{ status: 'deleted' }] });
    const list = suggestImprovements(m, ctx());
    expect(list.map((s) => s.kind)).toEqual(['add_agenda', 'add_objectives']);
    // 70 of 100 pass now; with an agenda 90 of 100; with objectives 80 of 100.
    expect(list.map((s) => s.text)).toEqual(['Add an agenda → 90, A-', 'Add objectives → 80, B-']);
  });

  it('too many people, short notice, no intention, no conference info', () => {
    const m = meeting({
      attendeesCount: 12,
      invitedAt: T0 - 2 * HOUR,
      intention: null,
      summary: 'Chat',
      location: null,
    });
    const list = suggestImprovements(m, ctx(), { limit: Number.POSITIVE_INFINITY });
    expect(list.map((s) => s.label)).toEqual([
      'Invite people more than 24 hours ahead',
      'Choose an intention',
      'Invite at most 8 people',
      'Add a conference link or a location',
    ]);
    expect(list.map((s) => s.gain)).toEqual([...list.map((s) => s.gain)].sort((a, b) => b - a));
  });

  it('a conflict with a Wellness block: moved to the first free slot of the day, later first', () => {
    const m = meeting({ startsAt: T0, endsAt: T0 + 30 * MIN });
    const context = ctx({}, { blockOccurrences: [occurrence({ start: T0 - HOUR, end: T0 + HOUR })] });
    const [move] = suggestImprovements(m, context, { timeZone: 'UTC' });
    expect(move?.kind).toBe('move');
    expect(move?.change).toEqual({ kind: 'move', startsAt: T0 + HOUR, endsAt: T0 + HOUR + 30 * MIN });
    expect(move?.label).toBe('Move to 4:00 pm, clear of Wellness blocks and conflicts');
    expect(move?.text).toBe('Move to 4:00 pm, clear of Wellness blocks and conflicts → 100, A+');
  });

  it('a move is shown in the person zone and stays within their working day', () => {
    const m = meeting({ startsAt: T0, endsAt: T0 + 30 * MIN });
    // 15:00 UTC is 11:00 in New York (EDT on 2025-03-10). The block covers 10:00-17:00 New York time.
    const context = ctx({}, { blockOccurrences: [occurrence({ start: T0 - HOUR, end: T0 + 6 * HOUR })] });
    const [move] = suggestImprovements(m, context, { timeZone: 'America/New_York' });
    expect(move?.label).toBe('Move to 9:30 am, clear of Wellness blocks and conflicts');
    expect(suggestImprovements(m, context, { timeZone: 'America/New_York', maxMoveSteps: 4 })).toEqual([]);
  });

  it('a move never starts before now', () => {
    const m = meeting({ startsAt: T0, endsAt: T0 + 30 * MIN });
    // Busy 15:00-17:00; 14:45 would be free but is before now; 17:00 is the first free slot.
    const context = ctx({}, { otherMeetings: [other({ startsAt: T0, endsAt: T0 + 2 * HOUR })] });
    const [move] = suggestImprovements(m, context, { now: T0 - 10 * MIN });
    expect(move?.change).toEqual({ kind: 'move', startsAt: T0 + 2 * HOUR, endsAt: T0 + 2 * HOUR + 30 * MIN });
    const [early] = suggestImprovements(m, context, { now: T0 - 5 * HOUR });
    expect(early?.change).toEqual({ kind: 'move', startsAt: T0 - 30 * MIN, endsAt: T0 });
    expect(move?.rule).toBe('meeting_conflict');
  });

  it('not scored meetings and perfect meetings get none', () => {
    expect(suggestImprovements(meeting({ attendeesCount: 1, agendaItems: [] }), ctx())).toEqual([]);
    expect(suggestImprovements(meeting({ skipEvaluation: true, agendaItems: [] }), ctx())).toEqual([]);
    expect(suggestImprovements(meeting(), ctx())).toEqual([]);
  });

  it('the limit keeps the largest gains', () => {
    const m = meeting({ agendaItems: [], objectives: [], location: null, endsAt: T0 + 2 * HOUR });
    const all = suggestImprovements(m, ctx(), { limit: Number.POSITIVE_INFINITY });
    expect(all).toHaveLength(4);
    expect(suggestImprovements(m, ctx(), { limit: 2 })).toEqual(all.slice(0, 2));
  });
});

const settingsArb = fc.record({
  focus_block_conflict: fc.constantFrom<'block' | 'allow'>('block', 'allow'),
  meeting_conflict: fc.constantFrom<'block' | 'allow'>('block', 'allow'),
  last_minute_schedule: fc.option(fc.integer({ min: 1, max: 72 })),
  max_attendees: fc.option(fc.integer({ min: 2, max: 12 })),
  desired_duration: fc.option(fc.constantFrom(15, 30, 45, 60, 90)),
  required_agenda: fc.boolean(),
  required_objectives: fc.boolean(),
  required_intention: fc.boolean(),
  required_conference_info: fc.boolean(),
  required_prework: fc.boolean(),
  ignore_all_hands_meetings: fc.boolean(),
});

const meetingArb = fc.record({
  startStep: fc.integer({ min: -16, max: 16 }),
  minutes: fc.integer({ min: 5, max: 240 }),
  attendeesCount: fc.integer({ min: 1, max: 20 }),
  noticeHours: fc.option(fc.integer({ min: 0, max: 96 })),
  intention: fc.option(fc.constantFrom('standup', 'planning', 'all_hands')),
  summary: fc.constantFrom('Chat', 'Daily standup', 'Q3 all hands', 'Sprint planning'),
  agenda: fc.boolean(),
  objectives: fc.boolean(),
  location: fc.option(fc.constantFrom('Room 1', 'https://meet.google.com/abc-defg-hij')),
  blocks: fc.array(
    fc.record({ from: fc.integer({ min: -16, max: 24 }), len: fc.integer({ min: 1, max: 12 }) }),
    {
      maxLength: 3,
    },
  ),
  others: fc.array(
    fc.record({ from: fc.integer({ min: -16, max: 24 }), len: fc.integer({ min: 1, max: 12 }) }),
    {
      maxLength: 3,
    },
  ),
});

type Spec = typeof meetingArb extends fc.Arbitrary<infer T> ? T : never;

function build(spec: Spec): MeetingInput {
  const start = T0 + spec.startStep * 15 * MIN;
  return meeting({
    startsAt: start,
    endsAt: start + spec.minutes * MIN,
    attendeesCount: spec.attendeesCount,
    invitedAt: spec.noticeHours === null ? null : start - spec.noticeHours * HOUR,
    intention: spec.intention,
    summary: spec.summary,
    agendaItems: spec.agenda ? [{ status: 'active' }] : [],
    objectives: spec.objectives ? [{ status: 'active' }] : [{ status: 'deleted' }],
    location: spec.location,
  });
}

function contextOf(spec: Spec, s: Partial<EvaluationSettings>): EvaluationContext {
  return ctx(s, {
    blockOccurrences: spec.blocks.map((b, i) =>
      occurrence({ blockId: `b${i}`, start: T0 + b.from * 15 * MIN, end: T0 + (b.from + b.len) * 15 * MIN }),
    ),
    otherMeetings: spec.others.map((o, i) =>
      other({
        id: `o${i}`,
        eventKey: `o${i}`,
        startsAt: T0 + o.from * 15 * MIN,
        endsAt: T0 + (o.from + o.len) * 15 * MIN,
      }),
    ),
  });
}

const all = { limit: Number.POSITIVE_INFINITY, timeZone: 'UTC' };

describe('suggestImprovements: properties', () => {
  it("every suggestion's score and grade are the changed meeting's evaluation, and each raises the score", () => {
    fc.assert(
      fc.property(meetingArb, settingsArb, (spec, s) => {
        const m = build(spec);
        const context = contextOf(spec, s);
        const before = evaluateMeeting(m, context).score;
        for (const suggestion of suggestImprovements(m, context, all)) {
          const after = evaluateMeeting(applySuggestion(m, suggestion.change), context);
          expect(after.score).toBe(suggestion.score);
          expect(after.letter_grade).toBe(suggestion.letter_grade);
          expect(before).not.toBeNull();
          expect(suggestion.gain).toBe(suggestion.score - (before as number));
          expect(suggestion.gain).toBeGreaterThan(0);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('suggestions are ordered by gain, largest first, equal gains in the kinds order, one per kind', () => {
    fc.assert(
      fc.property(meetingArb, settingsArb, (spec, s) => {
        const list = suggestImprovements(build(spec), contextOf(spec, s), all);
        expect(new Set(list.map((x) => x.kind)).size).toBe(list.length);
        for (let i = 1; i < list.length; i++) {
          const a = list[i - 1]!;
          const b = list[i]!;
          expect(a.gain).toBeGreaterThanOrEqual(b.gain);
          if (a.gain === b.gain)
            expect(SUGGESTION_KINDS.indexOf(a.kind)).toBeLessThan(SUGGESTION_KINDS.indexOf(b.kind));
        }
      }),
      { numRuns: 400 },
    );
  });

  it('a perfect or unscored meeting gets none; a meeting with a failed weighed rule that can be fixed gets one', () => {
    fc.assert(
      fc.property(meetingArb, settingsArb, (spec, s) => {
        const m = build(spec);
        const context = contextOf(spec, s);
        const evaluation = evaluateMeeting(m, context);
        const list = suggestImprovements(m, context, all);
        if (evaluation.score === null || evaluation.score === 100) expect(list).toEqual([]);
        const fixable = evaluation.failed_rules.filter((r) =>
          ['required_agenda', 'required_objectives', 'required_conference_info', 'desired_duration'].includes(
            r,
          ),
        );
        if (fixable.length > 0) expect(list.length).toBeGreaterThan(0);
      }),
      { numRuns: 300 },
    );
  });

  it('the top few are the first of the full list', () => {
    fc.assert(
      fc.property(meetingArb, settingsArb, fc.integer({ min: 1, max: 4 }), (spec, s, limit) => {
        const m = build(spec);
        const context = contextOf(spec, s);
        expect(suggestImprovements(m, context, { ...all, limit })).toEqual(
          suggestImprovements(m, context, all).slice(0, limit),
        );
      }),
      { numRuns: 200 },
    );
  });
});

describe('periodImprovements', () => {
  it('lifts the average by the sum of the gains over every meeting of the period', () => {
    const list = periodImprovements([
      { score: 70, suggestions: [{ kind: 'add_agenda', rule: 'required_agenda', gain: 20 }] },
      {
        score: 80,
        suggestions: [
          { kind: 'add_agenda', rule: 'required_agenda', gain: 20 },
          { kind: 'shorten', rule: 'desired_duration', gain: 5 },
        ],
      },
      { score: 100, suggestions: [] },
    ]);
    expect(list).toEqual([
      {
        kind: 'add_agenda',
        label: 'Add an agenda',
        meetings: 2,
        average_now: 83.3,
        average_after: 96.7,
        lift: 13.3,
      },
      {
        kind: 'shorten',
        label: 'Keep meetings to the desired duration',
        meetings: 1,
        average_now: 83.3,
        average_after: 85,
        lift: 1.7,
      },
    ]);
  });

  it('a sample of the period: the same averages, each count scaled to the period', () => {
    const sample = [
      {
        score: 70,
        suggestions: [{ kind: 'add_agenda' as const, rule: 'required_agenda' as const, gain: 20 }],
      },
      { score: 90, suggestions: [] },
    ];
    const [whole] = periodImprovements(sample);
    const [scaled] = periodImprovements(sample, 3, 1_001);
    expect(scaled).toEqual({ ...whole, meetings: 501 });
  });

  it('property: a period sampled evenly counts as the period it stands for', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            score: fc.integer({ min: 0, max: 100 }),
            gain: fc.integer({ min: 0, max: 100 }),
          }),
          { minLength: 1, maxLength: 50 },
        ),
        fc.integer({ min: 1, max: 40 }),
        (sample, copies) => {
          const entries = sample.map(({ score, gain }) => ({
            score,
            suggestions: [{ kind: 'add_agenda' as const, rule: 'required_agenda' as const, gain }],
          }));
          // The whole period: every sampled meeting `copies` times.
          const period = entries.flatMap((entry) => Array.from({ length: copies }, () => entry));
          expect(periodImprovements(entries, 3, period.length)).toEqual(periodImprovements(period, 3));
        },
      ),
    );
  });

  it('no meetings: nothing', () => {
    expect(periodImprovements([])).toEqual([]);
  });

  it('property: every lift is the mean gain of its kind, ordered by lift', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(meetingArb, settingsArb), { minLength: 1, maxLength: 20 }), (pairs) => {
        const entries = pairs
          .map(([spec, s]) => {
            const m = build(spec);
            const context = contextOf(spec, s);
            return {
              score: evaluateMeeting(m, context).score,
              suggestions: suggestImprovements(m, context, all),
            };
          })
          .filter((e): e is { score: number; suggestions: typeof e.suggestions } => e.score !== null);
        const result = periodImprovements(entries, 10);
        for (const item of result) {
          const total = entries.reduce(
            (sum, e) => sum + (e.suggestions.find((x) => x.kind === item.kind)?.gain ?? 0),
            0,
          );
          expect(item.lift).toBeCloseTo(Math.round((total / entries.length) * 10) / 10, 5);
          expect(item.lift).toBeGreaterThan(0);
        }
        for (let i = 1; i < result.length; i++)
          expect(result[i - 1]!.lift).toBeGreaterThanOrEqual(result[i]!.lift);
      }),
      { numRuns: 100 },
    );
  });
});
