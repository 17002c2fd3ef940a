import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HOUR, MIN, other, T0 } from '../testing/factories';
import {
  findMeetingConflicts,
  isConflictCandidate,
  type OtherMeetingInput,
  otherMeetingInput,
  type StoredMeetingForConflicts,
} from './meeting-conflicts';

describe('isConflictCandidate', () => {
  it.each<[string, Partial<OtherMeetingInput>, boolean]>([
    ['accepted', {}, true],
    ['organized, unanswered', { responseStatus: 'needsAction', userIsOrganizer: true }, true],
    ['tentative', { responseStatus: 'tentative' }, false],
    ['unanswered', { responseStatus: 'needsAction' }, false],
    ['declined even if organized', { responseStatus: 'declined', userIsOrganizer: true }, false],
    ['cancelled', { status: 'cancelled' }, false],
    ['deleted', { status: 'deleted' }, false],
    ['all day', { allDay: true }, false],
    ['6 hours', { endsAt: T0 + 6 * HOUR }, false],
    ['not scoreable', { scoreable: false }, false],
    ['broken times', { endsAt: T0 - MIN }, false],
  ])('%s → %s', (_name, overrides, expected) => expect(isConflictCandidate(other(overrides))).toBe(expected));
});

describe('findMeetingConflicts', () => {
  const meeting = { id: 'm1', eventKey: 'e1', start: T0, end: T0 + 30 * MIN };

  it('small lists are scanned, large lists indexed: same answers', () => {
    const many: OtherMeetingInput[] = Array.from({ length: 200 }, (_, i) =>
      other({
        id: `o${i}`,
        eventKey: `k${i}`,
        startsAt: T0 + (i - 100) * 20 * MIN,
        endsAt: T0 + (i - 100) * 20 * MIN + 30 * MIN,
      }),
    );
    const big = findMeetingConflicts(meeting, many)?.map((m) => m.id);
    const small = many
      .map((m) => findMeetingConflicts(meeting, [m])?.[0]?.id)
      .filter((id): id is string => typeof id === 'string');
    expect(big).toEqual(small);
    expect(big).toEqual(['o99', 'o100', 'o101']);
  });

  it('skips the meeting itself by id and by event key, in both paths', () => {
    const self = [other({ id: 'm1' }), other({ id: 'zz', eventKey: 'e1' })];
    expect(findMeetingConflicts(meeting, self)).toBeNull();
    const padded = [
      ...self,
      ...Array.from({ length: 70 }, (_, i) =>
        other({ id: `f${i}`, startsAt: T0 + 10 * HOUR, endsAt: T0 + 11 * HOUR }),
      ),
    ];
    expect(findMeetingConflicts(meeting, padded)).toBeNull();
  });

  it('finds the same conflicts in the same order whatever order the other meetings come in, small list or large', () => {
    const neighbour = fc.record({
      n: fc.integer({ min: 0, max: 9 }),
      start: fc.integer({ min: -4, max: 4 }),
      minutes: fc.constantFrom(15, 30, 60),
      summary: fc.constantFrom('Sync', 'Review', 'sync', 'Plan'),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(neighbour, { minLength: 1, maxLength: 90, selector: (r) => r.n * 100 + r.start }),
        fc.func(fc.integer()),
        (rows, key) => {
          const others = rows.map((r, i) =>
            other({
              id: `o${i}`,
              eventKey: `k${i}`,
              summary: r.summary,
              startsAt: T0 + r.start * 10 * MIN,
              endsAt: T0 + r.start * 10 * MIN + r.minutes * MIN,
            }),
          );
          const shuffled = others
            .map((m, i) => ({ m, k: key(i) }))
            .sort((a, b) => a.k - b.k)
            .map(({ m }) => m);
          const ids = (list: OtherMeetingInput[]) =>
            findMeetingConflicts(meeting, list)?.map((m) => m.id) ?? null;
          expect(ids([...shuffled])).toEqual(ids([...others]));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('no list, no conflict', () => {
    expect(findMeetingConflicts(meeting, null)).toBeNull();
    expect(findMeetingConflicts(meeting, [])).toBeNull();
  });
});

describe('otherMeetingInput', () => {
  const stored = (overrides: Partial<StoredMeetingForConflicts> = {}): StoredMeetingForConflicts => ({
    id: 'm1',
    eventKey: 'ev-1',
    summary: 'Sync',
    startsAt: T0,
    endsAt: T0 + HOUR,
    allDay: false,
    status: 'confirmed',
    responseStatus: 'needsAction',
    organizerEmail: 'pat@acme.io',
    attendeesCount: 3,
    skipEvaluation: false,
    maybeWellnessBlock: null,
    wellnessBlockId: null,
    ...overrides,
  });

  it('counts the user as organizer whatever the case and spacing of either address', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('pat@acme.io', 'Pat@Acme.IO', ' pat@acme.io ', 'PAT@ACME.IO'),
        fc.constantFrom('pat@acme.io', 'Pat@acme.io', 'pat@ACME.io '),
        (organizer, user) => {
          expect(otherMeetingInput(stored({ organizerEmail: organizer }), user).userIsOrganizer).toBe(true);
        },
      ),
    );
    expect(otherMeetingInput(stored({ organizerEmail: 'sam@acme.io' }), 'pat@acme.io').userIsOrganizer).toBe(
      false,
    );
    expect(otherMeetingInput(stored({ organizerEmail: null }), '').userIsOrganizer).toBe(false);
    // Organized by the user, it conflicts although the user never answered.
    expect(
      isConflictCandidate(otherMeetingInput(stored({ organizerEmail: 'PAT@acme.io' }), 'pat@acme.io')),
    ).toBe(true);
  });

  it('cannot be scored with fewer than two people, when skipped, or as a (possible) Wellness block', () => {
    expect(otherMeetingInput(stored(), 'x@y.z').scoreable).toBe(true);
    expect(otherMeetingInput(stored({ attendeesCount: 1 }), 'x@y.z').scoreable).toBe(false);
    expect(otherMeetingInput(stored({ skipEvaluation: true }), 'x@y.z').scoreable).toBe(false);
    expect(otherMeetingInput(stored({ maybeWellnessBlock: 'true' }), 'x@y.z').scoreable).toBe(false);
    expect(otherMeetingInput(stored({ wellnessBlockId: 'b1' }), 'x@y.z').scoreable).toBe(false);
  });
});
