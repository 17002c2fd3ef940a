/**
 * A small stand-in for the card payment provider's REST API (the endpoints billing calls), for tests that
 * drive the real `stripe` SDK: it keeps customers, prices, checkout sessions and subscriptions in memory and
 * answers in the provider's documented JSON shapes, errors included. Point the server at it with
 * STRIPE_API_URL=fake.url.
 *
 *   const fake = await startFakeStripeServer();
 *   fake.addPrice('team-500', 500);
 *   fake.failNext('checkout.sessions.create', stripeErrors.cardDeclined());
 *   ... run the code under test ...
 *   const { subscription } = fake.completeCheckout(sessionId);   // what the hosted page would do
 *   expect(fake.requestsFor('customers.create')).toHaveLength(1);
 *   await fake.close();
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

type StripeOperation =
  | 'customers.create'
  | 'prices.list'
  | 'checkout.sessions.create'
  | 'billingPortal.sessions.create'
  | 'subscriptions.retrieve'
  | 'subscriptions.update';

type Json = Record<string, unknown>;

type RecordedStripeRequest = {
  operation: StripeOperation | 'unknown';
  method: string;
  path: string;
  /** Form body or query string, decoded into nested objects and arrays as the provider reads them. */
  params: Json;
  headers: http.IncomingHttpHeaders;
};

export type StripeErrorReply = { status: number; body: Json; headers?: Record<string, string> };

/** Errors in the provider's documented shape: `{ error: { type, code, message, ... } }`. */
export const stripeErrors = {
  cardDeclined: (): StripeErrorReply => ({
    status: 402,
    body: {
      error: {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
        doc_url: 'https://stripe.com/docs/error-codes/card-declined',
      },
    },
  }),
  rateLimited: (retryAfterSeconds = 2): StripeErrorReply => ({
    status: 429,
    headers: { 'retry-after': String(retryAfterSeconds) },
    body: {
      error: {
        type: 'invalid_request_error',
        code: 'rate_limit',
        message:
          'Too many requests hit the API too quickly. We recommend an exponential backoff of your requests.',
        doc_url: 'https://stripe.com/docs/error-codes/rate-limit',
      },
    },
  }),
  apiError: (): StripeErrorReply => ({
    status: 500,
    body: { error: { type: 'api_error', message: 'An unknown error occurred' } },
  }),
  notFound: (kind: string, id: string): StripeErrorReply => ({
    status: 404,
    body: {
      error: {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'id',
        message: `No such ${kind}: '${id}'`,
        doc_url: 'https://stripe.com/docs/error-codes/resource-missing',
      },
    },
  }),
};

/** Form encoding as the SDK writes it (`a[b][0][c]=v`), back into nested values. */
function parseStripeParams(text: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Json = root;
    path.forEach((segment, index) => {
      const last = index === path.length - 1;
      const nextIsIndex = /^\d*$/.test(path[index + 1] ?? '');
      const field = segment === '' ? String(Object.keys(node).length) : segment;
      if (last) {
        node[field] = value;
      } else {
        node[field] ??= nextIsIndex ? [] : {};
        node = node[field] as Json;
      }
    });
  }
  return arraysOf(root) as Json;
}

/** Objects built with numeric keys (the SDK's `items[0]`) become arrays. */
function arraysOf(value: unknown): unknown {
  if (Array.isArray(value)) return Object.values(value).map(arraysOf);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, arraysOf(v)]));
  }
  return value;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const unix = (date = new Date()) => Math.floor(date.getTime() / 1000);
const MONTH_SECONDS = 30 * 86_400;

export type FakeStripeServer = {
  /** The API root to configure as STRIPE_API_URL, e.g. http://127.0.0.1:41234 */
  url: string;
  requests: RecordedStripeRequest[];
  requestsFor(operation: StripeOperation): RecordedStripeRequest[];
  /** A monthly recurring price (amount in cents) reachable by its lookup key. */
  addPrice(lookupKey: string, unitAmount: number): Json;
  /** The next call of the operation answers with this error (queued, in order). */
  failNext(operation: StripeOperation, error: StripeErrorReply): void;
  customers: Map<string, Json>;
  sessions: Map<string, Json>;
  subscriptions: Map<string, Json>;
  /** What paying on the hosted page does: the session completes and an active subscription exists. */
  completeCheckout(sessionId: string): { session: Json; subscription: Json };
  /** A paid (or failed) invoice of a subscription, in the provider's shape. */
  invoiceFor(subscriptionId: string, options?: { paid?: boolean; number?: string }): Json;
  /** Forgets requests, queued failures, prices and every object made. */
  reset(): void;
  close(): Promise<void>;
};

