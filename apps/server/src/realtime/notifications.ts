import type { AppContext } from '../context';
import { notifications } from '../db/schema';
import { broadcastToUser } from './broadcast';

type NotificationLevel = (typeof notifications.$inferInsert)['level'] & string;

export type NewNotification = {
  title?: string | null;
  message: string;
  level?: NotificationLevel;
  /** What the notification is about, for filtering and analytics (default 'general'). */
  kind?: string;
};

/** What NotificationChannel subscribers receive; the web app shows `title`, `message` and `level` as a toast. */
export type NotificationPush = {
  id: string;
  kind: string;
  title: string | null;
  message: string;
  level: NotificationLevel;
  created_at: string;
};

/**
 * Stores a notification for the user and pushes it to their open sockets (NotificationChannel). The row is
 * the record; the push is best effort, so a failed broadcast is reported but does not undo the row.
 */
export async function notifyUser(
  ctx: Pick<AppContext, 'db' | 'pubsub' | 'now'>,
  userId: string,
  notification: NewNotification,
): Promise<NotificationPush> {
  const [row] = await ctx.db
    .insert(notifications)
    .values({
      userId,
      kind: notification.kind ?? 'general',
      title: notification.title ?? null,
      message: notification.message,
      level: notification.level ?? 'info',
      createdAt: ctx.now(),
    })
    .returning();
  const push: NotificationPush = {
    id: row!.id,
    kind: row!.kind,
    title: row!.title,
    message: row!.message,
    level: row!.level,
    created_at: row!.createdAt.toISOString(),
  };
  try {
    await broadcastToUser(ctx.pubsub, 'NotificationChannel', userId, push);
  } catch (error) {
    console.error('[realtime] could not push a notification', error);
  }
  return push;
}
