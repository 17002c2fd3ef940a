import { z } from 'zod';
import { ActionSettingsSchema, EvaluationSettingsSchema } from '../settings/settings';
import { documentSchema, resourceSchema } from './jsonapi';

/** GET and PATCH /users/settings: the effective settings, the defaults, and who may edit the team's. */
export const userSettingsAttributes = z.object({
  action_settings: ActionSettingsSchema,
  evaluation_settings: EvaluationSettingsSchema,
  default_action_settings: ActionSettingsSchema,
  default_evaluation_settings: EvaluationSettingsSchema,
  can_edit_evaluation_settings: z.boolean(),
});
export type UserSettingsAttributes = z.infer<typeof userSettingsAttributes>;

export const userSettingsDocument = documentSchema(resourceSchema('user_settings', userSettingsAttributes));
