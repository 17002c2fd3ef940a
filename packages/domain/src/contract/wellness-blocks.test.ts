import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wellnessBlockEndpoints } from './wellness-blocks';

const { create, update, convert } = wellnessBlockEndpoints;
const body = (attributes: Record<string, unknown>, type = 'wellness_blocks') => ({
  data: { type, attributes },
});
const messages = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('the Wellness block endpoints', () => {
  it('create a block from any label of up to 200 characters, its category focus when none is sent', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (label) => {
        expect(create.body.safeParse(body({ label, rrule: 'RRULE:FREQ=WEEKLY;BYDAY=MO' })).success).toBe(
          true,
        );
      }),
    );
    expect(create.body.safeParse(body({ label: 'x'.repeat(201) })).success).toBe(false);
  });

  it('refuse a body of another type, an attribute they do not know, and a calendar that is no id', () => {
    expect(messages(create.body.safeParse(body({ label: 'Focus' }, 'meetings')))).toEqual([
      'data.type must be "wellness_blocks"',
    ]);
    expect(create.body.safeParse(body({ label: 'Focus', colour: 'green' })).success).toBe(false);
    expect(messages(create.body.safeParse(body({ calendar_id: 'primary' })))).toEqual([
      'must be a calendar id',
    ]);
    expect(create.body.safeParse(body({ category: 'work' })).success).toBe(false);
  });

  it('edit any subset of a block, or make a converted block weekly (make_weekly: true only)', () => {
    expect(update.body.safeParse(body({})).success).toBe(true);
    expect(update.body.safeParse(body({ make_weekly: true })).success).toBe(true);
    expect(update.body.safeParse(body({ make_weekly: false })).success).toBe(false);
    // make_weekly is an edit of an existing block: a new one cannot ask for it.
    expect(create.body.safeParse(body({ make_weekly: true })).success).toBe(false);
    expect(messages(update.params.safeParse({ id: '42' }))).toEqual(['must be a Wellness block id']);
  });

  it('convert a meeting named by its id, the occurrences bounded by dates', () => {
    const meetingId = '0b0f3c1e-5d2a-4c1b-9a55-3f1f0d1c2b3a';
    expect(convert.body.safeParse({ data: { attributes: { meeting_id: meetingId } } }).success).toBe(true);
    expect(
      convert.body.safeParse({ data: { attributes: { meeting_id: meetingId, start: '2026-03-02T09:00' } } })
        .success,
    ).toBe(false);
    expect(messages(convert.body.safeParse({ data: { attributes: { meeting_id: 'm1' } } }))).toEqual([
      'must be a meeting id',
    ]);
  });

  it('let only the owner reach a block the path names', () => {
    for (const endpoint of Object.values(wellnessBlockEndpoints)) {
      expect(endpoint.access).toBe(endpoint.path.includes(':id') ? 'owner' : 'signed_in');
    }
  });
});
