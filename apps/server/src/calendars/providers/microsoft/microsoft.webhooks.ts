/**
 * Pure helpers for the Microsoft Graph webhook route (change and lifecycle notifications).
 * https://learn.microsoft.com/graph/change-notifications-delivery-webhooks
 * https://learn.microsoft.com/graph/change-notifications-lifecycle-events
 *
 * The route must: answer the validation handshake (below) within 10 s; for notifications, parse them,
 * check each clientState against the secret stored for its subscriptionId (clientStateMatches), store the
 * work, answer 202 within 3 s, and sync later in a job. The same URL may serve as notificationUrl and
 * lifecycleNotificationUrl: lifecycle notifications are the items with `lifecycleEvent`.
 */
import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { ProviderError } from '../../types';

/** Status the route answers notifications with (after storing them, before doing the work). */
export const GRAPH_NOTIFICATION_ACK_STATUS = 202;

export type GraphValidationResponse = {
  status: 200;
  headers: { 'content-type': 'text/plain; charset=utf-8'; 'x-content-type-options': 'nosniff' };
  body: string;
};

/**
 * The validation handshake: Graph POSTs `?validationToken=...` to a new notification (or lifecycle) URL and
 * expects the decoded token back as text/plain with 200 within 10 s. Returns null when the request is not
 * a handshake (then it carries notifications).
 */
export function graphValidationResponse(
  query: URLSearchParams | Record<string, unknown> | null | undefined,
): GraphValidationResponse | null {
  if (!query) return null;
  const raw = query instanceof URLSearchParams ? query.get('validationToken') : query.validationToken;
  const token = Array.isArray(raw) ? raw[0] : raw;
  if (typeof token !== 'string' || token.length === 0 || token.length > 8192) return null;
  return {
    status: 200,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' },
    body: token,
  };
}

const GRAPH_LIFECYCLE_EVENTS = ['reauthorizationRequired', 'subscriptionRemoved', 'missed'] as const;
type GraphLifecycleEvent = (typeof GRAPH_LIFECYCLE_EVENTS)[number];
type GraphChangeType = 'created' | 'updated' | 'deleted';

export type GraphNotification = {
  subscriptionId: string;
  /** The secret given at subscription time, echoed back; null when absent (never trust such an item). */
  clientState: string | null;
  /** Change notifications only. */
  changeType?: GraphChangeType | undefined;
  /** Change notifications only, e.g. "Users/{user}/Events/{id}". */
  resource?: string | undefined;
  /** The changed event's id, when Graph sends resourceData. */
  resourceId?: string | undefined;
  /** Lifecycle notifications only. */
  lifecycleEvent?: GraphLifecycleEvent | undefined;
  subscriptionExpiresAt?: Date | undefined;
  tenantId?: string | undefined;
};

const MAX_ITEMS = 1000;
const shortString = z.string().min(1).max(2048);

const itemSchema = z
  .looseObject({
    subscriptionId: shortString,
    clientState: z.string().max(255).nullish(),
    changeType: z.enum(['created', 'updated', 'deleted']).optional(),
    resource: shortString.optional(),
    resourceData: z.looseObject({ id: shortString.optional() }).nullish(),
    lifecycleEvent: z.enum(GRAPH_LIFECYCLE_EVENTS).optional(),
    subscriptionExpirationDateTime: z.string().max(64).nullish(),
    tenantId: z.string().max(64).nullish(),
  })
  .refine(
    (item) =>
      item.lifecycleEvent !== undefined || (item.changeType !== undefined && item.resource !== undefined),
    {
      message: 'a change notification needs changeType and resource',
    },
  );

const bodySchema = z.looseObject({ value: z.array(itemSchema).min(1).max(MAX_ITEMS) });

/**
 * Validates and normalises a notification POST body (`{ value: [...] }`). Throws ProviderError('invalid')
 * when the body is not Graph's shape; the route answers 400 then. Does not check clientState (the route
 * knows the secret per subscription): use clientStateMatches.
 */
export function parseGraphNotifications(body: unknown): { value: GraphNotification[] } {
  let parsed: unknown = body;
  if (typeof body === 'string' || body instanceof Uint8Array) {
    try {
      parsed = JSON.parse(typeof body === 'string' ? body : Buffer.from(body).toString('utf8'));
    } catch {
      throw new ProviderError('invalid', 'Graph notification body is not JSON');
    }
  }
  const result = bodySchema.safeParse(parsed);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new ProviderError(
      'invalid',
      `Graph notification body: ${issue?.path.join('.') || '(body)'} ${issue?.message ?? ''}`,
    );
  }
  return {
    value: result.data.value.map((item) => {
      const expires = item.subscriptionExpirationDateTime
        ? Date.parse(item.subscriptionExpirationDateTime)
        : Number.NaN;
      return {
        subscriptionId: item.subscriptionId,
        clientState: item.clientState ?? null,
        changeType: item.changeType,
        resource: item.resource,
        resourceId: item.resourceData?.id,
        lifecycleEvent: item.lifecycleEvent,
        subscriptionExpiresAt: Number.isFinite(expires) ? new Date(expires) : undefined,
        tenantId: item.tenantId ?? undefined,
      };
    }),
  };
}

/** Constant-time comparison of the stored secret with a notification's clientState. */
export function clientStateMatches(expected: string, received: string | null | undefined): boolean {
  if (!expected || typeof received !== 'string') return false;
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(received, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
