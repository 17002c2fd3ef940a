/**
 * Evaluation and action settings: types, zod schemas, the recommended defaults (docs/spec/SCORING.md §3) and the
 * resolution of stored (possibly partial or stale) values into complete settings.
 */
import { z } from 'zod';
import {
  NON_COMPLIANCE_ACTIONS,
  type NonComplianceAction,
  REMINDER_EMAIL_PREFERENCES,
  type ReminderEmailPreference,
} from '../constants/actions';
import { MAX_ATTENDEES_IGNORE } from '../constants/options';

export type ConflictSetting = 'block' | 'allow';
export type GroupMode = 'any' | 'all';

/** The rule values shared by evaluation and action settings. A null number turns the rule off. */
export interface RuleSettings {
  /** 'block' enables the rule (shown as Prevent), 'allow' disables it. */
  focus_block_conflict: ConflictSetting;
  meeting_conflict: ConflictSetting;
  /** Hours: passes when invited/created more than this many hours before the start. */
  last_minute_schedule: number | null;
  /** People, organizer included: passes when attendees_count ≤ this. 'Ignore' or null turns it off. */
  max_attendees: number | typeof MAX_ATTENDEES_IGNORE | null;
  /** Minutes: passes when the duration ≤ this. */
  desired_duration: number | null;
  required_agenda: boolean;
  required_objectives: boolean;
  required_intention: boolean;
  required_conference_info: boolean;
  required_prework: boolean;
  /** Coming soon: stored and shown, never evaluated. */
  required_outcomes: boolean;
  required_attendee_roles: boolean;
  required_role_leader: boolean;
  required_role_time_keeper: boolean;
  required_role_recorder: boolean;
}

export interface EvaluationSettings extends RuleSettings {
  /** Kept for display; all-day meetings are never scored whatever its value (both specs say so). */
  ignore_all_day_meetings: boolean;
  /** When on, meetings whose intention is all_hands are not scored. */
  ignore_all_hands_meetings: boolean;
}

export interface ActionSettings extends RuleSettings {
  non_compliance_action: NonComplianceAction;
  /** Hours before the start when a decline happens. */
  compliance_deadline: number;
  take_action_time: GroupMode;
  take_action_content: GroupMode;
  take_action_attendees: GroupMode;
  /** When the user hears about actions taken for them. */
  reminder_email: ReminderEmailPreference;
}

const hours = z
  .number()
  .int()
  .positive()
  .max(24 * 365);
const minutes = z
  .number()
  .int()
  .positive()
  .max(60 * 24 * 365);

const ruleShape = {
  focus_block_conflict: z.enum(['block', 'allow']),
  meeting_conflict: z.enum(['block', 'allow']),
  last_minute_schedule: hours.nullable(),
  max_attendees: z
    .union([z.number().int().positive().max(100_000), z.literal(MAX_ATTENDEES_IGNORE)])
    .nullable(),
  desired_duration: minutes.nullable(),
  required_agenda: z.boolean(),
  required_objectives: z.boolean(),
  required_intention: z.boolean(),
  required_conference_info: z.boolean(),
  required_prework: z.boolean(),
  required_outcomes: z.boolean(),
  required_attendee_roles: z.boolean(),
  required_role_leader: z.boolean(),
  required_role_time_keeper: z.boolean(),
  required_role_recorder: z.boolean(),
};

export const EvaluationSettingsSchema = z.object({
  ...ruleShape,
  ignore_all_day_meetings: z.boolean(),
  ignore_all_hands_meetings: z.boolean(),
});

export const ActionSettingsSchema = z.object({
  ...ruleShape,
  non_compliance_action: z.enum(NON_COMPLIANCE_ACTIONS),
  compliance_deadline: hours,
  take_action_time: z.enum(['any', 'all']),
  take_action_content: z.enum(['any', 'all']),
  take_action_attendees: z.enum(['any', 'all']),
  reminder_email: z.enum(REMINDER_EMAIL_PREFERENCES),
});

/** For PATCH bodies: any subset of the keys, unknown keys rejected. */
export const EvaluationSettingsPatchSchema = EvaluationSettingsSchema.partial().strict();
export const ActionSettingsPatchSchema = ActionSettingsSchema.partial().strict();

