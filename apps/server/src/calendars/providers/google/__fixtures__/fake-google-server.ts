/**
 * A scriptable stand-in for the Google Calendar API v3, for tests that drive the real `@googleapis/calendar`
 * SDK (point it here with `createGoogleDriver({ apiUrl: fake.url })` or GOOGLE_API_URL=fake.url).
 *
 *   const fake = await startFakeGoogleServer();
 *   fake.enqueue('events.list', eventsPage({ items, nextPageToken: 'p2' }), eventsPage({ items, nextSyncToken: 's1' }));
 *   fake.enqueue('events.list', googleError(410, 'fullSyncRequired'));
 *   ... run the code under test ...
 *   expect(fake.requestsFor('events.list')[1]?.query.pageToken).toBe('p2');
 *   expect(fake.unscripted).toEqual([]);
 *   await fake.close();
 *
 * Each operation has a FIFO queue of replies; a reply is a value or a function of the request. When a queue is
 * empty the operation's default (setDefault) answers, else 501 with a Google-shaped error naming the operation
 * (and the request is listed in `unscripted`). Every request is recorded in `requests`.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

type GoogleOperationName =
  | 'calendarList.list'
  | 'events.list'
  | 'events.get'
  | 'events.insert'
  | 'events.patch'
  | 'events.update'
  | 'events.delete'
  | 'events.watch'
  | 'channels.stop';

export type RecordedRequest = {
  operation: GoogleOperationName | 'unknown';
  method: string;
  /** The path as sent, e.g. /calendar/v3/calendars/me%40example.com/events */
  path: string;
  /** Decoded path parameters. */
  calendarId?: string | undefined;
  eventId?: string | undefined;
  /** Query parameters; repeated ones become arrays. */
  query: Record<string, string | string[]>;
  headers: http.IncomingHttpHeaders;
  /** Parsed JSON body (undefined when empty). */
  body: unknown;
};

export type FakeReply =
  | { status?: number; body?: unknown; headers?: Record<string, string>; delayMs?: number }
  /** Close the socket without answering (a network failure). */
  | { dropConnection: true };

type FakeHandler = FakeReply | ((request: RecordedRequest) => FakeReply);

export type FakeGoogleServer = {
  /** Base URL to give the SDK as rootUrl, e.g. http://127.0.0.1:41234/ */
  url: string;
  requests: RecordedRequest[];
  /** Requests no queue or default answered. */
  unscripted: RecordedRequest[];
  requestsFor(operation: GoogleOperationName): RecordedRequest[];
  /** Queue replies for the next calls of an operation, in order. */
  enqueue(operation: GoogleOperationName, ...replies: FakeHandler[]): void;
  /** The reply used whenever the operation's queue is empty. */
  setDefault(operation: GoogleOperationName, reply: FakeHandler): void;
  /** Replies queued but not consumed, per operation. */
  pending(): Partial<Record<GoogleOperationName, number>>;
  /** Forget queues, defaults and recorded requests (between tests). */
  reset(): void;
  close(): Promise<void>;
};

const ROUTES: { method: string; pattern: RegExp; operation: GoogleOperationName }[] = [
  { method: 'GET', pattern: /^\/calendar\/v3\/users\/me\/calendarList$/, operation: 'calendarList.list' },
  { method: 'POST', pattern: /^\/calendar\/v3\/channels\/stop$/, operation: 'channels.stop' },
  {
    method: 'POST',
    pattern: /^\/calendar\/v3\/calendars\/([^/]+)\/events\/watch$/,
    operation: 'events.watch',
  },
  { method: 'GET', pattern: /^\/calendar\/v3\/calendars\/([^/]+)\/events$/, operation: 'events.list' },
  { method: 'POST', pattern: /^\/calendar\/v3\/calendars\/([^/]+)\/events$/, operation: 'events.insert' },
  {
    method: 'GET',
    pattern: /^\/calendar\/v3\/calendars\/([^/]+)\/events\/([^/]+)$/,
    operation: 'events.get',
  },
  {
    method: 'PATCH',
    pattern: /^\/calendar\/v3\/calendars\/([^/]+)\/events\/([^/]+)$/,
    operation: 'events.patch',
  },
  {
    method: 'PUT',
    pattern: /^\/calendar\/v3\/calendars\/([^/]+)\/events\/([^/]+)$/,
    operation: 'events.update',
  },
  {
    method: 'DELETE',
    pattern: /^\/calendar\/v3\/calendars\/([^/]+)\/events\/([^/]+)$/,
    operation: 'events.delete',
  },
];

const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'ALREADY_EXISTS',
  410: 'FAILED_PRECONDITION',
  412: 'FAILED_PRECONDITION',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  501: 'UNIMPLEMENTED',
  502: 'UNAVAILABLE',
  503: 'UNAVAILABLE',
};

const DEFAULT_MESSAGES: Record<string, string> = {
  authError: 'Invalid Credentials',
  rateLimitExceeded: 'Rate Limit Exceeded',
  userRateLimitExceeded: 'User Rate Limit Exceeded',
  quotaExceeded: 'Calendar usage limits exceeded.',
  forbidden: 'Forbidden',
  insufficientPermissions: 'Insufficient Permission',
  forbiddenForNonOrganizer: 'Shared properties can only be changed by the organizer of the event.',
  notFound: 'Not Found',
  fullSyncRequired: 'Sync token is no longer valid, a full sync is required.',
  deleted: 'Resource has been deleted',
  backendError: 'Backend Error',
  invalid: 'Invalid Value',
  duplicate: 'The requested identifier already exists.',
};

