import {
  EVALUATED_RULE_KEYS,
  type EvaluationSettings,
  PRODUCT_NAME,
  RULE_WEIGHTS_OUT_OF_100,
  SETTING_LABELS,
  settingValueLabel,
} from '@meetwell/domain';

export const CULTURE_SUBJECT = 'Our meeting culture';

/**
 * The team's meeting standards in plain words, to paste in a chat or a mail: each scored rule with its value and
 * weight, the meetings left unscored, and where the standards live.
 */
export function meetingCultureText(
  settings: EvaluationSettings,
  options: { teamName?: string | null; appUrl: string },
): string {
  const rules = EVALUATED_RULE_KEYS.map((key) => {
    const weight = RULE_WEIGHTS_OUT_OF_100[key];
    const value = settingValueLabel(key, settings[key]);
    return `- ${SETTING_LABELS[key].label}: ${value}${weight > 0 ? ` (${weight} / 100)` : ''}`;
  });
  const ignored = [
    settings.ignore_all_day_meetings ? 'all-day meetings' : null,
    settings.ignore_all_hands_meetings ? 'all-hands meetings' : null,
  ].filter(Boolean);
  const team = options.teamName?.trim();
  return [
    team ? `${CULTURE_SUBJECT} at ${team}` : CULTURE_SUBJECT,
    '',
    'Every meeting is scored out of 100 against these standards:',
    ...rules,
    ...(ignored.length ? ['', `Not scored: ${ignored.join(' and ')}.`] : []),
    '',
    `We use ${PRODUCT_NAME} to keep our meetings healthy: ${options.appUrl}`,
  ].join('\n');
}

/** Opens the person's mail program with the text, addressed to no one yet. */
export function cultureMailto(text: string): string {
  return `mailto:?subject=${encodeURIComponent(CULTURE_SUBJECT)}&body=${encodeURIComponent(text)}`;
}
