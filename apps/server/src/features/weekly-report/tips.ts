import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { emails, tips, tipViews, users } from '../../db/schema';
import { type DeliveryResult, deliverEmail } from '../mail/deliver';
import { ensureCatalog } from '../wellness-blocks/catalog';
import { wantsWeeklyMail } from './recipients';
import { tipEmail } from './tip.email';

const TIP_KIND = 'tip';
const DAY_MS = 86_400_000;
/** A tip mail this close before the slot means this week's tip went out already (e.g. before a zone change). */
const ONE_PER = 6 * DAY_MS;

/** A tip is mailed to a person at most once, ever: its key names the person and the tip. */
export const tipKey = (userId: string, tipId: number) => `${TIP_KIND}/${userId}/${tipId}`;

/**
 * This week's tip for the person: the first (by id) they had neither seen in the app nor been mailed before
 * the week's slot began. Everything is read as of `slotStart`, so every run of the same week (a retry, an
 * overlapping sweep) picks the same tip, and its key lets only one of them send it.
 */
async function tipOfTheWeek(ctx: Pick<AppContext, 'db'>, userId: string, slotStart: Date) {
  const [tip] = await ctx.db
    .select()
    .from(tips)
    .where(
      and(
        sql`not exists (select 1 from ${tipViews} v
          where v.user_id = ${userId} and v.tip_id = ${tips.id} and v.seen_at < ${slotStart})`,
        sql`not exists (select 1 from ${emails} e
          where e.idempotency_key = ${`${TIP_KIND}/${userId}/`} || ${tips.id}::text and e.created_at < ${slotStart})`,
      ),
    )
    .orderBy(asc(tips.id))
    .limit(1);
  return tip ?? null;
}

async function mailedTipJustBefore(ctx: Pick<AppContext, 'db'>, userId: string, slotStart: Date) {
  const [row] = await ctx.db
    .select({ id: emails.id })
    .from(emails)
    .where(
      and(
        eq(emails.userId, userId),
        eq(emails.kind, TIP_KIND),
        gte(emails.createdAt, new Date(slotStart.getTime() - ONE_PER)),
        lt(emails.createdAt, slotStart),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export type TipResult = DeliveryResult | 'not_wanted' | 'no_tip_left' | 'already_this_week';

/** Mails the person this week's tip (the week whose tip slot began at `slotStart`), at most one a week. */
export async function sendWeeklyTip(
  ctx: AppContext,
  params: { userId: string; slotStart: Date },
): Promise<TipResult> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, params.userId)).limit(1);
  if (!user || !wantsWeeklyMail(user, 'tip')) return 'not_wanted';
  if (await mailedTipJustBefore(ctx, user.id, params.slotStart)) return 'already_this_week';
  // The tips are constant rows the catalog writes on first use; the app may not have read them yet.
  await ensureCatalog(ctx);
  const tip = await tipOfTheWeek(ctx, user.id, params.slotStart);
  if (!tip) return 'no_tip_left';
  const mail = await tipEmail(
    { to: user.email, title: tip.title, description: tip.description },
    ctx.config.appUrl,
  );
  return deliverEmail(ctx, {
    key: tipKey(user.id, tip.id),
    kind: TIP_KIND,
    to: user.email,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    userId: user.id,
  });
}

/** The tip the person's next tip mail would carry (the first not seen nor mailed before `now`), rendered. */
export async function nextTipMail(ctx: AppContext, user: { id: string; email: string }, now: Date) {
  await ensureCatalog(ctx);
  const tip = await tipOfTheWeek(ctx, user.id, now);
  if (!tip) return null;
  return tipEmail({ to: user.email, title: tip.title, description: tip.description }, ctx.config.appUrl);
}
