// The company's subscription: read it, start a checkout, cancel at the period end, re-activate.
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isApiError, type JsonApiResource, resourceBody } from '../../api/client';
import { TOASTS } from '../../copy/texts';
import { browser } from '../../lib/browser';
import { queryKeys } from '../../session/queryKeys';
import type { SubscriptionStatus } from '../../session/types';

export interface SubscriptionAttributes {
  plan: string;
  active: boolean;
  status: SubscriptionStatus;
  current_period_end: string | null;
  cancel_at_period_end: boolean;
  trial_ends_at: string | null;
  trial_days_left: number | null;
  has_many_members: boolean;
  /** The server has payment keys: checkouts can start. */
  billing_configured: boolean;
}

export interface Subscription extends SubscriptionAttributes {
  id: string;
}

export const billingKeys = {
  subscription: ['subscription'] as const,
};

const BILLING_NOT_CONFIGURED_CODE = 'billing_not_configured';
export const PLAN_UPDATED_MESSAGE = 'Your plan is updated.';

function toSubscription(resource: JsonApiResource<SubscriptionAttributes> | null | undefined) {
  return resource?.attributes ? { ...resource.attributes, id: String(resource.id) } : null;
}

export async function fetchSubscription(): Promise<Subscription | null> {
  const doc = await api.get<JsonApiResource<SubscriptionAttributes> | null>('/subscription');
  return toSubscription(doc.data);
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
  const doc = await api.patch<JsonApiResource<{ url: string | null }>>(
    '/stripe_checkout/sessions',
    resourceBody('checkout_sessions', { key: planId, success_url: successUrl }),
    { redirectOnStatus: false },
  );
  const included = doc.included.find((item) => item.type === 'subscriptions') as
    | JsonApiResource<SubscriptionAttributes>
    | undefined;
  return { url: doc.data?.attributes?.url ?? null, subscription: toSubscription(included) };
}

export function isBillingNotConfigured(error: unknown): boolean {
  return isApiError(error) && error.status === 409 && error.code === BILLING_NOT_CONFIGURED_CODE;
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
      const doc = await api.post<JsonApiResource<{ url: string }>>(
        '/billing_portal/sessions',
        resourceBody('billing_portal_sessions', { return_url: returnUrl }),
        { redirectOnStatus: false },
      );
      const url = doc.data?.attributes?.url;
      if (!url) throw new Error('The payment provider gave no address to go to.');
      return url;
    },
    meta: { errorToast: false },
    onSuccess: (url) => browser.assign(url),
    onError: (error) => {
      if (isApiError(error) && error.status === 409 && error.code !== BILLING_NOT_CONFIGURED_CODE) {
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
      const doc = await api.patch<JsonApiResource<SubscriptionAttributes>>(
        '/subscription',
        resourceBody('subscriptions', { cancel_at_period_end: false }),
      );
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
      const doc = await api.delete<JsonApiResource<SubscriptionAttributes>>('/subscription');
      return toSubscription(doc.data);
    },
    onSuccess: refresh,
  });
}
