import type { AppContext } from '../../context';
import { requestAutoBalance } from '../autobalance/request';
import { invalidateReports } from '../reports/rollups';
import { requestReportWarmup } from '../reports/warm-reports';
import type { TouchedSpan } from './spans';

/**
 * Everything that follows a change of a user's scored meetings, in one place (called once at the end of every
 * re-evaluation, and when a calendar stops counting): the report roll-ups of those days (the user's and the
 * team's; 'all' of them when a whole calendar left) are dropped, a job rebuilds them soon after so that no
 * Review read has to, and auto-balance decides again in the workers (once per burst of changes for this user).
 */
export async function afterMeetingsChanged(
  ctx: AppContext,
  change: { userId: string; companyId: string | null; spans: readonly TouchedSpan[] | 'all' },
) {
  await invalidateReports(ctx.db, {
    userIds: [change.userId],
    companyIds: [change.companyId],
    spans: change.spans === 'all' ? undefined : change.spans,
  });
  await requestReportWarmup(ctx, change.userId);
  await requestAutoBalance(ctx, change.userId);
}
