import { createHash, timingSafeEqual } from 'node:crypto';

type GooglePushState = 'sync' | 'exists' | 'not_exists';

/** One Google push notification, read from its headers (pushes carry no body). */
export type GooglePush = {
  /** X-Goog-Channel-ID: the channel id we chose in watch(). */
  channelId: string;
  /** X-Goog-Resource-ID: Google's id of the watched resource (needed to stop the channel). */
  resourceId: string;
  /** 'sync' is the first message after watch() (nothing changed yet); 'exists' means something changed. */
  resourceState: GooglePushState;
  /** X-Goog-Channel-Token: the per-channel secret given to watch(); verify it before trusting the push. */
  token: string | undefined;
  /** X-Goog-Message-Number: increases per channel (the sync message is 1). */
  messageNumber: number | undefined;
  /** X-Goog-Channel-Expiration, when sent. */
  expiresAt?: Date | undefined;
  /** X-Goog-Resource-URI, when sent. */
  resourceUri?: string | undefined;
};

type PushHeaders = Record<string, string | string[] | undefined> | globalThis.Headers;

const STATES: ReadonlySet<string> = new Set(['sync', 'exists', 'not_exists']);

function read(headers: PushHeaders, name: string): string | undefined {
  if (typeof (headers as globalThis.Headers).get === 'function') {
    return (headers as globalThis.Headers).get(name) ?? undefined;
  }
  for (const [key, value] of Object.entries(headers as Record<string, string | string[] | undefined>)) {
    if (key.toLowerCase() === name) return (Array.isArray(value) ? value[0] : value)?.trim();
  }
  return undefined;
}

/**
 * Reads a Google Calendar push notification from its HTTP headers (Node/Fastify lower-case header objects
 * or a fetch Headers). Returns null when the request is not a well-formed Google push. Pure: the caller
 * must still verify `token` against the channel's stored secret (verifyGooglePushToken), answer fast, and
 * do the sync in a job; a 'sync' message only confirms the channel.
 */
export function parseGooglePush(headers: PushHeaders): GooglePush | null {
  const channelId = read(headers, 'x-goog-channel-id');
  const resourceId = read(headers, 'x-goog-resource-id');
  const resourceState = read(headers, 'x-goog-resource-state');
  if (!channelId || !resourceId || !resourceState || !STATES.has(resourceState)) return null;
  const number = read(headers, 'x-goog-message-number');
  const messageNumber = number && /^\d+$/.test(number) ? Number(number) : undefined;
  const expiration = read(headers, 'x-goog-channel-expiration');
  const expiresAt = expiration ? new Date(expiration) : undefined;
  return {
    channelId,
    resourceId,
    resourceState: resourceState as GooglePushState,
    token: read(headers, 'x-goog-channel-token') || undefined,
    messageNumber,
    expiresAt: expiresAt && !Number.isNaN(expiresAt.getTime()) ? expiresAt : undefined,
    resourceUri: read(headers, 'x-goog-resource-uri') || undefined,
  };
}

/** Constant-time check of a push's channel token against the secret stored for that channel. */
export function verifyGooglePushToken(push: Pick<GooglePush, 'token'>, secret: string): boolean {
  if (!push.token || !secret) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(push.token), digest(secret));
}
