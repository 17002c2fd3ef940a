import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detectIntention } from './intention';

describe('detectIntention (SCORING §5)', () => {
  it.each([
    ['Daily Stand-up', 'standup'],
    ['standup', 'standup'],
    ['Team stand up', 'standup'],
    ['Daily Scrum', 'standup'],
    ['Sam / Alex 1:1', 'one_on_one'],
    ['1-1 with Jo', 'one_on_one'],
    ['One on one', 'one_on_one'],
    ['one-on-one: Q3', 'one_on_one'],
    ['1on1', 'one_on_one'],
    ['Sprint Retro', 'retrospective'],
    ['Retrospective', 'retrospective'],
    ['Project kickoff', 'kickoff'],
    ['Kick-off meeting', 'kickoff'],
    ['All Hands', 'all_hands'],
    ['all-hands', 'all_hands'],
    ['Town Hall', 'all_hands'],
    ['Sprint planning', 'planning'],
    ['Quarterly Planning', 'planning'],
    ['Brainstorm names', 'brainstorming'],
    ['Brainstorming session', 'brainstorming'],
    ['Decision: vendor', 'consensus'],
    ['Offsite', 'teambuilding'],
    ['Team building', 'teambuilding'],
    ['Weekly update', 'information'],
    ['Marketing sync', 'information'],
    ['Sync-up', 'information'],
    ['Design review', 'information'],
    ['Product demo', 'information'],
    ['Sprint planning sync', 'planning'],
    ['Daily standup review', 'standup'],
  ])('%s → %s', (title, intention) => expect(detectIntention(title)).toBe(intention));

  it.each([
    ['Lunch'],
    ['Coffee chat'],
    ['Async notes'],
    ['11:15 call'],
    ['2024-11-12 notes'],
    [''],
    ['Q1-1 results'],
  ])('%s → null', (title) => expect(detectIntention(title)).toBeNull());

  it('accepts anything', () => {
    expect(detectIntention(null)).toBeNull();
    expect(detectIntention(undefined)).toBeNull();
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary' }),
        (s) => detectIntention(s) === null || typeof detectIntention(s) === 'string',
      ),
    );
  });
});