export const DEFAULT_EVALUATION_SETTINGS: Readonly<EvaluationSettings> = Object.freeze({
  focus_block_conflict: 'block',
  meeting_conflict: 'block',
  last_minute_schedule: 24,
  max_attendees: 8,
  desired_duration: 60,
  required_agenda: true,
  required_objectives: true,
  required_intention: true,
  required_conference_info: true,
  required_prework: false,
  required_outcomes: false,
  required_attendee_roles: false,
  required_role_leader: false,
  required_role_time_keeper: false,
  required_role_recorder: false,
  ignore_all_day_meetings: true,
  ignore_all_hands_meetings: true,
});

export const DEFAULT_ACTION_SETTINGS: Readonly<ActionSettings> = Object.freeze({
  focus_block_conflict: 'block',
  meeting_conflict: 'block',
  last_minute_schedule: 6,
  max_attendees: 12,
  desired_duration: 90,
  required_agenda: true,
  required_objectives: false,
  required_intention: false,
  required_conference_info: false,
  required_prework: false,
  required_outcomes: false,
  required_attendee_roles: false,
  required_role_leader: false,
  required_role_time_keeper: false,
  required_role_recorder: false,
  non_compliance_action: 'decline',
  compliance_deadline: 12,
  take_action_time: 'any',
  take_action_content: 'any',
  take_action_attendees: 'any',
  reminder_email: 'pre_and_post',
});

type Shape = Record<string, z.ZodType>;

function mergeValid<T extends object>(shape: Shape, base: T, layers: readonly unknown[]): T {
  const out = { ...base } as Record<string, unknown>;
  for (const layer of layers) {
    if (!layer || typeof layer !== 'object') continue;
    for (const [key, value] of Object.entries(layer as Record<string, unknown>)) {
      const schema = shape[key];
      if (schema?.safeParse(value).success) out[key] = value;
    }
  }
  return out as T;
}

/**
 * Complete evaluation settings from stored values: each layer (later wins) is laid over the defaults;
 * unknown keys and invalid values are skipped, so a stale JSON column never breaks an evaluation.
 */
export function resolveEvaluationSettings(...layers: readonly unknown[]): EvaluationSettings {
  return mergeValid(EvaluationSettingsSchema.shape, DEFAULT_EVALUATION_SETTINGS, layers);
}

/** Complete action settings from stored values (see resolveEvaluationSettings). */
export function resolveActionSettings(...layers: readonly unknown[]): ActionSettings {
  return mergeValid(ActionSettingsSchema.shape, DEFAULT_ACTION_SETTINGS, layers);
}

/**
 * The settings that apply to a user (docs/spec/SCORING.md §3: a team's settings apply to every member).
 * Evaluation: the team's when the user is in a team that has some, else the user's own.
 * Action: the user's own over the team's defaults (its auto-balance defaults) over the product defaults.
 */
export function effectiveSettings(params: {
  teamEvaluationSettings?: unknown;
  userEvaluationSettings?: unknown;
  teamActionSettings?: unknown;
  userActionSettings?: unknown;
  inTeam: boolean;
}): { evaluation: EvaluationSettings; action: ActionSettings; defaultAction: ActionSettings } {
  const teamEval = params.inTeam ? params.teamEvaluationSettings : null;
  const hasTeamEval = !!teamEval && typeof teamEval === 'object' && Object.keys(teamEval).length > 0;
  const teamAction = params.inTeam ? params.teamActionSettings : null;
  return {
    evaluation: resolveEvaluationSettings(hasTeamEval ? teamEval : params.userEvaluationSettings),
    action: resolveActionSettings(teamAction, params.userActionSettings),
    /** What the user's action settings fall back to (a reset restores): the team's defaults over the product's. */
    defaultAction: resolveActionSettings(teamAction),
  };
}

/** Whether a rule is switched on by these settings (coming-soon rules never are). */
export function isRuleEnabled(settings: RuleSettings, key: string): boolean {
  switch (key) {
    case 'focus_block_conflict':
    case 'meeting_conflict':
      return settings[key] === 'block';
    case 'last_minute_schedule':
    case 'desired_duration': {
      const v = settings[key];
      return typeof v === 'number' && Number.isFinite(v) && v > 0;
    }
    case 'max_attendees': {
      const v = settings.max_attendees;
      return typeof v === 'number' && Number.isFinite(v) && v > 0;
    }
    case 'required_agenda':
    case 'required_objectives':
    case 'required_intention':
    case 'required_conference_info':
    case 'required_prework':
      return settings[key] === true;
    default:
      return false;
  }
}
