import { type CableChannel, type CableControlMessage, userControlTopic, userStreamTopic } from './channels';
import type { PubSub } from './pubsub';

export type { CableChannel } from './channels';

/**
 * Sends `message` to every socket of `userId` subscribed to `channel`, on every server process. Clients
 * receive `{"identifier": <their subscription identifier>, "message": message}`.
 *
 * Keep messages small (under ~7 kB encoded): they ride on PostgreSQL NOTIFY. Send ids, not documents.
 */
export async function broadcastToUser(
  pubsub: PubSub,
  channel: CableChannel,
  userId: string,
  message: object,
): Promise<void> {
  await pubsub.publish(userStreamTopic(channel, userId), message);
}

/**
 * Closes the user's open sockets on every process (only those opened with `sessionId`, when given), e.g. after
 * sign-out or account deletion. With `reconnect: false` the client stops trying; with `true` it reconnects
 * and is authenticated again (and refused if its session was revoked).
 */
export async function disconnectUser(
  pubsub: PubSub,
  userId: string,
  options: { sessionId?: string; reconnect?: boolean } = {},
): Promise<void> {
  const message: CableControlMessage = { type: 'disconnect', reconnect: options.reconnect ?? false };
  if (options.sessionId) message.sessionId = options.sessionId;
  await pubsub.publish(userControlTopic(userId), message);
}
