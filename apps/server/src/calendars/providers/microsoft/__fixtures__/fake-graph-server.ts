/**
 * A scriptable stand-in for Microsoft Graph v1.0 (calendar and subscription endpoints), for tests that drive
 * the real `@microsoft/microsoft-graph-client` SDK. Point a driver at it with
 * `createMicrosoftDriver({ graphUrl: fake.url })`, or set MICROSOFT_GRAPH_URL=fake.url for `microsoftDriver`.
 *
 *   const fake = await startFakeGraphServer();
 *   fake.enqueue('calendarView.delta',
 *     graphPage([event1], { nextLink: fake.link('/me/calendars/cal-1/calendarView/delta', { $skiptoken: 'p2' }) }),
 *     graphPage([event2], { deltaLink: fake.link('/me/calendars/cal-1/calendarView/delta', { $deltatoken: 'd1' }) }));
 *   fake.enqueue('calendarView.delta', graphError(410, 'syncStateNotFound'));
 *   ... run the code under test ...
 *   expect(fake.requestsFor('calendarView.delta')[1]?.query.$skiptoken).toBe('p2');
 *   expect(fake.unscripted).toEqual([]);
 *   await fake.close();
 *
 * Each operation has a FIFO queue of replies; a reply is a value or a function of the request. When a queue is
 * empty the operation's default (setDefault) answers, else 501 with a Graph-shaped error naming the operation
 * (and the request is listed in `unscripted`). Every request is recorded in `requests`.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

type GraphOperationName =
  | 'calendars.list'
  | 'calendarView.delta'
  | 'events.instances'
  | 'events.get'
  | 'events.create'
  | 'events.update'
  | 'events.delete'
  | 'events.accept'
  | 'events.tentativelyAccept'
  | 'events.decline'
  | 'subscriptions.create'
  | 'subscriptions.update'
  | 'subscriptions.delete';

export type RecordedGraphRequest = {
  operation: GraphOperationName | 'unknown';
  method: string;
  /** The path as sent, e.g. /v1.0/me/calendars/AAMk%2Fx=/calendarView/delta */
  path: string;
  /** Decoded path parameters. */
  calendarId?: string | undefined;
  eventId?: string | undefined;
  subscriptionId?: string | undefined;
  /** Query parameters (decoded); repeated ones become arrays. */
  query: Record<string, string | string[]>;
  headers: http.IncomingHttpHeaders;
  /** Parsed JSON body (undefined when empty, the raw text when not JSON). */
  body: unknown;
};

export type FakeGraphReply =
  | { status?: number; body?: unknown; headers?: Record<string, string>; delayMs?: number }
  /** Close the socket without answering (a network failure). */
  | { dropConnection: true };

type FakeGraphHandler = FakeGraphReply | ((request: RecordedGraphRequest) => FakeGraphReply);

export type FakeGraphServer = {
  /** Graph root to configure (no version), e.g. http://127.0.0.1:41234 */
  url: string;
  /** `${url}/v1.0`: where links point. */
  root: string;
  requests: RecordedGraphRequest[];
  /** Requests no queue or default answered. */
  unscripted: RecordedGraphRequest[];
  requestsFor(operation: GraphOperationName): RecordedGraphRequest[];
  /** Queue replies for the next calls of an operation, in order. */
  enqueue(operation: GraphOperationName, ...replies: FakeGraphHandler[]): void;
  /** The reply used whenever the operation's queue is empty. */
  setDefault(operation: GraphOperationName, reply: FakeGraphHandler): void;
  /** An absolute link under the root, for @odata.nextLink / @odata.deltaLink. */
  link(path: string, query?: Record<string, string>): string;
  /** Replies queued but not consumed, per operation. */
  pending(): Partial<Record<GraphOperationName, number>>;
  /** Forget queues, defaults and recorded requests (between tests). */
  reset(): void;
  close(): Promise<void>;
};

