import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { catalogEndpoints } from './catalog';

describe('the catalog endpoints', () => {
  it('open the reference data to everyone and keep the tips to the signed-in person', () => {
    const open = Object.values(catalogEndpoints)
      .filter((endpoint) => endpoint.access === 'public')
      .map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect(open).toEqual([
      'GET /api/v1/goals',
      'GET /api/v1/settings_labels',
      'GET /api/v1/event_colors',
      'GET /api/v1/meeting_intentions',
    ]);
    for (const endpoint of [
      catalogEndpoints.tips,
      catalogEndpoints.clearSeenTips,
      catalogEndpoints.markTipSeen,
    ]) {
      expect(endpoint.access).toBe('signed_in');
    }
  });

  it('name a tip by its positive number, as the path spells it', () => {
    const { params } = catalogEndpoints.markTipSeen;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), (id) => {
        expect(params.parse({ id: String(id) })).toEqual({ id });
      }),
    );
    for (const id of ['0', '-1', '1.5', 'first']) expect(params.safeParse({ id }).success).toBe(false);
  });
});