const ROUTES: { method: string; pattern: RegExp; operation: StripeOperation }[] = [
  { method: 'POST', pattern: /^\/v1\/customers$/, operation: 'customers.create' },
  { method: 'GET', pattern: /^\/v1\/prices$/, operation: 'prices.list' },
  { method: 'POST', pattern: /^\/v1\/checkout\/sessions$/, operation: 'checkout.sessions.create' },
  { method: 'GET', pattern: /^\/v1\/subscriptions\/([^/]+)$/, operation: 'subscriptions.retrieve' },
  { method: 'POST', pattern: /^\/v1\/billing_portal\/sessions$/, operation: 'billingPortal.sessions.create' },
  { method: 'POST', pattern: /^\/v1\/subscriptions\/([^/]+)$/, operation: 'subscriptions.update' },
];

export async function startFakeStripeServer(): Promise<FakeStripeServer> {
  const requests: RecordedStripeRequest[] = [];
  const failures = new Map<StripeOperation, StripeErrorReply[]>();
  const prices = new Map<string, Json>();
  const customers = new Map<string, Json>();
  const sessions = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  /** The provider answers a repeated Idempotency-Key with the first answer. */
  const idempotent = new Map<string, Json>();

  const list = (data: Json[], url: string) => ({ object: 'list', data, has_more: false, url });

  const subscriptionItem = (subscriptionId: string, price: Json, start: number) => ({
    id: newId('si'),
    object: 'subscription_item',
    created: start,
    current_period_start: start,
    current_period_end: start + MONTH_SECONDS,
    metadata: {},
    price,
    quantity: 1,
    subscription: subscriptionId,
    tax_rates: [],
  });

  function createSubscription(customer: string, price: Json, metadata: Json): Json {
    const id = newId('sub');
    const start = unix();
    const subscription: Json = {
      id,
      object: 'subscription',
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      collection_method: 'charge_automatically',
      created: start,
      currency: 'usd',
      customer,
      ended_at: null,
      items: list([subscriptionItem(id, price, start)], `/v1/subscription_items?subscription=${id}`),
      livemode: false,
      metadata,
      start_date: start,
      status: 'active',
      trial_end: null,
      trial_start: null,
    };
    subscriptions.set(id, subscription);
    return subscription;
  }

  function priceById(id: unknown): Json | undefined {
    return [...prices.values()].find((price) => price.id === id);
  }

  function answer(operation: StripeOperation, match: RegExpExecArray, params: Json) {
    switch (operation) {
      case 'customers.create': {
        const customer = {
          id: newId('cus'),
          object: 'customer',
          created: unix(),
          email: params.email ?? null,
          name: params.name ?? null,
          metadata: params.metadata ?? {},
          livemode: false,
        };
        customers.set(customer.id, customer);
        return { status: 200, body: customer };
      }
      case 'prices.list': {
        const keys = (params.lookup_keys as string[] | undefined) ?? [];
        const found = [...prices.values()].filter(
          (price) => keys.includes(String(price.lookup_key)) && (params.active !== 'true' || price.active),
        );
        return { status: 200, body: list(found, '/v1/prices') };
      }
      case 'checkout.sessions.create': {
        const id = `cs_test_${randomBytes(16).toString('hex')}`;
        const session = {
          id,
          object: 'checkout.session',
          client_reference_id: params.client_reference_id ?? null,
          created: unix(),
          customer: params.customer ?? null,
          expires_at: unix() + 86_400,
          livemode: false,
          metadata: params.metadata ?? {},
          mode: params.mode,
          payment_status: 'unpaid',
          status: 'open',
          subscription: null,
          success_url: params.success_url,
          cancel_url: params.cancel_url ?? null,
          url: `https://checkout.stripe.com/c/pay/${id}`,
          line_items: params.line_items,
          subscription_data: params.subscription_data,
        };
        sessions.set(id, session);
        const { line_items: _items, subscription_data: _data, ...shown } = session;
        return { status: 200, body: shown };
      }
      case 'billingPortal.sessions.create': {
        const customer = String(params.customer ?? '');
        if (!customers.has(customer)) return stripeErrors.notFound('customer', customer);
        const id = newId('bps');
        const session = {
          id,
          object: 'billing_portal.session',
          created: unix(),
          customer,
          livemode: false,
          return_url: params.return_url ?? null,
          url: `https://billing.stripe.com/p/session/test_${id}`,
        };
        return { status: 200, body: session };
      }
      case 'subscriptions.retrieve': {
        const subscription = subscriptions.get(match[1]!);
        return subscription
          ? { status: 200, body: subscription }
          : stripeErrors.notFound('subscription', match[1]!);
      }
      case 'subscriptions.update': {
        const subscription = subscriptions.get(match[1]!);
        if (!subscription) return stripeErrors.notFound('subscription', match[1]!);
        if (params.cancel_at_period_end !== undefined) {
          subscription.cancel_at_period_end = params.cancel_at_period_end === 'true';
        }
        for (const change of (params.items as Json[] | undefined) ?? []) {
          const items = (subscription.items as { data: Json[] }).data;
          const item = items.find((i) => i.id === change.id);
          const price = priceById(change.price);
          if (!item || !price) {
            return {
              status: 400,
              body: {
                error: {
                  type: 'invalid_request_error',
                  code: 'resource_missing',
                  param: 'items',
                  message: `No such price or subscription item: '${String(change.price ?? change.id)}'`,
                },
              },
            };
          }
          item.price = price;
        }
        return { status: 200, body: subscription };
      }
    }
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const text = request.method === 'GET' ? url.search.slice(1) : Buffer.concat(chunks).toString('utf8');
      const params = parseStripeParams(text);
      const route = ROUTES.find((r) => r.method === request.method && r.pattern.test(url.pathname));
      const recorded: RecordedStripeRequest = {
        operation: route?.operation ?? 'unknown',
        method: request.method ?? 'GET',
        path: url.pathname,
        params,
        headers: request.headers,
      };
      requests.push(recorded);
      const send = (reply: { status: number; body: unknown; headers?: Record<string, string> }) => {
        response.writeHead(reply.status, {
          'content-type': 'application/json',
          'request-id': newId('req'),
          ...(reply.headers ?? {}),
        });
        response.end(JSON.stringify(reply.body));
      };
      if (!route) {
        return send({
          status: 404,
          body: {
            error: {
              type: 'invalid_request_error',
              message: `Unrecognized request URL (${request.method}: ${url.pathname}).`,
            },
          },
        });
      }
      const failure = failures.get(route.operation)?.shift();
      if (failure) return send(failure);
      const key = request.headers['idempotency-key'];
      const idempotencyKey = typeof key === 'string' ? `${route.operation}:${key}` : null;
      const earlier = idempotencyKey ? idempotent.get(idempotencyKey) : undefined;
      if (earlier) return send({ status: 200, body: earlier });
      const reply = answer(route.operation, route.pattern.exec(url.pathname)!, params);
      if (idempotencyKey && reply.status === 200) idempotent.set(idempotencyKey, reply.body as Json);
      send(reply);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    requestsFor: (operation) => requests.filter((r) => r.operation === operation),
    addPrice(lookupKey, unitAmount) {
      const price = {
        id: newId('price'),
        object: 'price',
        active: true,
        currency: 'usd',
        livemode: false,
        lookup_key: lookupKey,
        metadata: {},
        product: newId('prod'),
        recurring: { interval: 'month', interval_count: 1, usage_type: 'licensed' },
        type: 'recurring',
        unit_amount: unitAmount,
      };
      prices.set(lookupKey, price);
      return price;
    },
    failNext(operation, error) {
      const queue = failures.get(operation) ?? [];
      queue.push(error);
      failures.set(operation, queue);
    },
    customers,
    sessions,
    subscriptions,
    completeCheckout(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`No checkout session ${sessionId}`);
      const [line] = session.line_items as Json[];
      const price = priceById(line?.price);
      if (!price) throw new Error(`The session's price ${String(line?.price)} is unknown`);
      const metadata = ((session.subscription_data as Json | undefined)?.metadata as Json | undefined) ?? {};
      const subscription = createSubscription(String(session.customer), price, metadata);
      Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: subscription.id });
      const { line_items: _items, subscription_data: _data, ...shown } = session;
      return { session: shown, subscription };
    },
    invoiceFor(subscriptionId, options = {}) {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription) throw new Error(`No subscription ${subscriptionId}`);
      const item = (subscription.items as { data: Json[] }).data[0]!;
      const price = item.price as Json;
      const paid = options.paid ?? true;
      const amount = Number(price.unit_amount);
      const id = newId('in');
      return {
        id,
        object: 'invoice',
        amount_due: amount,
        amount_paid: paid ? amount : 0,
        amount_remaining: paid ? 0 : amount,
        billing_reason: 'subscription_cycle',
        created: unix(),
        currency: 'usd',
        customer: subscription.customer,
        description: null,
        hosted_invoice_url: `https://invoice.stripe.com/i/acct_test/${id}`,
        invoice_pdf: `https://pay.stripe.com/invoice/acct_test/${id}/pdf`,
        livemode: false,
        number: options.number ?? 'MW-0001',
        parent: {
          type: 'subscription_details',
          quote_details: null,
          subscription_details: { metadata: subscription.metadata, subscription: subscriptionId },
        },
        lines: list(
          [
            {
              id: newId('il'),
              object: 'line_item',
              amount,
              currency: 'usd',
              description: `1 × ${String(price.lookup_key)} (at $${(amount / 100).toFixed(2)} / month)`,
              parent: {
                type: 'subscription_item_details',
                invoice_item_details: null,
                subscription_item_details: {
                  invoice_item: null,
                  proration: false,
                  proration_details: null,
                  subscription: subscriptionId,
                  subscription_item: item.id,
                },
              },
              period: { start: item.current_period_start, end: item.current_period_end },
              quantity: 1,
            },
          ],
          `/v1/invoices/${id}/lines`,
        ),
        period_end: item.current_period_start,
        period_start: Number(item.current_period_start) - MONTH_SECONDS,
        status: paid ? 'paid' : 'open',
        total: amount,
      };
    },
    reset() {
      requests.length = 0;
      failures.clear();
      prices.clear();
      customers.clear();
      sessions.clear();
      subscriptions.clear();
      idempotent.clear();
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
