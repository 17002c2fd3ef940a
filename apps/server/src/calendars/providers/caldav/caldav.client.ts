import {
  calendarMultiGet,
  calendarQuery,
  DAVClient,
  type DAVResponse,
  getBasicAuthHeaders,
  propfind,
} from 'tsdav';
import { type CalendarConnection, ProviderError } from '../../types';
import { parseCaldavError, parseCaldavFailure } from './parse-caldav-error';

const CALDAV_TIMEOUT_MS = 30_000;
const MULTIGET_CHUNK = 100;

export type CaldavClientOptions = { fetch?: typeof fetch | undefined; timeoutMs?: number | undefined };

/** One calendar object (resource) as the server holds it. */
export type CaldavObject = { href: string; etag: string; data: string };

/**
 * A fetch for tsdav that turns HTTP failures into ProviderErrors (tsdav itself returns them as data) and
 * bounds every request in time. Service discovery (/.well-known/caldav) may fail quietly: tsdav falls back.
 */
function caldavFetch(options: CaldavClientOptions = {}): typeof fetch {
  const base = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? CALDAV_TIMEOUT_MS;
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    let response: Response;
    try {
      response = await base(input, { ...init, signal: init?.signal ?? AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw parseCaldavFailure(error);
    }
    if (response.status >= 400 && !url.includes('/.well-known/')) {
      await response.body?.cancel().catch(() => undefined);
      throw parseCaldavError({ status: response.status, headers: response.headers, method: init?.method });
    }
    return response;
  };
}

export type CaldavAccess = { serverUrl: string; username: string; password: string };

export function caldavAccess(
  connection: Pick<CalendarConnection, 'sourceUrl' | 'credentials'>,
): CaldavAccess {
  const serverUrl = connection.sourceUrl;
  const username = connection.credentials?.username;
  const password = connection.credentials?.password;
  if (!serverUrl) throw new ProviderError('invalid', 'This CalDAV calendar has no server URL');
  if (!username || password === undefined)
    throw new ProviderError('auth_revoked', 'This CalDAV calendar has no credentials');
  return { serverUrl, username, password };
}

/** tsdav's client, for discovery (principal, calendar home) and the calendar list. */
export function createDavClient(access: CaldavAccess, options: CaldavClientOptions = {}): DAVClient {
  return new DAVClient({
    serverUrl: access.serverUrl,
    credentials: { username: access.username, password: access.password },
    authMethod: 'Basic',
    defaultAccountType: 'caldav',
    fetch: caldavFetch(options),
  });
}

/** The value of a DAV property as text (tsdav gives strings, numbers or { _cdata } / { _text } objects). */
export function propText(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    return propText(o._cdata ?? o._text);
  }
  return undefined;
}

/** Path of an href, decoded, to compare hrefs however the server escapes them. */
export function hrefKey(href: string, base: string): string {
  const path = new URL(href, base).pathname;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** Whether a DAV:current-user-privilege-set allows writing objects; true when the server does not say. */
export function canWriteFrom(privilegeSet: unknown): boolean {
  if (privilegeSet === undefined || privilegeSet === null || privilegeSet === '') return true;
  const names = new Set<string>();
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      names.add(key.toLowerCase());
      walk(value);
    }
  };
  walk(privilegeSet);
  return ['write', 'writecontent', 'all', 'bind'].some((n) => names.has(n));
}

/** Raw CalDAV requests for one calendar collection, authenticated with Basic, without discovery round trips. */
export class CaldavSession {
  readonly headers: Record<string, string>;
  readonly fetch: typeof fetch;

  constructor(
    readonly calendarUrl: string,
    access: CaldavAccess,
    options: CaldavClientOptions = {},
  ) {
    this.headers = getBasicAuthHeaders({ username: access.username, password: access.password });
    this.fetch = caldavFetch(options);
  }

  url(href: string): string {
    return new URL(href, this.calendarUrl).href;
  }

  /** ctag, sync token and write access of the collection. */
  async state(): Promise<{ ctag?: string | undefined; syncToken?: string | undefined; canWrite: boolean }> {
    const [response] = await propfind({
      url: this.calendarUrl,
      props: { 'cs:getctag': {}, 'd:sync-token': {}, 'd:current-user-privilege-set': {} },
      depth: '0',
      headers: this.headers,
      fetch: this.fetch,
    });
    return {
      ctag: propText(response?.props?.getctag),
      syncToken: propText(response?.props?.syncToken),
      canWrite: canWriteFrom(response?.props?.currentUserPrivilegeSet),
    };
  }

  /** Every object of the collection with its etag, keyed by decoded path. */
  async etags(): Promise<Map<string, { href: string; etag: string }>> {
    const responses = await propfind({
      url: this.calendarUrl,
      props: { 'd:getetag': {}, 'd:resourcetype': {} },
      depth: '1',
      headers: this.headers,
      fetch: this.fetch,
    });
    const self = hrefKey(this.calendarUrl, this.calendarUrl);
    const result = new Map<string, { href: string; etag: string }>();
    for (const r of responses) {
      if (!r.href) continue;
      const key = hrefKey(r.href, this.calendarUrl);
      if (key === self || key === `${self}/` || `${key}/` === self) continue;
      if (r.props?.resourcetype && Object.keys(r.props.resourcetype).includes('collection')) continue;
      const etag = propText(r.props?.getetag);
      if (etag) result.set(key, { href: r.href, etag });
    }
    return result;
  }

