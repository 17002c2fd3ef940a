import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderPage, userDocument } from '../../test/utils';
import { ReferralsPage } from './ReferralsPage';

describe('/referrals', () => {
  it('states the commission and invites a visitor to sign up (marketing mode)', async () => {
    mockFetch({ 'GET /api/v1/users': () => jsonResponse(200, { data: null, meta: { signed_in: false } }) });
    renderPage(<ReferralsPage />, { path: '/referrals' });
    expect(screen.getByRole('heading', { name: 'Referrals', level: 1 })).toBeInTheDocument();
    expect(screen.getAllByText(/\$2 per month/).length).toBeGreaterThan(0);
    expect(await screen.findByText('Interested in this?')).toBeInTheDocument();
    expect(screen.getByText('Enjoy this feature and more when you sign up!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign me up!' })).toBeInTheDocument();
  });

  it('sends a signed-in person to their link on the Account screen', async () => {
    mockFetch({ 'GET /api/v1/users': () => jsonResponse(200, userDocument()) });
    renderPage(<ReferralsPage />, { path: '/referrals' });
    expect(await screen.findByRole('link', { name: 'Get your referral link' })).toHaveAttribute(
      'href',
      '/my/account',
    );
    expect(screen.queryByText('Interested in this?')).not.toBeInTheDocument();
  });
});
