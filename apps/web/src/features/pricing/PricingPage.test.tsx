import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderPage } from '../../test/utils';
import { PricingPage } from './PricingPage';

describe('/pricing for a visitor', () => {
  it('shows the plans with the sign-up prompt instead of their actions, and the public ROI calculator', async () => {
    mockFetch({
      'GET /api/v1/users': () => jsonResponse(200, { data: null, meta: { signed_in: false } }),
      'GET /api/v1/subscription_plans': () => jsonResponse(200, { data: [] }),
    });
    renderPage(<PricingPage />, { path: '/pricing' });
    expect(await screen.findByText('Interested in this?')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign me up!' })).toBeInTheDocument();
    expect(screen.getByText('ROI calculator')).toBeInTheDocument();
    // The defaults: 6 teammates at $80,000, 15 hours a week → $80,000 / 52 / 40 × 6 an hour.
    expect(screen.getByTestId('roi-hourly')).toHaveTextContent('$231');
  });
});