/** An error reply in Google's documented shape: { error: { code, message, errors: [{ domain, reason, message }], status } }. */
export function googleError(
  status: number,
  reason: string,
  options: { message?: string; headers?: Record<string, string>; domain?: string } = {},
): FakeReply {
  const message = options.message ?? DEFAULT_MESSAGES[reason] ?? reason;
  const domain =
    options.domain ?? (/RateLimit|rateLimit|quota|dailyLimit/.test(reason) ? 'usageLimits' : 'global');
  const entry: Record<string, string> = { domain, reason, message };
  if (status === 401) Object.assign(entry, { locationType: 'header', location: 'Authorization' });
  return {
    status,
    headers: options.headers ?? {},
    body: {
      error: {
        code: status,
        message,
        errors: [entry],
        ...(STATUS_NAMES[status] ? { status: STATUS_NAMES[status] } : {}),
      },
    },
  };
}

/** A calendar#events list page: nextSyncToken belongs on the last page only, nextPageToken on the others. */
export function eventsPage(page: {
  items: unknown[];
  nextPageToken?: string;
  nextSyncToken?: string;
  timeZone?: string;
  summary?: string;
}): FakeReply {
  return {
    status: 200,
    body: {
      kind: 'calendar#events',
      etag: '"p33c9vn8rkkr8a0h"',
      summary: page.summary ?? 'me@example.com',
      description: '',
      updated: '2024-01-20T09:00:00.000Z',
      timeZone: page.timeZone ?? 'Europe/Paris',
      accessRole: 'owner',
      defaultReminders: [{ method: 'popup', minutes: 10 }],
      ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}),
      ...(page.nextSyncToken ? { nextSyncToken: page.nextSyncToken } : {}),
      items: page.items,
    },
  };
}

/** A calendar#calendarList page. */
export function calendarListPage(page: {
  items: unknown[];
  nextPageToken?: string;
  nextSyncToken?: string;
}): FakeReply {
  return {
    status: 200,
    body: {
      kind: 'calendar#calendarList',
      etag: '"p33c9vn8rkkr8a0g"',
      ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}),
      ...(page.nextSyncToken ? { nextSyncToken: page.nextSyncToken } : {}),
      items: page.items,
    },
  };
}

/** A 200 with a JSON body (events.get/insert/patch answers, channels...). */
export function ok(body: unknown, headers: Record<string, string> = {}): FakeReply {
  return { status: 200, body, headers };
}

/** The api#channel answer of events.watch for a request (echoes id, token; expiration in ms as a string). */
export function channelFor(
  request: RecordedRequest,
  options: { resourceId?: string; expiration?: number } = {},
): FakeReply {
  const body = (request.body ?? {}) as { id?: string; token?: string; params?: { ttl?: string } };
  const ttlSeconds = Number(body.params?.ttl ?? 604800);
  return ok({
    kind: 'api#channel',
    id: body.id,
    resourceId: options.resourceId ?? 'ret08u3rv24htgh289g',
    resourceUri: `https://www.googleapis.com/calendar/v3/calendars/${request.calendarId}/events?alt=json`,
    ...(body.token ? { token: body.token } : {}),
    expiration: String(options.expiration ?? Date.now() + ttlSeconds * 1000),
  });
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

export async function startFakeGoogleServer(): Promise<FakeGoogleServer> {
  const queues = new Map<GoogleOperationName, FakeHandler[]>();
  const defaults = new Map<GoogleOperationName, FakeHandler>();
  const requests: RecordedRequest[] = [];
  const unscripted: RecordedRequest[] = [];

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
      const route = ROUTES.find((r) => r.method === req.method && r.pattern.test(url.pathname));
      const match = route ? route.pattern.exec(url.pathname) : null;
      const operation = route?.operation ?? 'unknown';
      const recorded: RecordedRequest = {
        operation,
        method: req.method ?? 'GET',
        path: url.pathname,
        calendarId:
          match?.[1] !== undefined && operation !== 'channels.stop'
            ? decodeURIComponent(match[1])
            : undefined,
        eventId: match?.[2] !== undefined ? decodeURIComponent(match[2]) : undefined,
        query: parseQuery(url.searchParams),
        headers: req.headers,
        body,
      };
      requests.push(recorded);

      let handler: FakeHandler | undefined;
      if (operation !== 'unknown') handler = queues.get(operation)?.shift() ?? defaults.get(operation);
      if (!handler) {
        unscripted.push(recorded);
        handler = googleError(501, 'notImplemented', {
          message: `fake-google-server: no reply scripted for ${operation} (${req.method} ${url.pathname})`,
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
        headers['content-type'] ??= 'application/json; charset=UTF-8';
        res
          .writeHead(status, headers)
          .end(typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body));
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/`,
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
    pending() {
      const counts: Partial<Record<GoogleOperationName, number>> = {};
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
