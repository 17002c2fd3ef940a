/**
 * Microsoft Graph SDK set-up: one Client per call with the connection's access token, pointed at
 * config `microsoft.graphUrl` (a local fake in tests). The middleware chain is ours, on purpose:
 *   - no RetryHandler: the sync engine owns retries and back-off (Retry-After arrives in ProviderError);
 *   - the bearer token is sent only to the configured Graph origin (links we follow are checked first);
 *   - every request has a timeout;
 *   - error responses whose body is not Graph's `{ error: { code, message } }` are rewritten into that shape,
 *     so the SDK's GraphError always carries the status code and headers (Retry-After) of the response.
 */
import {
  Client,
  type Context,
  GraphClientError,
  type GraphRequest,
  type Middleware,
} from '@microsoft/microsoft-graph-client';
import { ProviderError } from '../../types';

const DEFAULT_GRAPH_URL = 'https://graph.microsoft.com';
const GRAPH_VERSION = 'v1.0';
const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

export type GraphClientOptions = {
  accessToken: string | undefined;
  /** Graph's root, e.g. 'https://graph.microsoft.com' (a trailing '/v1.0' is accepted). */
  graphUrl?: string | undefined;
  timeoutMs?: number | undefined;
};

/** One authenticated Graph client plus the helpers to follow Graph's absolute links safely. */
export type GraphApi = {
  /** A request for a path under the API version root ('/me/calendars?...'). */
  api(path: string): GraphRequest;
  /** A request for an absolute @odata.nextLink / @odata.deltaLink; null when it is not on our Graph origin. */
  apiForLink(link: string): GraphRequest | null;
  /** 'https://graph.microsoft.com/v1.0': what every link we follow must start with. */
  readonly root: string;
};

/** Splits the configured URL into the SDK's baseUrl and version. */
function resolveGraphRoot(graphUrl: string | undefined): {
  baseUrl: string;
  version: string;
  root: string;
} {
  const url = new URL(graphUrl || DEFAULT_GRAPH_URL);
  let path = url.pathname.replace(/\/+$/, '');
  let version = GRAPH_VERSION;
  const versioned = /\/(v1\.0|beta)$/.exec(path);
  if (versioned?.[1]) {
    version = versioned[1];
    path = path.slice(0, -versioned[0].length);
  }
  const baseUrl = `${url.origin}${path}`;
  return { baseUrl, version, root: `${baseUrl}/${version}` };
}

class BearerTokenHandler implements Middleware {
  private next: Middleware | undefined;
  constructor(
    private readonly accessToken: string,
    private readonly origin: string,
  ) {}
  async execute(context: Context): Promise<void> {
    const url = typeof context.request === 'string' ? context.request : context.request.url;
    if (new URL(url).origin !== this.origin) {
      // GraphClientError passes through the SDK untouched (anything else becomes a status-less GraphError).
      throw new GraphClientError(`Refusing to send a Microsoft Graph token to ${new URL(url).origin}`);
    }
    context.options = context.options ?? {};
    const headers = { ...(context.options.headers as Record<string, string> | undefined) };
    headers.Authorization = `Bearer ${this.accessToken}`;
    context.options.headers = headers;
    await this.next?.execute(context);
  }
  setNext(next: Middleware): void {
    this.next = next;
  }
}

class FetchHandler implements Middleware {
  constructor(private readonly timeoutMs: number) {}
  async execute(context: Context): Promise<void> {
    const response = await fetch(context.request, {
      ...(context.options as RequestInit),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    context.response = response.status >= 400 ? await normaliseErrorResponse(response) : response;
  }
}

/** Graph error bodies are `{ error: { code, message, innerError } }`; make every error response look like one. */
async function normaliseErrorResponse(response: Response): Promise<Response> {
  const text = await response.text().catch(() => '');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const graphShaped =
    body !== null &&
    typeof body === 'object' &&
    'error' in body &&
    body.error !== null &&
    typeof body.error === 'object' &&
    typeof (body.error as { code?: unknown }).code === 'string';
  const headers = new Headers(response.headers);
  headers.set('content-type', 'application/json');
  headers.delete('content-length');
  headers.delete('content-encoding');
  const normalised = graphShaped
    ? text
    : JSON.stringify({
        error: {
          code: `http${response.status}`,
          message: text.slice(0, 500) || response.statusText || 'error',
        },
      });
  return new Response(normalised, { status: response.status, statusText: response.statusText, headers });
}

export function createGraphClient(options: GraphClientOptions): GraphApi {
  if (!options.accessToken) {
    throw new ProviderError('token_expired', 'No Microsoft access token for this connection');
  }
  const { baseUrl, version, root } = resolveGraphRoot(options.graphUrl);
  const client = Client.initWithMiddleware({
    baseUrl,
    defaultVersion: version,
    middleware: [
      new BearerTokenHandler(options.accessToken, new URL(baseUrl).origin),
      new FetchHandler(options.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS),
    ],
  });
  return {
    root,
    api: (path) => client.api(path).version(version),
    apiForLink(link) {
      if (!link.startsWith(`${root}/`)) return null;
      return client.api(link.slice(root.length)).version(version);
    },
  };
}

/** Builds a path with a properly encoded query string. */
export function graphPath(path: string, query?: Record<string, string | number | undefined>): string {
  if (!query) return path;
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    // Keys stay as written ('$top'); values are encoded.
    if (value !== undefined) pairs.push(`${key}=${encodeURIComponent(String(value))}`);
  }
  return pairs.length > 0 ? `${path}?${pairs.join('&')}` : path;
}

/** Encodes one id for a URL path segment (Graph ids may contain '/' or '+'; '=' padding stays readable). */
export function segment(id: string): string {
  return encodeURIComponent(id).replace(/%3D/gi, '=');
}
