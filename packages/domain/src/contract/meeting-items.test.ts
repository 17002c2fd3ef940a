import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { meetingItemEndpoints } from './meeting-items';
import { meetingPeriodQuery } from './meetings';

const KINDS = ['agenda_items', 'objectives', 'prework_items'] as const;

describe('the item endpoints', () => {
  it('an added item needs a description that is not blank; a change may leave it out', () => {
    fc.assert(
      fc.property(fc.constantFrom(...KINDS), fc.string({ maxLength: 20 }), (kind, description) => {
        const { add, update } = meetingItemEndpoints[kind];
        const body = (attributes: object) => ({ data: { type: kind, attributes } });
        expect(add.body.safeParse(body({ description })).success).toBe(description.trim().length > 0);
        expect(add.body.safeParse(body({ position: 1 })).success).toBe(false);
        expect(update.body.safeParse(body({ position: 1 })).success).toBe(true);
      }),
    );
  });

  it("takes only its own kind's attributes, under its own type", () => {
    const { update } = meetingItemEndpoints.objectives;
    expect(update.body.safeParse({ data: { type: 'objectives', attributes: { url: null } } }).success).toBe(
      false,
    );
    expect(
      update.body.safeParse({ data: { type: 'agenda_items', attributes: { position: 1 } } }).success,
    ).toBe(false);
  });

  it('each kind has its own paths', () => {
    expect(KINDS.map((kind) => meetingItemEndpoints[kind].add.path)).toEqual([
      '/api/v1/meetings/:id/agenda_items',
      '/api/v1/meetings/:id/objectives',
      '/api/v1/meetings/:id/prework_items',
    ]);
    expect(meetingItemEndpoints.prework_items.remove.path).toBe('/api/v1/prework_items/:id');
  });
});

describe('the meetings period', () => {
  it('names both bounds or neither', () => {
    const start = { 'by_period[starts_at]': '2026-03-02' };
    const end = { 'by_period[ends_at]': '2026-03-09' };
    expect(meetingPeriodQuery.safeParse({}).success).toBe(true);
    expect(meetingPeriodQuery.safeParse({ ...start, ...end }).success).toBe(true);
    expect(meetingPeriodQuery.safeParse(start).success).toBe(false);
    expect(meetingPeriodQuery.safeParse(end).success).toBe(false);
  });
});
