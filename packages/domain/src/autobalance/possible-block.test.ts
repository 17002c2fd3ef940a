import { describe, expect, it } from 'vitest';
import { HOUR, T0 } from '../testing/factories';
import {
  detectPossibleWellnessBlock,
  type PossibleBlockInput,
  wellnessCategoryFromTitle,
} from './possible-block';

const me = 'me@acme.com';
const event = (overrides: Partial<PossibleBlockInput> = {}): PossibleBlockInput => ({
  summary: 'Thinking',
  startsAt: T0,
  endsAt: T0 + HOUR,
  recurringMeeting: false,
  organizerEmail: me,
  attendees: [],
  ...overrides,
});

describe('wellnessCategoryFromTitle', () => {
  it.each([
    ['Focus time', 'focus'],
    ['Deep work', 'focus'],
    ['Heads-down', 'focus'],
    ['Do not book', 'focus'],
    ['Lunch', 'life'],
    ['Gym', 'life'],
    ['Workout', 'life'],
    ['Walk the dog', 'life'],
    ['Coffee break', 'life'],
    ['Family time', 'life'],
    ['School run', 'life'],
    ['Focus + lunch', 'life'],
    ['Breakout session', null],
    ['Breakfast with the team', 'life'],
    ['Walkthrough of the demo', null],
    ['Quarterly review', null],
  ])('%s → %s', (title, category) => expect(wellnessCategoryFromTitle(title)).toBe(category));
});

describe('detectPossibleWellnessBlock', () => {
  it.each<[string, Partial<PossibleBlockInput>, object | null]>([
    [
      'recurring, only the user, no keyword',
      { recurringMeeting: true },
      { category: 'focus', reason: 'recurring_alone' },
    ],
    [
      'recurring, only the user listed',
      { recurringMeeting: true, attendees: [{ email: 'ME@acme.com' }] },
      { category: 'focus', reason: 'recurring_alone' },
    ],
    [
      'recurring gym alone',
      { recurringMeeting: true, summary: 'Gym' },
      { category: 'life', reason: 'recurring_alone' },
    ],
    ['single lunch the user made', { summary: 'Lunch' }, { category: 'life', reason: 'title' }],
    [
      'deep work the user organizes with a guest',
      { summary: 'Deep work', attendees: [{ email: 'x@acme.com' }] },
      { category: 'focus', reason: 'title' },
    ],
    [
      'team lunch invitation from someone else',
      {
        summary: 'Team lunch',
        organizerEmail: 'boss@acme.com',
        attendees: [{ email: me }, { email: 'boss@acme.com' }],
      },
      null,
    ],
    [
      'recurring with others',
      { recurringMeeting: true, attendees: [{ email: me }, { email: 'x@acme.com' }] },
      null,
    ],
    ['recurring, attendees_count 3', { recurringMeeting: true, attendeesCount: 3 }, null],
    ['single event, no keyword', {}, null],
    ['all day', { recurringMeeting: true, allDay: true }, null],
    ['cancelled', { recurringMeeting: true, status: 'cancelled' }, null],
    ['already a block', { recurringMeeting: true, wellnessBlockId: 'b1' }, null],
    ['already ignored', { recurringMeeting: true, maybeWellnessBlock: 'verified_false' }, null],
    ['already converted', { recurringMeeting: true, maybeWellnessBlock: 'verified_true' }, null],
  ])('%s', (_name, overrides, expected) =>
    expect(detectPossibleWellnessBlock(event(overrides), me)).toEqual(expected),
  );
});
