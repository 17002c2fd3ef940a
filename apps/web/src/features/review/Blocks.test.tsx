import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../test/utils';
import { TrendBadge } from './Blocks';

const trend = (percent_growth: number | null, trending: 'up' | 'down' | 'flat') => ({
  prev_span_total: percent_growth === null ? 0 : 10,
  prev_span_average: null,
  total_delta: 3,
  percent_growth,
  trending,
});

describe('a trend badge', () => {
  it('shows the growth against a previous span that had something', async () => {
    renderPage(<TrendBadge trend={trend(20, 'up')} />);
    expect(await screen.findByLabelText('up 20% from the previous span')).toBeInTheDocument();
  });

  it('says "New" instead of a percentage when the previous span was empty', async () => {
    renderPage(<TrendBadge trend={trend(null, 'up')} />);
    expect(await screen.findByText('New')).toBeInTheDocument();
    expect(screen.queryByText(/%/)).toBeNull();
  });

  it('shows nothing when both spans were empty', async () => {
    renderPage(
      <div data-testid="tile">
        <TrendBadge trend={trend(null, 'flat')} />
      </div>,
    );
    expect((await screen.findByTestId('tile')).textContent).toBe('');
  });
});
