import type { AppContext } from '../../context';
import { goals, tips } from '../../db/schema';

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
