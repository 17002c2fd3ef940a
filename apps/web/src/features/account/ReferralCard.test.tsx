import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderPage, testUser, visibleToasts } from '../../test/utils';
import { ReferralCard } from './ReferralCard';

const SERVER_LINK = 'https://app.meetwell.test/?ref=abc123';

function summary(attributes: Partial<Record<string, unknown>> = {}) {
  return {
    data: {
      id: '7',
      type: 'referrals',
      attributes: {
        referral_url: SERVER_LINK,
        referred_count: 3,
        paying_count: 2,
        monthly_commission: 4,
        commission_per_paying_referral: 2,
        ...attributes,
      },
    },
  };
}

describe('ReferralCard', () => {
  it("shows the server's referral link, the people referred, those paying and the monthly commission", async () => {
    const fetchMock = mockFetch({ 'GET /api/v1/users/referrals': () => jsonResponse(200, summary()) });
    renderPage(<ReferralCard user={testUser({ affiliate_token: 'abc123' })} />);
    const figures = await screen.findByRole('group', { name: 'Your referrals' });
    expect(within(figures).getByText('Referred').nextSibling).toHaveTextContent('3');
    expect(within(figures).getByText('Paying').nextSibling).toHaveTextContent('2');
    expect(within(figures).getByText('Commission').nextSibling).toHaveTextContent('$4 / month');
    expect(screen.getByRole('textbox', { name: 'Your referral link' })).toHaveValue(SERVER_LINK);
    expect(screen.getByText('Earn $2 per month for every paying customer you refer.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/v1/users/referrals');
  });

  it('copies the link the server gives', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    mockFetch({ 'GET /api/v1/users/referrals': () => jsonResponse(200, summary()) });
    renderPage(<ReferralCard user={testUser({ affiliate_token: 'abc123' })} />);
    await screen.findByRole('group', { name: 'Your referrals' });
    await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(SERVER_LINK);
    await waitFor(() => expect(visibleToasts().map((t) => t.message)).toContain('Copied to clipboard!'));
  });

  it('keeps the link in this browser’s address while the figures cannot be read', async () => {
    mockFetch({ 'GET /api/v1/users/referrals': () => jsonResponse(500, { errors: [{ status: '500' }] }) });
    renderPage(<ReferralCard user={testUser({ affiliate_token: 'abc123' })} />);
    expect(screen.getByRole('textbox', { name: 'Your referral link' })).toHaveValue(
      `${window.location.origin}/?ref=abc123`,
    );
    await waitFor(() => expect(visibleToasts().length).toBeGreaterThan(0));
    expect(screen.queryByRole('group', { name: 'Your referrals' })).not.toBeInTheDocument();
  });
});
