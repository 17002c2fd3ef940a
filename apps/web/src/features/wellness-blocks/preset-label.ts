/** ?wbLabel=… on a new Wellness block's route pre-fills its name (from a suggestion, a goal or a mail). */
export const WB_LABEL_PARAM = 'wbLabel';
const MAX_PRESET_LABEL = 100;

/** The name to start a new block with: the parameter trimmed and kept short; nothing when blank. */
export function presetLabel(value: string | null): string | undefined {
  const label = value?.trim().slice(0, MAX_PRESET_LABEL).trim();
  return label ? label : undefined;
}

/** The query string without the preset: closing the drawer must not carry it to the next page. */
export function withoutPresetLabel(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(WB_LABEL_PARAM);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
