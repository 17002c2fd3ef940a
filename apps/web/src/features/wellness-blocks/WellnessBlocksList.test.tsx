import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../test/utils';
import { block, blocksDocument, ok, renderSignedIn } from '../balance/testing';
import { WellnessBlocksList } from './WellnessBlocksList';

vi.setConfig({ testTimeout: 20_000 });

const routes = [{ path: '*', element: <WellnessBlocksList basePath="/my/balance/wellness-blocks" /> }];

describe('Wellness blocks list', () => {
  it('names a block’s zone beside its times when this browser is in another one (the tests run in UTC)', async () => {
    mockFetch({
      'GET /api/v1/wellness_blocks': ok(
        blocksDocument([
          block({
            time_zone: 'Asia/Tokyo',
            starts_at: '2026-03-02T04:00:00.000Z',
            ends_at: '2026-03-02T05:00:00.000Z',
          }),
        ]),
      ),
    });
    renderSignedIn(routes, { path: '/my/balance/wellness-blocks' });
    const [row] = (await screen.findAllByRole('listitem')) as [HTMLElement];
    expect(
      within(row).getByText('Every Monday, Wednesday · 1:00 pm – 2:00 pm (Asia/Tokyo)'),
    ).toBeInTheDocument();
  });

  it('lists blocks with their icon, label, recurrence and an Edit link unless read-only', async () => {
    mockFetch({
      'GET /api/v1/wellness_blocks': ok(
        blocksDocument([
          block(),
          block({ id: 'b2', label: '', category: 'life', rrule: 'RRULE:FREQ=WEEKLY;BYDAY=TU,TH,SA' }),
          block({ id: 'b3', label: 'Old habit', read_only: true }),
        ]),
      ),
    });
    renderSignedIn(routes, { path: '/my/balance/wellness-blocks' });
    expect(screen.getByRole('heading', { name: 'Wellness blocks' })).toBeInTheDocument();
    expect(
      screen.getByText('Chunks of untouchable time for you to do with as you please.'),
    ).toBeInTheDocument();

    const rows = await screen.findAllByRole('listitem');
    expect(rows).toHaveLength(3);
    const [first, second, third] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByRole('img', { name: 'Focus' })).toBeInTheDocument();
    expect(within(first).getByText('Deep work')).toBeInTheDocument();
    expect(within(first).getByText('Every Monday, Wednesday · 1:00 pm – 2:00 pm')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Edit Deep work' })).toHaveAttribute(
      'href',
      '/my/balance/wellness-blocks/block/b1',
    );

    expect(within(second).getByRole('img', { name: 'Life' })).toBeInTheDocument();
    expect(within(second).getByText('No label')).toBeInTheDocument();
    expect(within(second).getByText('Every Tue, Thu, Sat · 1:00 pm – 2:00 pm')).toBeInTheDocument();

    expect(within(third).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a Wellness block' })).toHaveAttribute(
      'href',
      '/my/balance/wellness-blocks/block/new',
    );
  });

  it('shows the empty state', async () => {
    mockFetch({ 'GET /api/v1/wellness_blocks': ok(blocksDocument([])) });
    renderSignedIn(routes, { path: '/my/balance/wellness-blocks' });
    expect(await screen.findByRole('heading', { name: 'Add your 1st Wellness block' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Add a Wellness block' })).toHaveLength(1);
  });

  it("reads 'Add' on mobile", async () => {
    vi.mocked(window.matchMedia).mockImplementation(
      (query: string) =>
        ({
          matches: query.includes('max-width'),
          media: query,
          onchange: null,
          addListener: vi.fn(),
          removeListener: vi.fn(),
          addEventListener: vi.fn(),
          removeEventListener: vi.fn(),
          dispatchEvent: vi.fn(),
        }) as MediaQueryList,
    );
    mockFetch({ 'GET /api/v1/wellness_blocks': ok(blocksDocument([block()])) });
    renderSignedIn(routes, { path: '/my/balance/wellness-blocks' });
    expect(await screen.findByRole('link', { name: 'Add' })).toHaveAttribute(
      'href',
      '/my/balance/wellness-blocks/block/new',
    );
  });
});
