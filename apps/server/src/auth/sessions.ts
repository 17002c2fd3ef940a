import { SESSION_TOKEN_KEY } from '@meetwell/domain';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { sessions, users } from '../db/schema';
import { hashToken, randomToken } from '../lib/crypto';
import type { PubSub } from '../realtime/pubsub';

export const SESSION_COOKIE = SESSION_TOKEN_KEY;
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
    .select({ sessionId: sessions.id, expiresAt: sessions.expiresAt, user: users })
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
  const hash = hashToken(token);
  const cache = sessionCaches.get(db);
  const cached = cache?.get(hash);
  if (cached) return cached;
  let lookup = sessionLookups.get(db);
  if (!lookup) {
    lookup = prepareSessionLookup(db);
    sessionLookups.set(db, lookup);
  }
  const generation = cache?.generation ?? 0;
  const [row] = await lookup.execute({ hash, now: new Date() });
  if (!row) return null;
  const auth = { user: row.user, sessionId: row.sessionId };
  cache?.set(hash, auth, row.expiresAt.getTime(), generation);
  return auth;
}

/** How long a looked-up session is trusted without asking the database (the bound on a missed notification). */
export const SESSION_CACHE_TTL_MS = 5_000;
const SESSION_CACHE_ENTRIES = 10_000;
const SESSIONS_CHANGED_TOPIC = 'sessions.changed';

type CachedSession = { auth: Authenticated; until: number };

/**
 * Sessions looked up in the last few seconds, per process: a busy read then costs no database round trip to
 * learn who is asking. An entry is dropped at once when this process revokes the session (sign-out) or its
 * user's sessions, and on every change a process makes through a request (a role, a plan, a deactivation);
 * changes made elsewhere (another process, a job, SQL) reach it through a database trigger's notification
 * (users and sessions tables, migration 0010). While the notification connection is down nothing is cached.
 * TTL and size bound what a missed notification could cost.
 */
export class SessionCache {
  private readonly entries = new Map<string, CachedSession>();
  /** Bumped by every eviction: a lookup that raced one does not store what it read before it. */
  generation = 0;
  private enabled: boolean;

  constructor(
    private readonly options: { ttlMs: number; maxEntries: number; now: () => number },
    listening: boolean,
  ) {
    this.enabled = listening;
  }

  get(hash: string): Authenticated | null {
    const entry = this.entries.get(hash);
    if (!entry) return null;
    this.entries.delete(hash);
    if (entry.until <= this.options.now()) return null;
    // Most recently used goes to the end of the map's order (the first is dropped when it is full).
    this.entries.set(hash, entry);
    return entry.auth;
  }

  set(hash: string, auth: Authenticated, sessionExpiresAt: number, generation: number) {
    if (!this.enabled || generation !== this.generation) return;
    this.entries.delete(hash);
    this.entries.set(hash, {
      auth,
      until: Math.min(sessionExpiresAt, this.options.now() + this.options.ttlMs),
    });
    if (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  evict(match: (auth: Authenticated) => boolean) {
    this.generation++;
    for (const [hash, entry] of this.entries) if (match(entry.auth)) this.entries.delete(hash);
  }

  clear() {
    this.generation++;
    this.entries.clear();
  }

  setEnabled(enabled: boolean) {
    this.enabled = enabled;
    this.clear();
  }

  get size() {
    return this.entries.size;
  }
}

const sessionCaches = new Map<Database, SessionCache>();

/**
 * Turns the session cache on for requests authenticated through `db` (main.ts does, for the API's database);
 * `pubsub` brings the other processes' changes. Returns the function that turns it off again.
 */
export function cacheSessions(
  db: Database,
  pubsub: PubSub,
  options: { ttlMs?: number; maxEntries?: number; now?: () => number } = {},
): () => void {
  const cache = new SessionCache(
    {
      ttlMs: options.ttlMs ?? SESSION_CACHE_TTL_MS,
      maxEntries: options.maxEntries ?? SESSION_CACHE_ENTRIES,
      now: options.now ?? Date.now,
    },
    pubsub.listening,
  );
  sessionCaches.set(db, cache);
  const unsubscribe = pubsub.subscribe(SESSIONS_CHANGED_TOPIC, (message) => {
    const userIds = new Set(Array.isArray(message) ? message : []);
    cache.evict((auth) => userIds.has(auth.user.id));
  });
  // Notifications missed while the connection is down would leave revoked sessions in: bypass until it is back.
  const stopWatching = pubsub.onListeningChange((listening) => cache.setEnabled(listening));
  return () => {
    unsubscribe();
    stopWatching();
    if (sessionCaches.get(db) === cache) sessionCaches.delete(db);
  };
}

/** Drops every cached session of this process (after a change made through a request: it may be anybody's). */
export function forgetCachedSessions() {
  for (const cache of sessionCaches.values()) cache.clear();
}

export async function revokeSession(db: Database, sessionId: string) {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
  // Refused at once in this process, whichever pool revoked it; other processes hear the trigger's notification.
  for (const cache of sessionCaches.values()) cache.evict((auth) => auth.sessionId === sessionId);
}

export async function revokeAllSessions(db: Database, userId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  for (const cache of sessionCaches.values()) cache.evict((auth) => auth.user.id === userId);
}
