import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../session/queryKeys';
import { jsonResponse, mockFetch, renderPage, testUser } from '../../test/utils';
import { PLAN_UPDATED_MESSAGE } from './api';
import { CHECKOUT_RETURN_TEXTS, CheckoutReturn } from './CheckoutReturn';
import { paidSubscription, subscriptionDocument } from './testing/subscriptionDocument';

function subscriptionReads(fetchMock: ReturnType<typeof mockFetch>) {
  return fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/v1/subscription')).length;
}

describe('back from a paid checkout', () => {
  it('waits for the webhook: reads the plan again until it is paid, then says the plan is updated', async () => {
    let webhookArrived = false;
    const fetchMock = mockFetch({
      'GET /api/v1/subscription': () => {
        const answer = webhookArrived ? paidSubscription(30) : subscriptionDocument();
        webhookArrived = true;
        return jsonResponse(200, answer);
      },
    });
    const { router, queryClient } = renderPage(<CheckoutReturn pollMs={50} />, {
      path: '/my/account?tab=plan&checkout=complete',
    });
    queryClient.setQueryData(queryKeys.currentUser, testUser());
    expect(await screen.findByText(CHECKOUT_RETURN_TEXTS.waiting)).toBeInTheDocument();
    // The marker leaves the address (a reload must not start waiting again); the rest of the query stays.
    await waitFor(() => expect(router.state.location.search).toBe('?tab=plan'));
    expect(await screen.findByText(PLAN_UPDATED_MESSAGE)).toBeInTheDocument();
    expect(subscriptionReads(fetchMock)).toBeGreaterThanOrEqual(2);
    expect(queryClient.getQueryState(queryKeys.currentUser)?.isInvalidated).toBe(true);
    const reads = subscriptionReads(fetchMock);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(subscriptionReads(fetchMock)).toBe(reads);
  });

  it('stops asking after the wait and says the plan will show soon', async () => {
    const fetchMock = mockFetch({
      'GET /api/v1/subscription': () => jsonResponse(200, subscriptionDocument()),
    });
    renderPage(<CheckoutReturn pollMs={50} waitMs={400} />, { path: '/my/review/you?checkout=complete' });
    expect(await screen.findByText(CHECKOUT_RETURN_TEXTS.late)).toBeInTheDocument();
    const reads = subscriptionReads(fetchMock);
    expect(reads).toBeGreaterThanOrEqual(2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(subscriptionReads(fetchMock)).toBe(reads);
  });

  it('does nothing on an ordinary visit', async () => {
    const fetchMock = mockFetch({
      'GET /api/v1/subscription': () => jsonResponse(200, subscriptionDocument()),
    });
    renderPage(<CheckoutReturn pollMs={50} />, { path: '/my/review/you?checkout=cancelled' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(subscriptionReads(fetchMock)).toBe(0);
    expect(screen.queryByText(CHECKOUT_RETURN_TEXTS.waiting)).not.toBeInTheDocument();
  });
});
