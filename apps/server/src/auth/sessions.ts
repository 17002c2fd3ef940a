import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { sessions, users } from '../db/schema';
import { hashToken, randomToken } from '../lib/crypto';

export const SESSION_COOKIE = 'MWToken';
export const CSRF_COOKIE = 'MWCsrf';
export const CSRF_HEADER = 'x-csrf-token';
export const SESSION_LIFETIME_DAYS = 25;
const SESSION_LIFETIME_MS = SESSION_LIFETIME_DAYS * 24 * 60 * 60 * 1000;

export type SessionUser = typeof users.$inferSelect;
export type Authenticated = { user: SessionUser; sessionId: string };

export async function createSession(
  db: Database,
  userId: string,
  options: { userAgent?: string | undefined; now?: Date } = {},
) {
  const token = randomToken(32);
  const now = options.now ?? new Date();
  const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
  const [row] = await db
    .insert(sessions)
    .values({
      userId,
      tokenHash: hashToken(token),
      userAgent: options.userAgent ?? null,
      expiresAt,
      lastSeenAt: now,
    })
    .returning({ id: sessions.id });
  return { token, sessionId: row!.id, expiresAt };
}

function prepareSessionLookup(db: Database) {
  return db
    .select({ sessionId: sessions.id, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('hash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .prepare('session_lookup');
}

/** Every request looks its session up: a prepared statement, built and planned once per database and connection. */
const sessionLookups = new WeakMap<Database, ReturnType<typeof prepareSessionLookup>>();

/** Resolves a session token (cookie or bearer) to its user, or null when unknown, expired or revoked. */
export async function authenticateToken(
  db: Database,
  token: string | undefined | null,
): Promise<Authenticated | null> {
  if (!token || token.length > 200) return null;
  let lookup = sessionLookups.get(db);
  if (!lookup) {
    lookup = prepareSessionLookup(db);
    sessionLookups.set(db, lookup);
  }
  const [row] = await lookup.execute({ hash: hashToken(token), now: new Date() });
  return row ? { user: row.user, sessionId: row.sessionId } : null;
}

export async function revokeSession(db: Database, sessionId: string) {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

export async function revokeAllSessions(db: Database, userId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
