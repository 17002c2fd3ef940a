import { z } from 'zod';
import {
  ActionSettingsPatchSchema,
  ActionSettingsSchema,
  EvaluationSettingsPatchSchema,
  EvaluationSettingsSchema,
} from '../settings/settings';
import { endpoint } from './endpoint';
import { documentSchema, resourceBodySchema, resourceSchema } from './jsonapi';

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

/** PATCH /users/settings: either part; each is merged into what is stored. */
export const userSettingsPatchAttributes = z
  .object({ action_settings: ActionSettingsPatchSchema, evaluation_settings: EvaluationSettingsPatchSchema })
  .partial()
  .strict();
export type UserSettingsPatch = z.input<typeof userSettingsPatchAttributes>;

export const settingsEndpoints = {
  show: endpoint({
    method: 'GET',
    path: '/api/v1/users/settings',
    summary: 'Action and evaluation settings',
    tags: ['settings'],
    access: 'signed_in',
    whenDeactivated: true,
    response: { 200: userSettingsDocument },
    errors: [],
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/v1/users/settings',
    summary: 'Change action settings (own) or evaluation settings (team admins)',
    tags: ['settings'],
    access: 'signed_in',
    body: resourceBodySchema('user_settings', userSettingsPatchAttributes),
    response: { 200: userSettingsDocument },
    errors: ['forbidden'],
  }),
};