const ID = '([^/]+)';
const ROUTES: { method: string; pattern: RegExp; operation: GraphOperationName; params: ('calendarId' | 'eventId' | 'subscriptionId')[] }[] = [
  { method: 'GET', pattern: /^\/me\/calendars$/, operation: 'calendars.list', params: [] },
  { method: 'GET', pattern: new RegExp(`^/me/calendars/${ID}/calendarView/delta$`), operation: 'calendarView.delta', params: ['calendarId'] },
  { method: 'GET', pattern: /^\/me\/calendarView\/delta$/, operation: 'calendarView.delta', params: [] },
  { method: 'GET', pattern: new RegExp(`^/me/events/${ID}/instances$`), operation: 'events.instances', params: ['eventId'] },
  { method: 'GET', pattern: new RegExp(`^/me/calendars/${ID}/events/${ID}/instances$`), operation: 'events.instances', params: ['calendarId', 'eventId'] },
  { method: 'POST', pattern: new RegExp(`^/me/events/${ID}/accept$`), operation: 'events.accept', params: ['eventId'] },
  { method: 'POST', pattern: new RegExp(`^/me/events/${ID}/tentativelyAccept$`), operation: 'events.tentativelyAccept', params: ['eventId'] },
  { method: 'POST', pattern: new RegExp(`^/me/events/${ID}/decline$`), operation: 'events.decline', params: ['eventId'] },
  { method: 'POST', pattern: new RegExp(`^/me/calendars/${ID}/events$`), operation: 'events.create', params: ['calendarId'] },
  { method: 'POST', pattern: /^\/me\/events$/, operation: 'events.create', params: [] },
  { method: 'GET', pattern: new RegExp(`^/me/calendars/${ID}/events/${ID}$`), operation: 'events.get', params: ['calendarId', 'eventId'] },
  { method: 'GET', pattern: new RegExp(`^/me/events/${ID}$`), operation: 'events.get', params: ['eventId'] },
  { method: 'PATCH', pattern: new RegExp(`^/me/calendars/${ID}/events/${ID}$`), operation: 'events.update', params: ['calendarId', 'eventId'] },
  { method: 'PATCH', pattern: new RegExp(`^/me/events/${ID}$`), operation: 'events.update', params: ['eventId'] },
  { method: 'DELETE', pattern: new RegExp(`^/me/calendars/${ID}/events/${ID}$`), operation: 'events.delete', params: ['calendarId', 'eventId'] },
  { method: 'DELETE', pattern: new RegExp(`^/me/events/${ID}$`), operation: 'events.delete', params: ['eventId'] },
  { method: 'POST', pattern: /^\/subscriptions$/, operation: 'subscriptions.create', params: [] },
  { method: 'PATCH', pattern: new RegExp(`^/subscriptions/${ID}$`), operation: 'subscriptions.update', params: ['subscriptionId'] },
  { method: 'DELETE', pattern: new RegExp(`^/subscriptions/${ID}$`), operation: 'subscriptions.delete', params: ['subscriptionId'] },
];

const DEFAULT_MESSAGES: Record<string, string> = {
  InvalidAuthenticationToken: 'Access token has expired or is not yet valid.',
  ErrorAccessDenied: 'Access is denied. Check credentials and try again.',
  ErrorItemNotFound: 'The specified object was not found in the store.',
  ResourceNotFound: 'Resource not found for the segment.',
  syncStateNotFound: 'The sync state was not found. Please retry the query without the delta token.',
  resyncRequired: 'A full resync is required.',
  ApplicationThrottled: 'Application is over its MailboxConcurrency limit.',
  TooManyRequests: 'Too many requests.',
  ServiceUnavailable: 'Service Unavailable',
  ErrorInternalServerError: 'An internal server error occurred. The operation failed.',
  ErrorInvalidRequest: 'Your request can\u2019t be completed.',
};

/** An error reply in Graph's documented shape: { error: { code, message, innerError: { date, request-id, client-request-id } } }. */
export function graphError(
  status: number,
  code: string,
  options: { message?: string; headers?: Record<string, string> } = {},
): FakeGraphReply {
  return {
    status,
    headers: options.headers ?? {},
    body: {
      error: {
        code,
        message: options.message ?? DEFAULT_MESSAGES[code] ?? code,
        innerError: {
          date: '2024-05-10T12:00:00',
          'request-id': '2f3e6a1c-5d0b-4f64-9f1e-6a0f3f9e1b7a',
          'client-request-id': '2f3e6a1c-5d0b-4f64-9f1e-6a0f3f9e1b7a',
        },
      },
    },
  };
}

/** A collection page: `@odata.nextLink` on every page but the last; a delta's last page has `@odata.deltaLink`. */
export function graphPage(
  value: unknown[],
  links: { nextLink?: string; deltaLink?: string; context?: string } = {},
): FakeGraphReply {
  return {
    status: 200,
    body: {
      '@odata.context': links.context ?? 'https://graph.microsoft.com/v1.0/$metadata#Collection(event)',
      ...(links.nextLink ? { '@odata.nextLink': links.nextLink } : {}),
      ...(links.deltaLink ? { '@odata.deltaLink': links.deltaLink } : {}),
      value,
    },
  };
}

/** A JSON answer (201 for creations, 200 otherwise). */
export function graphOk(body: unknown, status = 200, headers: Record<string, string> = {}): FakeGraphReply {
  return { status, body, headers };
}

