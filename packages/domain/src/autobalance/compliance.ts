/**
 * Compliance (docs/spec/SCORING.md §6): the rules run with the action settings' values, grouped into time, content
 * and attendees. With mode 'any' one failed rule triggers its group; with 'all' every enabled rule of the
 * group must fail (a 'maybe' is not a failure). A meeting is non-compliant when at least one group triggers.
 */
import {
  RULE_GROUP_MODE_SETTING,
  RULE_GROUPS,
  type RuleGroup,
  type RuleKey,
  ruleGroupOf,
} from '../constants/rules';
import { runRules } from '../evaluation/evaluate';
import type { MeetingInput, RuleContext, RuleOutcome } from '../evaluation/types';
import type { ActionSettings, GroupMode } from '../settings/settings';

export interface ComplianceContext extends Omit<RuleContext, 'settings'> {
  settings: ActionSettings;
}

export interface ComplianceResult {
  compliant: boolean;
  triggeredGroups: RuleGroup[];
  /** The failed rules of the triggered groups, in display order. */
  failedRules: RuleKey[];
  /** The negative sentence of each of those rules (an action's details_negative map). */
  violations: Partial<Record<RuleKey, string>>;
  /** Every rule the action settings enable, with its outcome. */
  outcomes: Partial<Record<RuleKey, RuleOutcome>>;
}

/** Whether a group triggers, from the outcomes of its enabled rules. */
export function groupTriggers(mode: GroupMode, outcomes: readonly RuleOutcome[]): boolean {
  if (outcomes.length === 0) return false;
  let failed = 0;
  for (const o of outcomes) if (o === 'fail') failed++;
  return mode === 'all' ? failed === outcomes.length : failed > 0;
}

/** Compliance of a meeting with the action settings (whatever its scored status: check that first). */
export function evaluateCompliance(meeting: MeetingInput, context: ComplianceContext): ComplianceResult {
  const run = runRules(meeting, context);
  const byGroup: Record<RuleGroup, RuleOutcome[]> = { time: [], content: [], attendees: [] };
  const outcomes: Partial<Record<RuleKey, RuleOutcome>> = {};
  for (let i = 0; i < run.keys.length; i++) {
    const key = run.keys[i] as RuleKey;
    const outcome = run.outcomes[i] as RuleOutcome;
    outcomes[key] = outcome;
    byGroup[ruleGroupOf(key)].push(outcome);
  }
  const triggeredGroups = RULE_GROUPS.filter((group) =>
    groupTriggers(context.settings[RULE_GROUP_MODE_SETTING[group]] === 'all' ? 'all' : 'any', byGroup[group]),
  );
  const failedRules: RuleKey[] = [];
  const violations: Partial<Record<RuleKey, string>> = {};
  for (let i = 0; i < run.keys.length; i++) {
    const key = run.keys[i] as RuleKey;
    if (run.outcomes[i] === 'fail' && triggeredGroups.includes(ruleGroupOf(key))) {
      failedRules.push(key);
      violations[key] = run.sentences[i] as string;
    }
  }
  return { compliant: triggeredGroups.length === 0, triggeredGroups, failedRules, violations, outcomes };
}
