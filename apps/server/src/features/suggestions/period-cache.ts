/**
 * Review's period suggestions, kept while their period's report days are the same builds. Computing them
 * evaluates up to PERIOD_SAMPLE meetings with every move tried: seconds of CPU for a big team's year, which
 * each visit and each reload of Review asked again. Report days are dropped whenever a meeting of the scope is
 * re-evaluated, its members change, or its zone or salary (features/reports/rollups.ts); so a period whose days
 * are all built, with the same newest build as when an answer was computed, holds the same meetings, settings
 * and blocks, and the answer still holds. A period not fully built is computed and not kept. An answer is also
 * kept only so long: a suggested move of a future meeting never goes before the moment it was computed.
 */
import type { AppContext } from '../../context';
import type { StatusFilter } from '../reports/params';
import { builtPeriod } from '../reports/rollups';
import type { ReportScope } from '../reports/scope';
import { type PeriodSuggestions, suggestionsForPeriod } from './service';

/** Answers kept at most (each a few hundred bytes), the least recently read going first. */
const MAX_ENTRIES = 500;
/** How long an answer is kept at most, however still its days. */
export const PERIOD_SUGGESTIONS_MAX_AGE_MS = 10 * 60_000;

type Entry = { version: string; computedAt: number; answer: PeriodSuggestions };
const kept = new Map<string, Entry>();
/** Answers being computed: a second read of the same period waits for the first instead of computing it again. */
const underWay = new Map<string, Promise<PeriodSuggestions>>();

type Params = { scope: ReportScope; start: string; end: string; filter: StatusFilter };

/** suggestionsForPeriod, answered from what was kept while the period's days are unchanged. */
export async function periodSuggestionsKept(ctx: AppContext, params: Params): Promise<PeriodSuggestions> {
  const { scope } = params;
  const owner = scope.type === 'user' ? `user:${scope.userId}` : `company:${scope.companyId}`;
  const key = `${owner}|${params.filter.key}|${params.start}|${params.end}`;
  // Read before computing: a change during the computation drops a day, so the next read sees another version.
  // While some day is not built, nothing is kept: a change to a day nobody built yet would go unseen.
  const built = await builtPeriod(ctx.db, params);
  const version = built && `${built.meetings}:${built.newestBuild}`;
  const now = ctx.now().getTime();
  const entry = kept.get(key);
  const fresh = entry && now - entry.computedAt < PERIOD_SUGGESTIONS_MAX_AGE_MS;
  if (entry && fresh && version !== null && entry.version === version) {
    kept.delete(key);
    kept.set(key, entry);
    return entry.answer;
  }
  const running = underWay.get(`${key}|${version}`);
  if (running) return running;
  const computing = suggestionsForPeriod(ctx, { ...params, now }).then((answer) => {
    if (version === null) kept.delete(key);
    else {
      kept.delete(key);
      kept.set(key, { version, computedAt: now, answer });
      if (kept.size > MAX_ENTRIES) kept.delete(kept.keys().next().value!);
    }
    return answer;
  });
  underWay.set(`${key}|${version}`, computing);
  try {
    return await computing;
  } finally {
    underWay.delete(`${key}|${version}`);
  }
}