/** 202 Accepted with no body (accept/decline), or 204 No Content (deletes). */
export function graphNoContent(status: 202 | 204 = 204): FakeGraphReply {
  return { status };
}

/** The 201 answer to POST /subscriptions: echoes the request, adds an id. */
export function subscriptionFor(request: RecordedGraphRequest, id = '7f105c7d-2dc5-4530-97cd-4e7ae6534c07'): FakeGraphReply {
  const body = (request.body ?? {}) as Record<string, unknown>;
  return graphOk(
    {
      '@odata.context': 'https://graph.microsoft.com/v1.0/$metadata#subscriptions/$entity',
      id,
      resource: body.resource,
      applicationId: '24d3b144-21ae-4080-943f-7067b395b913',
      changeType: body.changeType,
      clientState: body.clientState,
      notificationUrl: body.notificationUrl,
      lifecycleNotificationUrl: body.lifecycleNotificationUrl ?? null,
      expirationDateTime: body.expirationDateTime,
      creatorId: '8ee44408-0679-472c-bc2a-692812af3437',
      latestSupportedTlsVersion: body.latestSupportedTlsVersion ?? 'v1_2',
    },
    201,
  );
}

function parseQuery(search: URLSearchParams): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const [key, value] of search) {
    const existing = query[key];
    if (existing === undefined) query[key] = value;
    else query[key] = Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return query;
}

export async function startFakeGraphServer(): Promise<FakeGraphServer> {
  const queues = new Map<GraphOperationName, FakeGraphHandler[]>();
  const defaults = new Map<GraphOperationName, FakeGraphHandler>();
  const requests: RecordedGraphRequest[] = [];
  const unscripted: RecordedGraphRequest[] = [];

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake.local');
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        body = raw;
      }
      const apiPath = url.pathname.replace(/^\/(v1\.0|beta)(?=\/)/, '');
      const route = ROUTES.find((r) => r.method === req.method && r.pattern.test(apiPath));
      const match = route ? route.pattern.exec(apiPath) : null;
      const operation = route?.operation ?? 'unknown';
      const recorded: RecordedGraphRequest = {
        operation,
        method: req.method ?? 'GET',
        path: url.pathname,
        query: parseQuery(url.searchParams),
        headers: req.headers,
        body,
      };
      route?.params.forEach((name, index) => {
        const value = match?.[index + 1];
        if (value !== undefined) recorded[name] = decodeURIComponent(value);
      });
      requests.push(recorded);

      let handler: FakeGraphHandler | undefined;
      if (operation !== 'unknown') handler = queues.get(operation)?.shift() ?? defaults.get(operation);
      if (!handler) {
        unscripted.push(recorded);
        handler = graphError(501, 'NotImplemented', {
          message: `fake-graph-server: no reply scripted for ${operation} (${req.method} ${url.pathname})`,
        });
      }
      const reply = typeof handler === 'function' ? handler(recorded) : handler;
      if ('dropConnection' in reply) {
        req.socket.destroy();
        return;
      }
      const send = () => {
        const status = reply.status ?? 200;
        const headers: Record<string, string> = { ...(reply.headers ?? {}) };
        if (reply.body === undefined || status === 204) {
          res.writeHead(status, headers).end();
          return;
        }
        if (typeof reply.body === 'string') {
          headers['content-type'] ??= 'text/plain';
          res.writeHead(status, headers).end(reply.body);
          return;
        }
        headers['content-type'] ??= 'application/json; odata.metadata=minimal; odata.streaming=true; charset=utf-8';
        res.writeHead(status, headers).end(JSON.stringify(reply.body));
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  const root = `${origin}/v1.0`;

  return {
    url: origin,
    root,
    requests,
    unscripted,
    requestsFor: (operation) => requests.filter((r) => r.operation === operation),
    enqueue(operation, ...replies) {
      const queue = queues.get(operation) ?? [];
      queue.push(...replies);
      queues.set(operation, queue);
    },
    setDefault(operation, reply) {
      defaults.set(operation, reply);
    },
    link(path, query) {
      const qs = query
        ? Object.entries(query)
            .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
            .join('&')
        : '';
      return `${root}${path}${qs ? `?${qs}` : ''}`;
    },
    pending() {
      const counts: Partial<Record<GraphOperationName, number>> = {};
      for (const [operation, queue] of queues) if (queue.length) counts[operation] = queue.length;
      return counts;
    },
    reset() {
      queues.clear();
      defaults.clear();
      requests.length = 0;
      unscripted.length = 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
