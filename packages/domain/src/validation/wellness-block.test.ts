import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  chooseFromTime,
  chooseToTime,
  DEFAULT_TIME_RANGE,
  formatTimeOfDay,
  initialTimeRange,
  isValidTimeRange,
  parseTimeOfDay,
  timeOfDayOptions,
} from './time-range';
import {
  type ExistingWellnessBlock,
  isWellnessBlockEditable,
  newWellnessBlockDraft,
  validateWellnessBlock,
  type WellnessBlockDraft,
} from './wellness-block';

const draft = (overrides: Partial<WellnessBlockDraft> = {}): WellnessBlockDraft => ({
  ...newWellnessBlockDraft([{ id: 'cal1' }]),
  label: 'Deep work',
  weekdays: [1, 3],
  ...overrides,
});
const lunch: ExistingWellnessBlock = {
  id: 'lunch',
  weekdays: [1, 2, 3, 4, 5],
  startMinute: 12 * 60,
  endMinute: 13 * 60,
};

describe('validateWellnessBlock (docs/spec/personal-app.md §5)', () => {
  it('defaults for a new block: 1:00 pm – 2:00 pm, focus, first calendar, no days', () => {
    expect(newWellnessBlockDraft([{ id: 'cal1' }, { id: 'cal2' }])).toEqual({
      id: null,
      label: '',
      category: 'focus',
      weekdays: [],
      startMinute: 780,
      endMinute: 840,
      calendarId: 'cal1',
    });
    expect(newWellnessBlockDraft().calendarId).toBeNull();
  });

  it.each<[string, Partial<WellnessBlockDraft>, string | null]>([
    ['valid', {}, null],
    ['no label', { label: '' }, 'Please add a label.'],
    ['blank label', { label: '   ' }, 'Please add a label.'],
    ['no days', { weekdays: [] }, 'Please pick one or multiple days.'],
    ['invalid days only', { weekdays: [7, -1] }, 'Please pick one or multiple days.'],
    ['start after end', { startMinute: 900, endMinute: 840 }, 'Please pick a valid start and end time.'],
    ['start equals end', { startMinute: 840, endMinute: 840 }, 'Please pick a valid start and end time.'],
    ['missing time', { startMinute: null }, 'Please pick a valid start and end time.'],
    [
      'overlapping lunch on Monday',
      { startMinute: 12 * 60 + 30, endMinute: 14 * 60 },
      "Please pick a time range that doesn't overlap with an existing Wellness block.",
    ],
    ['touching lunch', { startMinute: 13 * 60, endMinute: 14 * 60 }, null],
    ['one minute into lunch (tolerance)', { startMinute: 12 * 60 + 59, endMinute: 14 * 60 }, null],
    [
      'two minutes into lunch',
      { startMinute: 12 * 60 + 58, endMinute: 14 * 60 },
      "Please pick a time range that doesn't overlap with an existing Wellness block.",
    ],
    ['same time on a weekend', { weekdays: [0, 6], startMinute: 12 * 60, endMinute: 13 * 60 }, null],
    ['editing lunch itself', { id: 'lunch', weekdays: [1], startMinute: 12 * 60, endMinute: 13 * 60 }, null],
  ])('%s', (_name, overrides, message) => {
    const result = validateWellnessBlock(draft(overrides), [lunch]);
    expect(result.message).toBe(message);
    expect(result.valid).toBe(message === null);
  });

  it('reports every error, the first as the message', () => {
    const result = validateWellnessBlock(draft({ label: '', weekdays: [], startMinute: 5, endMinute: 1 }), [
      lunch,
    ]);
    expect(result.errors).toEqual(['label', 'days', 'time']);
    expect(result.message).toBe('Please add a label.');
  });

  it('editingId ignores that block', () => {
    expect(
      validateWellnessBlock(draft({ startMinute: 720, endMinute: 780 }), [lunch], { editingId: 'lunch' })
        .valid,
    ).toBe(true);
    expect(validateWellnessBlock(draft({ startMinute: 720, endMinute: 780 }), [lunch]).overlapsWith).toEqual([
      'lunch',
    ]);
  });

  const blockArb = fc
    .record({
      id: fc.constantFrom('a', 'b', 'c', 'd'),
      weekdays: fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 }),
      start: fc.integer({ min: 0, max: 95 }),
      length: fc.integer({ min: 1, max: 16 }),
    })
    .map((b) => ({
      id: b.id,
      weekdays: b.weekdays,
      startMinute: b.start * 15,
      endMinute: Math.min(1440, (b.start + b.length) * 15),
    }));

  it('property: a block never overlaps itself', () => {
    fc.assert(
      fc.property(blockArb, fc.array(blockArb, { maxLength: 5 }), (b, others) => {
        const unrelated = others.filter((o) => o.id !== b.id);
        const withSelf = validateWellnessBlock({ ...b, label: 'x', category: 'focus' }, [...unrelated, b]);
        const withoutSelf = validateWellnessBlock({ ...b, label: 'x', category: 'focus' }, unrelated);
        return !withSelf.overlapsWith.includes(b.id) && withSelf.valid === withoutSelf.valid;
      }),
    );
  });

  it('property: overlap is symmetric', () => {
    fc.assert(
      fc.property(blockArb, blockArb, (a, b) => {
        const ab = validateWellnessBlock({ ...a, id: 'x', label: 'x', category: 'focus' }, [
          { ...b, id: 'y' },
        ]).errors.includes('overlap');
        const ba = validateWellnessBlock({ ...b, id: 'y', label: 'x', category: 'focus' }, [
          { ...a, id: 'x' },
        ]).errors.includes('overlap');
        return ab === ba;
      }),
    );
  });

  it('editability', () => {
    expect(isWellnessBlockEditable({ recurring: true, endsAt: 0 }, 10)).toBe(true);
    expect(isWellnessBlockEditable({ recurring: false, endsAt: 0 }, 10)).toBe(false);
    expect(isWellnessBlockEditable({ recurring: false, endsAt: 20 }, 10)).toBe(true);
    expect(isWellnessBlockEditable({ deleteOnly: true, endsAt: 20 }, 10)).toBe(false);
  });
});

