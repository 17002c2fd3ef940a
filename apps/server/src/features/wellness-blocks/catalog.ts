import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { goals, tips, tipViews } from '../../db/schema';
import { notFound } from '../../http/errors';

/**
 * Goals (chosen at onboarding; their names are the 'Ideas:' chips of the Wellness block drawer) and tips
 * (the guided tips overlay). Constant rows, upserted on first read per database: no migration carries data.
 */
export const GOALS = [
  { id: 1, name: 'Deep work', category: 'focus' },
  { id: 2, name: 'Exercise', category: 'life' },
  { id: 3, name: 'Learning', category: 'focus' },
  { id: 4, name: 'Family time', category: 'life' },
  { id: 5, name: 'Lunch break', category: 'life' },
  { id: 6, name: 'Creative thinking', category: 'focus' },
  { id: 7, name: 'Planning my week', category: 'focus' },
  { id: 8, name: 'Walk outside', category: 'life' },
] as const;

export const TIPS = [
  {
    id: 1,
    tag: 'review',
    title: 'Your meeting health at a glance',
    description: 'Review shows how your meetings score, what they cost and how much of your week they take.',
  },
  {
    id: 2,
    tag: 'plan',
    title: 'Plan your week',
    description:
      'Plan shows this week’s meetings coloured by score. Click one to see why it scored that way.',
  },
  {
    id: 3,
    tag: 'agenda',
    title: 'Agendas win meetings',
    description: 'Add agenda items and objectives to a meeting: its score updates as you type.',
  },
  {
    id: 4,
    tag: 'balance',
    title: 'Protect your time',
    description:
      'Wellness blocks reserve weekly focus and life time. Meetings that overlap them lose points.',
  },
  {
    id: 5,
    tag: 'action',
    title: 'Auto-Balance',
    description:
      'Choose what happens to meetings that break your standards: a reminder to the organizer, or a decline.',
  },
  {
    id: 6,
    tag: 'enforce',
    title: 'Who gets enforced?',
    description:
      'VIP organizers are never reminded or declined, and you can limit Auto-Balance to some email domains.',
  },
] as const;

const seeded = new WeakSet<object>();

export async function ensureCatalog(ctx: Pick<AppContext, 'db'>) {
  if (seeded.has(ctx.db)) return;
  await ctx.db
    .insert(goals)
    .values(GOALS.map(({ id, name }) => ({ id, name })))
    .onConflictDoNothing({ target: goals.id });
  await ctx.db
    .insert(tips)
    .values(TIPS.map((t) => ({ ...t })))
    .onConflictDoNothing({ target: tips.id });
  seeded.add(ctx.db);
}

type CatalogContext = Pick<AppContext, 'db'>;

/** Every goal, in order, with its category. */
export async function listGoals(ctx: CatalogContext) {
  await ensureCatalog(ctx);
  const rows = await ctx.db.select().from(goals).orderBy(asc(goals.id));
  const categories = new Map<number, string>(GOALS.map((g) => [g.id, g.category]));
  return rows.map((goal) => ({ ...goal, category: categories.get(goal.id) ?? null }));
}

/** Every tip, in order, with when this person saw it (null: not yet). */
export async function tipsFor(ctx: CatalogContext, userId: string) {
  await ensureCatalog(ctx);
  return ctx.db
    .select({ tip: tips, seenAt: tipViews.seenAt })
    .from(tips)
    .leftJoin(tipViews, and(eq(tipViews.tipId, tips.id), eq(tipViews.userId, userId)))
    .orderBy(asc(tips.id));
}

/** Marks a tip seen by this person (the first time counts); a tip that does not exist is a 404. */
export async function markTipSeen(ctx: CatalogContext, userId: string, tipId: number, now: Date) {
  await ensureCatalog(ctx);
  const [tip] = await ctx.db.select().from(tips).where(eq(tips.id, tipId));
  if (!tip) throw notFound('tip');
  const [view] = await ctx.db
    .insert(tipViews)
    .values({ userId, tipId: tip.id, seenAt: now })
    .onConflictDoUpdate({ target: [tipViews.userId, tipViews.tipId], set: { seenAt: tipViews.seenAt } })
    .returning();
  return { tip, seenAt: view?.seenAt ?? now };
}

/** Forgets which tips this person saw, so they show again. */
export async function clearSeenTips(ctx: CatalogContext, userId: string) {
  await ctx.db.delete(tipViews).where(eq(tipViews.userId, userId));
}
