import { lt } from 'drizzle-orm';
import { sessions } from '../../db/schema';
import { defineJob } from '../define';
import { jobPayloads } from '../payloads';

/** Expired sessions are kept a day (so "your session expired" can still be told apart from "unknown"). */
const EXPIRED_SESSION_RETENTION_MS = 24 * 60 * 60 * 1000;

export const cleanupExpiredSessions = defineJob({
  name: 'cleanup_expired_sessions',
  payload: jobPayloads.cleanup_expired_sessions,
  maxAttempts: 3,
  cron: { schedule: '17 3 * * *' },
  async run(_payload, { ctx, logger }) {
    const cutoff = new Date(ctx.now().getTime() - EXPIRED_SESSION_RETENTION_MS);
    const result = await ctx.db.delete(sessions).where(lt(sessions.expiresAt, cutoff));
    logger.info(`deleted ${result.rowCount ?? 0} sessions expired before ${cutoff.toISOString()}`);
  },
});
