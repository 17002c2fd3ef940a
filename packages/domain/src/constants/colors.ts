/** Colours of the product (both specs §9). */

export const COLORS = {
  success: '#1db08c',
  caution: '#fed93a',
  warning: '#ff8a00',
  danger: '#ff3146',
  primary: '#1f78f7',
} as const;

/** The leaderboard's 14 colours, used in order and repeated (see leaderboardColor). */
export const LEADERBOARD_COLORS = [
  '#1f78f7',
  '#1db08c',
  '#ff8a00',
  '#ff3146',
  '#fed93a',
  '#7b61ff',
  '#00b8d9',
  '#e8457c',
  '#8bc34a',
  '#a0522d',
  '#5c6f82',
  '#b04fc7',
  '#3d5afe',
  '#00897b',
] as const;

/** The colour of the n-th leaderboard row (0-based); the list repeats. */
export function leaderboardColor(index: number): string {
  const n = LEADERBOARD_COLORS.length;
  const i = Number.isFinite(index) ? ((Math.trunc(index) % n) + n) % n : 0;
  return LEADERBOARD_COLORS[i] as string;
}

/**
 * A person's colour in charts and leaderboards: from their address, not their rank, so one organizer keeps
 * one colour across views, spans and filters. (FNV-1a of the lower-cased address over the 14 colours.)
 */
export function personColor(email: string): string {
  let hash = 0x811c9dc5;
  for (const char of email.trim().toLowerCase()) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return leaderboardColor(hash % LEADERBOARD_COLORS.length);
}

/**
 * Calendar event colours: Wellness blocks by category, meetings by score band (high ≥ 80, medium-high ≥ 70,
 * medium-low ≥ 60, low below 60 — the same cut-offs as the score tiers), possible blocks, daily report events.
 */
export const EVENT_COLORS = {
  focus: '#1f78f7',
  life: '#7b61ff',
  high: COLORS.success,
  'medium-high': COLORS.caution,
  'medium-low': COLORS.warning,
  low: COLORS.danger,
  possible_block: '#9aa5b1',
  daily_report: '#5c6f82',
} as const;
