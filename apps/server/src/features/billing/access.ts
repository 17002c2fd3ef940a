import { isTeamAdmin } from '../../auth/policies';
import type { SessionUser } from '../../auth/sessions';
import type { Database } from '../../db/client';
import { forbidden } from '../../http/errors';

/** Plans and invoices are the team's admins' business (docs/spec/stats-team-billing-public.md §6). */
export async function requireBillingAdmin(
  db: Pick<Database, 'select'>,
  user: SessionUser,
  detail = 'Only admins can choose a plan.',
): Promise<string> {
  if (!user.companyId || !(await isTeamAdmin(db, user.id, user.companyId))) throw forbidden(detail);
  return user.companyId;
}
