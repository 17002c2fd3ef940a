/** The Action Cable channels a client may subscribe to at /cable; each streams per signed-in user. */
const CABLE_CHANNELS = ['NotificationChannel', 'MeetingRefreshChannel'] as const;

export type CableChannel = (typeof CABLE_CHANNELS)[number];

export function isCableChannel(value: unknown): value is CableChannel {
  return typeof value === 'string' && (CABLE_CHANNELS as readonly string[]).includes(value);
}

/** The PubSub topic carrying one user's messages on one channel. */
export function userStreamTopic(channel: CableChannel, userId: string): string {
  return `cable:${channel}:${userId}`;
}

/** The PubSub topic carrying control messages (disconnects) for one user's sockets. */
export function userControlTopic(userId: string): string {
  return `cable:control:${userId}`;
}

/** A control message: close the user's sockets (only those of `sessionId` when given). */
export type CableControlMessage = { type: 'disconnect'; sessionId?: string; reconnect: boolean };
