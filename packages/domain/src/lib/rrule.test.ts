import { describe, expect, it } from 'vitest';
import { RRule } from './rrule';

describe('rrule shim', () => {
  it('exposes a working RRule under Node ESM', () => {
    const rule = new RRule({
      freq: RRule.WEEKLY,
      byweekday: [RRule.MO],
      dtstart: new Date(Date.UTC(2025, 0, 6, 9)),
      count: 2,
    });
    expect(rule.all().map((d) => d.toISOString())).toEqual([
      '2025-01-06T09:00:00.000Z',
      '2025-01-13T09:00:00.000Z',
    ]);
    expect(RRule.parseString('FREQ=WEEKLY;BYDAY=MO,WE').byweekday).toHaveLength(2);
  });
});
