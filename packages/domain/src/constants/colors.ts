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

/** Google Calendar's event colours, by colour id: what a Wellness block's calendar event can be coloured. */
export const GOOGLE_EVENT_COLORS = [
  { id: '1', hex: '#7986cb', label: 'Lavender' },
  { id: '2', hex: '#33b679', label: 'Sage' },
  { id: '3', hex: '#8e24aa', label: 'Grape' },
  { id: '4', hex: '#e67c73', label: 'Flamingo' },
  { id: '5', hex: '#f6bf26', label: 'Banana' },
  { id: '6', hex: '#f4511e', label: 'Tangerine' },
  { id: '7', hex: '#039be5', label: 'Peacock' },
  { id: '8', hex: '#616161', label: 'Graphite' },
  { id: '9', hex: '#3f51b5', label: 'Blueberry' },
  { id: '10', hex: '#0b8043', label: 'Basil' },
  { id: '11', hex: '#d50000', label: 'Tomato' },
] as const;

/** '#rrggbb' (or '#rgb') as 0–255 channels; null when it is not a hex colour. */
function channels(hex: string): [number, number, number] | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  const digits = m[1]!.length === 3 ? [...m[1]!].map((d) => d + d).join('') : m[1]!;
  return [0, 2, 4].map((i) => Number.parseInt(digits.slice(i, i + 2), 16)) as [number, number, number];
}

/** WCAG 2 relative luminance of a hex colour (0 black – 1 white). */
export function relativeLuminance(hex: string): number {
  const rgb = channels(hex) ?? [0, 0, 0];
  const [r, g, b] = rgb.map((c) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two hex colours (1 – 21). */
export function contrastRatio(a: string, b: string): number {
  const [x, y] = [relativeLuminance(a), relativeLuminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

/**
 * Black or white, whichever reads better on a background. One of the two always reaches at least 4.58:1,
 * above WCAG AA for normal text (4.5:1); a dark grey would not (it fails on the focus blue, for one).
 */
export function readableTextColor(background: string): '#000000' | '#ffffff' {
  return contrastRatio(background, '#000000') >= contrastRatio(background, '#ffffff') ? '#000000' : '#ffffff';
}

/** A colour mixed with white: amount 0 is white, 1 the colour itself. */
export function tintColor(hex: string, amount: number): string {
  const rgb = channels(hex) ?? [0, 0, 0];
  const a = Math.min(1, Math.max(0, amount));
  return `#${rgb
    .map((c) =>
      Math.round(255 + (c - 255) * a)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}
