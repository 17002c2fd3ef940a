import {
  Anchor,
  type CSSVariablesResolver,
  createTheme,
  darken,
  lighten,
  type MantineColorsTuple,
  Notification,
} from '@mantine/core';
import { THEME_COLOR } from '../content/site-head';

/** Score tier colours (score ≥ 80 success, ≥ 70 caution, ≥ 60 warning, else danger). */
const SCORE_COLORS = {
  success: '#1db08c',
  caution: '#fed93a',
  warning: '#ff8a00',
  danger: '#ff3146',
} as const;

/** The brand colour, also the browser's theme colour (content/site-head.ts). */
const PRIMARY_COLOR = THEME_COLOR;

/** Ten shades with the given colour at index 6 (the primary shade). */
function shades(base: string): MantineColorsTuple {
  return [
    lighten(base, 0.92),
    lighten(base, 0.8),
    lighten(base, 0.62),
    lighten(base, 0.44),
    lighten(base, 0.26),
    lighten(base, 0.1),
    base,
    darken(base, 0.12),
    darken(base, 0.24),
    darken(base, 0.36),
  ];
}

const fontFamily =
  'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji"';

export const theme = createTheme({
  primaryColor: 'brand',
  // Shade 7 (the brand blue darkened 12 %): white on it, and it on white, reach WCAG AA's 4.5:1; shade 6
  // (the brand blue itself) stays for large surfaces and illustrations.
  primaryShade: 7,
  autoContrast: true,
  // Text on a filled colour turns dark above this luminance: at 0.18 either choice reaches 4.5:1 (Mantine's
  // default, 0.3, leaves white on mid greens and oranges at 3:1).
  luminanceThreshold: 0.18,
  colors: {
    brand: shades(PRIMARY_COLOR),
    success: shades(SCORE_COLORS.success),
    caution: shades(SCORE_COLORS.caution),
    warning: shades(SCORE_COLORS.warning),
    danger: shades(SCORE_COLORS.danger),
  },
  fontFamily,
  headings: { fontFamily, fontWeight: '750' },
  defaultRadius: 'md',
  other: { scoreColors: SCORE_COLORS },
  components: {
    // A link in running text that takes the text's colour is told apart by its underline (WCAG 1.4.1).
    Anchor: Anchor.extend({
      styles: (_theme, props) => (props.inherit ? { root: { textDecoration: 'underline' } } : {}),
    }),
    // The toast's close button is an icon: it needs a name (WCAG 4.1.2). Under a title, Mantine greys the
    // message to gray 6 (3.3:1 on white); it takes the dimmed colour, at AA contrast, instead.
    Notification: Notification.extend({
      defaultProps: { closeButtonProps: { 'aria-label': 'Close' } },
      styles: { description: { color: 'var(--mantine-color-dimmed)' } },
    }),
  },
});

/** Secondary ("dimmed") text at AA contrast on white: Mantine's default gray 6 reads 3.3:1. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});
