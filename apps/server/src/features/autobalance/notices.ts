import { createHash } from 'node:crypto';
import { type NoticeFacts, needsNotice, reminderCoveredByWarning } from '@meetwell/domain';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { inValues } from '../../db/bulk';
import { mailNotices } from '../../db/schema';
import { type ActionEmailKind, type MailSubject, noticeKey } from './keys';

/**
 * What each person (or team) was last told about each occurrence (mail_notices), and whether a mail is due:
 * the domain's needsNotice — once per occurrence and kind, ever, unless the meeting moved or was edited into
 * breaking other rules. A reminder is not due where a current decline warning already said more.
 */
export type Notices = Map<string, NoticeFacts & { emailKey: string }>;

/**
 * A meeting in floating time moves instant with the person's zone, not for its organizer: its facts hold its
 * wall clock (read as UTC, as mail_notices keeps an instant), so a zone change is no news to them.
 */
export const noticeFacts = (subject: MailSubject, rules: readonly string[]): NoticeFacts => ({
  startsAt: Date.parse(subject.start.endsWith('Z') ? subject.start : `${subject.start}Z`),
  rules: [...rules],
  version: subject.version,
});

/** The keys a decision over these occurrences may look up: every notice kind, warnings for reminders too. */
export function candidateNoticeKeys(subjects: readonly MailSubject[], kinds: readonly ActionEmailKind[]) {
  return subjects.flatMap((subject) => kinds.map((kind) => noticeKey(subject, kind)));
}

export async function loadNotices(ctx: Pick<AppContext, 'db'>, keys: readonly string[]): Promise<Notices> {
  const notices: Notices = new Map();
  if (keys.length === 0) return notices;
  const rows = await ctx.db
    .select()
    .from(mailNotices)
    .where(inValues(mailNotices.key, [...new Set(keys)]));
  for (const row of rows) {
    notices.set(row.key, {
      startsAt: row.startsAt.getTime(),
      rules: row.rules,
      version: row.version,
      emailKey: row.emailKey,
    });
  }
  return notices;
}

/** Whether a mail of `kind` about this occurrence is due, given what was said before. */
export function isDue(
  notices: Notices,
  subject: MailSubject,
  kind: ActionEmailKind,
  rules: readonly string[],
): boolean {
  const now = noticeFacts(subject, rules);
  if (!needsNotice(notices.get(noticeKey(subject, kind)), now)) return false;
  return !(
    kind === 'reminder' && reminderCoveredByWarning(notices.get(noticeKey(subject, 'decline_warning')), now)
  );
}

/** The idempotency key of the mail that carries these notices: the same set always makes the same mail. */
export function noticeEmailKey(
  kind: ActionEmailKind,
  entries: readonly { key: string; facts: NoticeFacts }[],
) {
  const digest = createHash('sha256');
  for (const entry of [...entries].sort((a, b) => a.key.localeCompare(b.key))) {
    digest.update(`${entry.key}\n${entry.facts.startsAt}\n${entry.facts.version ?? ''}\n`);
  }
  return `notice/${kind}/${digest.digest('base64url')}`;
}

/** Records that the mail `emailKey` told these occurrences (after it went out, or was found out already). */
export async function recordNotices(
  ctx: Pick<AppContext, 'db'>,
  entries: readonly { key: string; facts: NoticeFacts }[],
  emailKey: string,
) {
  if (entries.length === 0) return;
  const rows = entries.map((e) => ({
    key: e.key,
    startsAt: new Date(e.facts.startsAt),
    rules: [...e.facts.rules],
    version: e.facts.version,
    emailKey,
  }));
  await ctx.db
    .insert(mailNotices)
    .values(rows)
    .onConflictDoUpdate({
      target: mailNotices.key,
      set: {
        startsAt: sql`excluded.starts_at`,
        rules: sql`excluded.rules`,
        version: sql`excluded.version`,
        emailKey: sql`excluded.email_key`,
        noticedAt: sql`now()`,
      },
    });
}
