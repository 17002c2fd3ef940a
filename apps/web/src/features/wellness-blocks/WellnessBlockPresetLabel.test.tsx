import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../test/utils';
import { block, blocksDocument, calendarsDocument, ok, renderSignedIn } from '../balance/testing';
import { presetLabel, withoutPresetLabel } from './preset-label';
import { WellnessBlockDrawerRoute } from './WellnessBlockDrawer';

vi.setConfig({ testTimeout: 20_000 });

const routes = [
  { path: '/my/balance/wellness-blocks', element: <p>The list</p> },
  { path: '/my/balance/wellness-blocks/block/:blockId', element: <WellnessBlockDrawerRoute /> },
];

function setup(path: string) {
  mockFetch({
    'GET /api/v1/wellness_blocks': ok(blocksDocument([block({ id: 'b1', label: 'Deep work' })])),
    'GET /api/v1/calendars': ok(calendarsDocument([{ id: 'c1', name: 'Work', watching: true }])),
    'GET /api/v1/goals': ok({
      data: [
        { id: '1', type: 'goals', attributes: { name: 'Exercise more', category: 'life', selected: false } },
      ],
    }),
  });
  return renderSignedIn(routes, { path, user: { goal_ids: [1] } });
}

describe('?wbLabel', () => {
  it("pre-fills a new block's name, and closing leaves it behind", async () => {
    const { router } = setup('/my/balance/wellness-blocks/block/new?wbLabel=%20Lunch%20walk%20&x=1');
    await screen.findByRole('dialog', { name: 'New weekly Wellness block' });
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('Lunch walk');
    // The ideas are for an empty name only.
    expect(screen.queryByRole('group', { name: 'Ideas' })).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/my/balance/wellness-blocks'));
    expect(router.state.location.search).toBe('?x=1');
  });

  it('never renames a block being edited', async () => {
    setup('/my/balance/wellness-blocks/block/b1?wbLabel=Other');
    await screen.findByRole('dialog', { name: 'Editing Wellness block' });
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('Deep work');
  });

  it('reads the parameter', () => {
    expect(presetLabel(null)).toBeUndefined();
    expect(presetLabel('   ')).toBeUndefined();
    expect(presetLabel(' Gym ')).toBe('Gym');
    expect(presetLabel('x'.repeat(300))).toHaveLength(100);
    expect(withoutPresetLabel('?wbLabel=Gym&w=2026-03-02')).toBe('?w=2026-03-02');
    expect(withoutPresetLabel('?wbLabel=Gym')).toBe('');
  });
});