  private objects(responses: DAVResponse[]): CaldavObject[] {
    const result: CaldavObject[] = [];
    for (const r of responses) {
      const data = propText(r.props?.calendarData);
      const etag = propText(r.props?.getetag);
      if (!r.href || !data || !etag) continue;
      result.push({ href: r.href, etag, data });
    }
    return result;
  }

  /** The objects with events in the window (calendar-query with a time-range, RFC 4791 §9.9). */
  async query(window: { from: Date; to: Date }): Promise<CaldavObject[]> {
    const stamp = (d: Date) => `${d.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
    return this.eventQuery({
      'time-range': { _attributes: { start: stamp(window.from), end: stamp(window.to) } },
    });
  }

  /** The objects whose VEVENT matches a filter (calendar-query, RFC 4791 §7.8), with their data and etag. */
  private async eventQuery(veventFilter: Record<string, unknown>): Promise<CaldavObject[]> {
    const responses = await calendarQuery({
      url: this.calendarUrl,
      props: { 'd:getetag': {}, 'c:calendar-data': {} },
      filters: {
        'comp-filter': {
          _attributes: { name: 'VCALENDAR' },
          'comp-filter': { _attributes: { name: 'VEVENT' }, ...veventFilter },
        },
      },
      depth: '1',
      headers: this.headers,
      fetch: this.fetch,
    });
    return this.objects(responses);
  }

  /**
   * Objects by href (calendar-multiget), in chunks. Some servers (Radicale) fail the whole REPORT when one href
   * has just been deleted: that chunk is then read object by object, and the missing ones are left out.
   */
  async multiget(hrefs: string[]): Promise<CaldavObject[]> {
    const result: CaldavObject[] = [];
    for (let i = 0; i < hrefs.length; i += MULTIGET_CHUNK) {
      const chunk = hrefs.slice(i, i + MULTIGET_CHUNK);
      let responses: DAVResponse[];
      try {
        responses = await calendarMultiGet({
          url: this.calendarUrl,
          props: { 'd:getetag': {}, 'c:calendar-data': {} },
          objectUrls: chunk.map((h) => new URL(h, this.calendarUrl).pathname),
          depth: '1',
          headers: this.headers,
          fetch: this.fetch,
        });
      } catch (error) {
        if (error instanceof ProviderError && error.kind !== 'not_found') throw error;
        for (const href of chunk) {
          const object = await this.get(href);
          if (object) result.push(object);
        }
        continue;
      }
      result.push(...this.objects(responses));
    }
    return result;
  }

  /** One object by GET; undefined when it is not there. */
  async get(href: string): Promise<CaldavObject | undefined> {
    try {
      const response = await this.fetch(this.url(href), {
        method: 'GET',
        headers: { ...this.headers, accept: 'text/calendar' },
      });
      const data = await response.text();
      const etag = response.headers.get('etag');
      if (!etag || !/BEGIN:VCALENDAR/i.test(data)) return undefined;
      return { href: new URL(href, this.calendarUrl).pathname, etag, data };
    } catch (error) {
      if (error instanceof ProviderError && error.kind === 'not_found') return undefined;
      throw error;
    }
  }

  /** The object holding a UID: first `<uid>.ics` (how this app and most clients name them), then a UID query. */
  async findByUid(uid: string): Promise<CaldavObject | undefined> {
    const direct = await this.get(
      new URL(`${encodeURIComponent(uid)}.ics`, ensureSlash(this.calendarUrl)).pathname,
    );
    if (direct && uidsOf(direct.data).includes(uid)) return direct;
    const found = await this.eventQuery({
      'prop-filter': {
        _attributes: { name: 'UID' },
        'text-match': { _attributes: { collation: 'i;octet' }, _text: uid },
      },
    });
    return found.find((o) => uidsOf(o.data).includes(uid));
  }

  /** PUT an object: If-Match its etag to update, If-None-Match * to create. Returns the new etag when given. */
  async put(href: string, data: string, condition: { etag: string } | 'create'): Promise<string | undefined> {
    const headers: Record<string, string> = {
      ...this.headers,
      'content-type': 'text/calendar; charset=utf-8',
    };
    if (condition === 'create') headers['if-none-match'] = '*';
    else headers['if-match'] = condition.etag;
    const response = await this.fetch(this.url(href), { method: 'PUT', headers, body: data });
    await response.body?.cancel().catch(() => undefined);
    return response.headers.get('etag') ?? undefined;
  }

  async delete(href: string, etag?: string | undefined): Promise<void> {
    const headers: Record<string, string> = { ...this.headers };
    if (etag) headers['if-match'] = etag;
    const response = await this.fetch(this.url(href), { method: 'DELETE', headers });
    await response.body?.cancel().catch(() => undefined);
  }
}

function ensureSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}

/** UIDs of a calendar object, read cheaply (unfolded UID lines). */
function uidsOf(data: string): string[] {
  const unfolded = data.replace(/\r?\n[ \t]/g, '');
  return [...unfolded.matchAll(/^UID[^:\r\n]*:(.*)$/gim)].map((m) => m[1]!.trim());
}
