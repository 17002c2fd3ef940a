import { personColor } from '@meetwell/domain';
import { describe, expect, it } from 'vitest';
import { initialsOf } from './Blocks';
import { chartModel } from './OrganizerStats';
import { reportDocument } from './testData';

describe('organizer stats chart', () => {
  it('has a point per day, a line per organizer in its leaderboard colour, and the nudges as bars', () => {
    const url = '/api/v1/reports/average_scores_by?start=2025-03-09&end=2025-03-15&who=team';
    const scores = { ...reportDocument('average_scores_by', url).data.attributes, meta: {} };
    const nudges = { ...reportDocument('num_past_actions_by', url).data.attributes, meta: {} };
    // biome-ignore lint/suspicious/noExplicitAny: fixtures of the report resource
    const model = chartModel(scores as any, nudges as any, { start: '2025-03-09', end: '2025-03-15' });
    expect(model.data.map((d) => d.day)).toEqual([
      '3/9/2025',
      '3/10/2025',
      '3/11/2025',
      '3/12/2025',
      '3/13/2025',
      '3/14/2025',
      '3/15/2025',
    ]);
    expect(model.series).toEqual([
      { name: 'Nudges', label: 'Nudges', color: 'gray.3', type: 'bar', yAxisId: 'right' },
      { name: 'o0', label: 'Ada Lovelace', color: personColor('ada@example.com'), type: 'line' },
      { name: 'o1', label: 'Dana (Vendor)', color: personColor('dana@vendor.example'), type: 'line' },
    ]);
    expect(model.data[1]).toMatchObject({ o0: 100, Nudges: 0 });
    expect(model.data[2]).toMatchObject({ o1: 22, Nudges: 2 });
    // 22 is below 30: the axis starts at 20 (rounded down to 5), ends at 110, ticks 20–100.
    expect(model.axis).toEqual({ min: 20, max: 110, ticks: [20, 30, 40, 50, 60, 70, 80, 90, 100] });
  });

  it('makes initials from names and emails', () => {
    expect(initialsOf('Dana (VendorCo)')).toBe('DV');
    expect(initialsOf('lee@bigclient.example')).toBe('LB');
    expect(initialsOf('Ada Lovelace')).toBe('AL');
  });
});
