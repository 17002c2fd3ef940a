// The company's subscription: read it, start a checkout, cancel at the period end, re-activate.
import { notifications } from '@mantine/notifications';
import type { InvoiceAttributes, SubscriptionAttributes } from '@meetwell/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callByName, isApiError, resourceBody } from '../../api/client';
import { TOASTS } from '../../copy/texts';
import { browser } from '../../lib/browser';
import { queryKeys } from '../../session/queryKeys';

export type { SubscriptionAttributes };

export interface Subscription extends SubscriptionAttributes {
  id: string;
}

export const billingKeys = {
  subscription: ['subscription'] as const,
  invoices: ['invoices'] as const,
};

export const PLAN_UPDATED_MESSAGE = 'Your plan is updated.';

function toSubscription(
  resource: { id: string; attributes: SubscriptionAttributes } | null | undefined,
): Subscription | null {
  return resource ? { ...resource.attributes, id: resource.id } : null;
}

export async function fetchSubscription(): Promise<Subscription | null> {
  return toSubscription((await callByName('billing.subscription', 'GET /api/v1/subscription')).data);
}

/**
 * Read by the header and the app layout on every screen: a failed read hides the countdown and the banner
 * instead of raising a toast on each page.
 */
export function useSubscription() {
  return useQuery({
    queryKey: billingKeys.subscription,
    queryFn: fetchSubscription,
    staleTime: 5 * 60_000,
    meta: { errorToast: false },
  });
}

export interface CheckoutResult {
  /** The hosted checkout to send the browser to; null when the server changed the subscription in place. */
  url: string | null;
  subscription: Subscription | null;
}

interface CheckoutRequest {
  planId: string;
  /** The page the checkout comes back to: where the user is now (path and query, same origin). */
  successUrl: string;
}

// No status redirects: every failure is said in the checkout toast or the not-configured notice.
export async function startCheckout({ planId, successUrl }: CheckoutRequest): Promise<CheckoutResult> {
  const doc = await callByName('billing.checkout', 'PATCH /api/v1/stripe_checkout/sessions', {
    body: resourceBody('checkout_sessions', { key: planId, success_url: successUrl }),
    redirectOnStatus: false,
  });
  return { url: doc.data.attributes.url, subscription: toSubscription(doc.included?.[0]) };
}

export function isBillingNotConfigured(error: unknown): boolean {
  return isApiError(error) && error.status === 409 && error.code === 'billing_not_configured';
}

/** The catalogue's checkout failure: a persistent "Something went wrong." followed by the error message. */
function showCheckoutErrorToast(error: unknown): void {
  const reason = isApiError(error)
    ? error.detail?.trim() || error.title
    : error instanceof Error
      ? error.message
      : '';
  notifications.show({
    id: 'checkout-error',
    color: 'danger',
    autoClose: false,
    withCloseButton: true,
    message: [TOASTS.checkoutFailed, reason].filter(Boolean).join(' '),
  });
}

function useRefreshBilling() {
  const queryClient = useQueryClient();
  return (subscription: Subscription | null) => {
    if (subscription) queryClient.setQueryData(billingKeys.subscription, subscription);
    void queryClient.invalidateQueries({ queryKey: billingKeys.subscription });
    void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
  };
}

/**
 * Choose a plan: the browser goes to the returned checkout; when the server updated the subscription in
 * place (no url) the plan is refreshed here and said (by default "Your plan is updated."). A server without
 * payment keys is left to the caller to explain (isBillingNotConfigured); other failures raise the checkout
 * toast.
 */
export function useCheckout({ onUpdatedInPlace }: { onUpdatedInPlace?: () => void } = {}) {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: startCheckout,
    meta: { errorToast: false },
    onSuccess: (result) => {
      if (result.url) {
        browser.assign(result.url);
        return;
      }
      refresh(result.subscription);
      if (onUpdatedInPlace) onUpdatedInPlace();
      else notifications.show({ color: 'success', message: PLAN_UPDATED_MESSAGE });
    },
    onError: (error) => {
      if (!isBillingNotConfigured(error)) showCheckoutErrorToast(error);
    },
  });
}

/**
 * Change the payment method: the browser goes to the provider's hosted billing portal, which comes back to
 * `returnUrl` (this page). A company with no card on file yet (409) is told so; other failures raise the
 * checkout toast.
 */
export function useBillingPortal() {
  return useMutation({
    mutationFn: async (returnUrl: string) => {
      const doc = await callByName('billing.billingPortal', 'POST /api/v1/billing_portal/sessions', {
        body: resourceBody('billing_portal_sessions', { return_url: returnUrl }),
        redirectOnStatus: false,
      });
      const url = doc.data.attributes.url;
      if (!url) throw new Error('The payment provider gave no address to go to.');
      return url;
    },
    meta: { errorToast: false },
    onSuccess: (url) => browser.assign(url),
    onError: (error) => {
      if (isApiError(error) && error.status === 409 && error.code !== 'billing_not_configured') {
        notifications.show({ color: 'brand', message: error.detail ?? error.title });
      } else {
        showCheckoutErrorToast(error);
      }
    },
  });
}

/** PATCH subscription {cancel_at_period_end: false}: the plan keeps renewing. */
export function useReactivatePlan() {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: async () => {
      const doc = await callByName('billing.changeSubscription', 'PATCH /api/v1/subscription', {
        body: resourceBody('subscriptions', { cancel_at_period_end: false as const }),
      });
      return toSubscription(doc.data);
    },
    onSuccess: refresh,
  });
}

/** DELETE subscription: the plan ends at the end of the paid period. */
export function useCancelPlan() {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: async () => {
      const doc = await callByName('billing.cancelSubscription', 'DELETE /api/v1/subscription');
      return toSubscription(doc.data);
    },
    onSuccess: refresh,
  });
}

export interface Invoice extends InvoiceAttributes {
  id: string;
}

/** The company's invoices, newest first (admins; the team page lists them). */
export function useInvoices() {
  return useQuery({
    queryKey: billingKeys.invoices,
    queryFn: async (): Promise<Invoice[]> =>
      (await callByName('billing.invoices', 'GET /api/v1/invoices')).data.map((r) => ({
        ...r.attributes,
        id: r.id,
      })),
  });
}
