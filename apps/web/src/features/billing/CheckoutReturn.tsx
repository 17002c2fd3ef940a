import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { queryKeys } from '../../session/queryKeys';
import { billingKeys, fetchSubscription, PLAN_UPDATED_MESSAGE, type Subscription } from './api';

const CHECKOUT_RETURN_PARAM = 'checkout';
const NOTICE_ID = 'checkout-return';
const POLL_MS = 2_000;
/** The provider's webhook usually lands within seconds; past this the page stops asking and says so. */
const CHECKOUT_WAIT_MS = 60_000;

export const CHECKOUT_RETURN_TEXTS = {
  waiting: 'Thank you! Your payment went through. Your plan is being updated…',
  late: 'Your payment went through. Your new plan will show here within a few minutes.',
} as const;

const isPaidAndActive = (subscription: Subscription | null | undefined) =>
  Boolean(subscription && subscription.plan !== 'trial' && subscription.active);

/**
 * Back from a paid checkout (`?checkout=complete`, set by the server on the checkout's return address): the
 * provider tells the server by webhook, usually a moment after the customer arrives. Until the plan shows as
 * paid the subscription is read again every 2 seconds (for at most a minute) under a waiting notice, then the
 * account is reloaded and the notice says the plan is updated.
 */
export function CheckoutReturn({
  pollMs = POLL_MS,
  waitMs = CHECKOUT_WAIT_MS,
}: {
  pollMs?: number;
  waitMs?: number;
}) {
  const [params, setParams] = useSearchParams();
  const [waitingSince, setWaitingSince] = useState<number | null>(null);
  const queryClient = useQueryClient();
  const returned = params.get(CHECKOUT_RETURN_PARAM) === 'complete';

  useEffect(() => {
    if (!returned) return;
    setWaitingSince(Date.now());
    notifications.show({
      id: NOTICE_ID,
      loading: true,
      autoClose: false,
      message: CHECKOUT_RETURN_TEXTS.waiting,
    });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(CHECKOUT_RETURN_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [returned, setParams]);

  const waiting = waitingSince !== null;
  const { data: subscription } = useQuery({
    queryKey: billingKeys.subscription,
    queryFn: fetchSubscription,
    enabled: waiting,
    refetchInterval: waiting ? pollMs : false,
    meta: { errorToast: false },
  });

  useEffect(() => {
    if (waitingSince === null) return;
    const finish = (message: string, color: string) => {
      setWaitingSince(null);
      notifications.update({ id: NOTICE_ID, loading: false, color, message, autoClose: 6_000 });
      void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
    };
    if (isPaidAndActive(subscription)) {
      finish(PLAN_UPDATED_MESSAGE, 'success');
      return;
    }
    const timer = setTimeout(
      () => finish(CHECKOUT_RETURN_TEXTS.late, 'brand'),
      Math.max(0, waitingSince + waitMs - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [subscription, waitingSince, waitMs, queryClient]);

  return null;
}
