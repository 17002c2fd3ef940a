import { describe, expect, it } from 'vitest';
import { block } from '../balance/testing';
import { blockScheduleText } from './PlanSidePanel';

/** The tests run in UTC. */
describe('a Wellness block’s times beside the Plan grid', () => {
  it('are said in the block’s own zone, named when this browser is in another one', () => {
    expect(blockScheduleText(block())).toBe('Every Mon, Wed · 1:00 pm – 2:00 pm');
    expect(
      blockScheduleText(
        block({
          time_zone: 'Asia/Tokyo',
          starts_at: '2026-03-02T04:00:00.000Z',
          ends_at: '2026-03-02T05:00:00.000Z',
        }),
      ),
    ).toBe('Every Mon, Wed · 1:00 pm – 2:00 pm (Asia/Tokyo)');
  });
});
