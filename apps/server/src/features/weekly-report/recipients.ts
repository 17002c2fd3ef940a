import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { inValues } from '../../db/bulk';
import { type CommunicationPrefs, users } from '../../db/schema';
import { type LocalSlot, zonesInSlot } from './schedule';

type UserRow = typeof users.$inferSelect;

/** The switch (besides All emails) each weekly mail needs. */
export type WeeklyMail = 'weekly_report' | 'tip';
const SWITCH: Record<WeeklyMail, keyof CommunicationPrefs> = {
  weekly_report: 'email_weekly_reports',
  tip: 'email_tips',
};

/** A switch missing from the stored preferences counts as on, as everywhere else (`!== false`). */
const switchedOn = (name: keyof CommunicationPrefs) =>
  sql`(${users.communicationPrefs} -> ${name}) is distinct from 'false'::jsonb`;

/**
 * Who may get this mail at all: an active (not deactivated) account that is not a demo, with All emails and
 * the mail's own switch on. An address that unsubscribed is left to deliverEmail, which stops its mail.
 */
function wants(mail: WeeklyMail): SQL {
  return and(
    isNull(users.deactivatedAt),
    eq(users.isDemo, false),
    switchedOn('all_communications'),
    switchedOn(SWITCH[mail]),
  ) as SQL;
}

/** The same rule for a loaded user, checked again when the mail is about to be sent. */
export function wantsWeeklyMail(user: UserRow, mail: WeeklyMail): boolean {
  return (
    user.deactivatedAt === null &&
    !user.isDemo &&
    user.communicationPrefs.all_communications !== false &&
    user.communicationPrefs[SWITCH[mail]] !== false
  );
}

/**
 * The people whose local time at `at` lies in the slot and who want the mail. The zones are read first (a few
 * hundred at most) and matched here, so the slot rule is the one tested in schedule.ts, not a copy in SQL.
 */
export async function recipientsInSlot(
  ctx: Pick<AppContext, 'db'>,
  mail: WeeklyMail,
  slot: LocalSlot,
  at: Date,
): Promise<{ id: string; timeZone: string }[]> {
  const zones = await ctx.db.selectDistinct({ timeZone: users.timeZone }).from(users).where(wants(mail));
  const matching = zonesInSlot(
    zones.map((z) => z.timeZone),
    at,
    slot,
  );
  if (matching.length === 0) return [];
  return ctx.db
    .select({ id: users.id, timeZone: users.timeZone })
    .from(users)
    .where(and(wants(mail), inValues(users.timeZone, matching)))
    .orderBy(users.id);
}
