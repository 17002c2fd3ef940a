import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';

/**
 * The demo's past nudges: the reminders and declines auto-balance would have sent to the organizers of the
 * demo team's past low-scoring meetings (so Review shows nudges from the first visit). Idempotent: one action
 * per meeting, as auto-balance keeps it.
 */
export async function seedDemoPastActions(ctx: AppContext, userIds: string[]) {
  if (userIds.length === 0) return;
  await ctx.db.execute(sql`
    insert into actions (user_id, meeting_id, action, status, organizer_email, meeting_summary, performed_at)
    select m.user_id, m.id, case when m.score < 50 then 'decline' else 'remind' end, 'done', m.organizer_email,
           m.summary, m.starts_at - interval '20 hours'
    from meetings m
    join users u on u.id = m.user_id
    where m.user_id = any(${sql.param(userIds)}::uuid[])
      and m.starts_at < ${ctx.now().toISOString()}::timestamptz
      and m.status not in ('cancelled', 'deleted')
      and m.score < 70
      and lower(coalesce(m.organizer_email, '')) <> lower(u.email)
    on conflict do nothing`);
}