describe('time range picker', () => {
  it('15-minute options with labels', () => {
    const options = timeOfDayOptions();
    expect(options).toHaveLength(96);
    expect(options[0]).toEqual({ value: 0, label: '12:00 am' });
    expect(options[28]).toEqual({ value: 420, label: '7:00 am' });
    expect(options[52]).toEqual({ value: 780, label: '1:00 pm' });
    expect(options[95]).toEqual({ value: 1425, label: '11:45 pm' });
  });

  it('default 7:00 am – 9:00 am', () => {
    expect(DEFAULT_TIME_RANGE).toEqual({ from: 420, to: 540 });
    expect(initialTimeRange()).toEqual({ from: 420, to: 540, toTouched: false });
  });

  it('choosing a from-time moves the to-time 4 steps later unless the to-time was set', () => {
    const moved = chooseFromTime(initialTimeRange(), 600);
    expect(moved).toEqual({ from: 600, to: 660, toTouched: false });
    const set = chooseToTime(moved, 720);
    expect(chooseFromTime(set, 630)).toEqual({ from: 630, to: 720, toTouched: true });
    expect(chooseFromTime(initialTimeRange(), 1410).to).toBe(1440);
  });

  it.each([
    [420, 540, true],
    [540, 540, false],
    [600, 540, false],
    [0, 1440, true],
    [-15, 60, false],
    [null, 60, false],
  ])('range %j–%j valid: %s', (from, to, valid) => expect(isValidTimeRange(from, to)).toBe(valid));

  it.each([
    ['1:00 pm', 780],
    ['1pm', 780],
    ['1:00PM', 780],
    ['12:00 am', 0],
    ['12:15 pm', 735],
    ['13:00', 780],
    ['24:00', 1440],
    ['7', null],
    ['13:00 pm', null],
    ['1:75 pm', null],
    ['noon', null],
  ])('parseTimeOfDay(%s) = %j', (text, minutes) => expect(parseTimeOfDay(text)).toBe(minutes));

  it('format and parse round-trip', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1439 }), (m) => parseTimeOfDay(formatTimeOfDay(m)) === m),
    );
  });
});
