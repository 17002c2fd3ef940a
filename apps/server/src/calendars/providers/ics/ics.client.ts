import { createHash } from 'node:crypto';
import { ProviderError } from '../../types';
import { inDeclaredCharset } from './decode-ics-text';
import { parseIcsFetchFailure, parseIcsHttpError } from './parse-ics-error';

const ICS_TIMEOUT_MS = 20_000;
const ICS_MAX_BYTES = 20 * 1024 * 1024;

export type IcsSource = { sourceUrl?: string | undefined; sourceBytes?: Uint8Array | undefined };

/** What the last read saw: validators for a conditional GET and a hash of the bytes. */
export type IcsValidators = {
  etag?: string | undefined;
  lastModified?: string | undefined;
  hash?: string | undefined;
};

export type IcsFetchResult =
  | { changed: false; validators: IcsValidators }
  | { changed: true; body: Uint8Array; validators: IcsValidators };

export type IcsClientOptions = {
  fetch?: typeof fetch | undefined;
  timeoutMs?: number | undefined;
  maxBytes?: number | undefined;
};

export function contentHash(bytes: Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('base64url');
}

/**
 * Reads an ICS source: the stored bytes of an imported file (`sourceBytes`), a `data:` URL, or an http(s)
 * (webcal) URL with a conditional GET (If-None-Match / If-Modified-Since). Unchanged — a 304, or the same
 * bytes — is `changed: false`. Times out after 20 s and refuses bodies over 20 MB.
 */
export async function readIcsSource(
  source: IcsSource,
  previous: IcsValidators | undefined,
  options: IcsClientOptions = {},
): Promise<IcsFetchResult> {
  if (source.sourceBytes !== undefined) return fromBytes(source.sourceBytes, {}, previous);
  const raw = source.sourceUrl?.trim();
  if (!raw) throw new ProviderError('invalid', 'This ICS calendar has neither a URL nor imported content');
  let url: URL;
  try {
    url = new URL(raw.replace(/^webcals?:/i, 'https:'));
  } catch {
    throw new ProviderError('invalid', 'The calendar URL is not a valid URL');
  }
  if (url.protocol === 'data:') return fromBytes(decodeDataUrl(raw), {}, previous);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ProviderError('invalid', `Calendar URLs must be http(s), not ${url.protocol}`);
  }

  const maxBytes = options.maxBytes ?? ICS_MAX_BYTES;
  const headers: Record<string, string> = {
    accept: 'text/calendar, text/plain;q=0.9, */*;q=0.5',
    'user-agent': 'MeetWell/1.0 (calendar subscription)',
  };
  if (previous?.etag) headers['if-none-match'] = previous.etag;
  if (previous?.lastModified) headers['if-modified-since'] = previous.lastModified;

  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(url, {
      headers,
      redirect: 'follow',
      signal: AbortSignal.timeout(options.timeoutMs ?? ICS_TIMEOUT_MS),
    });
  } catch (error) {
    throw parseIcsFetchFailure(error);
  }
  const validators: IcsValidators = {
    etag: response.headers.get('etag') ?? undefined,
    lastModified: response.headers.get('last-modified') ?? undefined,
  };
  if (response.status === 304) {
    await response.body?.cancel().catch(() => undefined);
    return { changed: false, validators: { ...previous, ...stripUndefined(validators) } };
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw parseIcsHttpError(response);
  }
  const length = Number(response.headers.get('content-length'));
  if (Number.isFinite(length) && length > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw new ProviderError(
      'invalid',
      `The calendar is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`,
    );
  }
  let body: Uint8Array;
  try {
    body = await readLimited(response, maxBytes);
  } catch (error) {
    throw parseIcsFetchFailure(error);
  }
  const charset = /charset\s*=\s*"?([^";\s]+)/i.exec(response.headers.get('content-type') ?? '')?.[1];
  return fromBytes(inDeclaredCharset(body, charset), validators, previous);
}

function fromBytes(
  body: Uint8Array,
  validators: IcsValidators,
  previous: IcsValidators | undefined,
): IcsFetchResult {
  const hash = contentHash(body);
  const next = { ...validators, hash };
  if (previous?.hash === hash) return { changed: false, validators: next };
  return { changed: true, body, validators: next };
}

async function readLimited(response: Response, maxBytes: number): Promise<Uint8Array> {
  if (!response.body) return new Uint8Array();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new ProviderError(
        'invalid',
        `The calendar is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`,
      );
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

function decodeDataUrl(raw: string): Uint8Array {
  const comma = raw.indexOf(',');
  if (comma === -1) throw new ProviderError('invalid', 'Malformed data: URL');
  const meta = raw.slice(5, comma);
  const data = raw.slice(comma + 1);
  try {
    return /;base64$/i.test(meta)
      ? Buffer.from(data, 'base64')
      : Buffer.from(decodeURIComponent(data), 'utf8');
  } catch {
    throw new ProviderError('invalid', 'Malformed data: URL');
  }
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
