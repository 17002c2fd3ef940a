import { describe, expect, it } from 'vitest';
import { parseGooglePush, verifyGooglePushToken } from './parse-google-push';

/** Headers as Node/Fastify hand them over: lower-case names. */
const headers = (state: string, number: string) => ({
  host: 'app.example.com',
  'content-length': '0',
  'x-goog-channel-id': 'chan-1',
  'x-goog-channel-token': 'per-channel-secret',
  'x-goog-channel-expiration': 'Sat, 27 Jan 2024 12:00:00 GMT',
  'x-goog-resource-id': 'res-1',
  'x-goog-resource-uri': 'https://www.googleapis.com/calendar/v3/calendars/me%40example.com/events?alt=json',
  'x-goog-resource-state': state,
  'x-goog-message-number': number,
});

describe('parseGooglePush', () => {
  it("reads the first 'sync' message of a new channel", () => {
    expect(parseGooglePush(headers('sync', '1'))).toEqual({
      channelId: 'chan-1',
      resourceId: 'res-1',
      resourceState: 'sync',
      token: 'per-channel-secret',
      messageNumber: 1,
      expiresAt: new Date('2024-01-27T12:00:00Z'),
      resourceUri: 'https://www.googleapis.com/calendar/v3/calendars/me%40example.com/events?alt=json',
    });
  });

  it("reads 'exists' and 'not_exists' change messages", () => {
    expect(parseGooglePush(headers('exists', '2'))).toMatchObject({
      resourceState: 'exists',
      messageNumber: 2,
    });
    expect(parseGooglePush(headers('not_exists', '3'))).toMatchObject({ resourceState: 'not_exists' });
  });

  it('accepts any header case and a fetch Headers object', () => {
    const mixed = { 'X-Goog-Channel-ID': 'c', 'X-Goog-Resource-ID': 'r', 'X-Goog-Resource-State': 'exists' };
    expect(parseGooglePush(mixed)).toMatchObject({ channelId: 'c', resourceId: 'r', token: undefined });
    expect(parseGooglePush(new Headers(mixed))).toMatchObject({ channelId: 'c', messageNumber: undefined });
  });

  it('rejects requests that are not Google pushes', () => {
    expect(parseGooglePush({})).toBeNull();
    expect(parseGooglePush({ ...headers('exists', '2'), 'x-goog-channel-id': undefined })).toBeNull();
    expect(parseGooglePush({ ...headers('exists', '2'), 'x-goog-resource-id': '' })).toBeNull();
    expect(parseGooglePush(headers('update', '2'))).toBeNull();
  });
});

describe('verifyGooglePushToken', () => {
  it('accepts only the secret of that channel', () => {
    const push = parseGooglePush(headers('exists', '2'))!;
    expect(verifyGooglePushToken(push, 'per-channel-secret')).toBe(true);
    expect(verifyGooglePushToken(push, 'another-channel-secret')).toBe(false);
    expect(verifyGooglePushToken({ token: undefined }, 'per-channel-secret')).toBe(false);
    expect(verifyGooglePushToken(push, '')).toBe(false);
  });
});
