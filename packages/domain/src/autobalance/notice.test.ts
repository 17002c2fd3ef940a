import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type NoticeFacts, needsNotice, reminderCoveredByWarning } from './notice';

const facts = fc.record({
  startsAt: fc.integer({ min: 0, max: 10 }),
  rules: fc.uniqueArray(
    fc.constantFrom('required_agenda', 'desired_duration', 'max_attendees', 'meeting_conflict'),
  ),
  version: fc.option(fc.constantFrom('v1', 'v2', 'v3'), { nil: null }),
});

describe('telling someone about an occurrence', () => {
  it('happens the first time, and never again for the same facts (in any order of rules)', () => {
    fc.assert(
      fc.property(facts, (now) => {
        expect(needsNotice(undefined, now)).toBe(true);
        expect(needsNotice({ ...now, rules: [...now.rules].reverse() }, now)).toBe(false);
      }),
    );
  });

  it('happens again when the meeting moved, whatever else', () => {
    fc.assert(
      fc.property(facts, facts, (last, now) => {
        fc.pre(last.startsAt !== now.startsAt);
        expect(needsNotice(last, now)).toBe(true);
      }),
    );
  });

  it('does not happen when only the rules changed (a preference), nor when an edit left the same rules broken', () => {
    fc.assert(
      fc.property(facts, fc.array(fc.constantFrom('required_agenda', 'max_attendees')), (last, rules) => {
        const preferenceChange: NoticeFacts = { ...last, rules };
        expect(needsNotice(last, preferenceChange)).toBe(false);
        const edit: NoticeFacts = { ...last, version: `${last.version}-edited` };
        expect(needsNotice(last, edit)).toBe(false);
      }),
    );
  });

  it('happens when the meeting was edited and now breaks other rules', () => {
    const last: NoticeFacts = { startsAt: 1, rules: ['required_agenda'], version: 'v1' };
    expect(needsNotice(last, { startsAt: 1, rules: ['max_attendees'], version: 'v2' })).toBe(true);
  });

  it('lets a current warning stand for a reminder, never the other way round', () => {
    fc.assert(
      fc.property(facts, (now) => {
        expect(reminderCoveredByWarning(undefined, now)).toBe(false);
        expect(reminderCoveredByWarning(now, now)).toBe(true);
      }),
    );
  });
});
