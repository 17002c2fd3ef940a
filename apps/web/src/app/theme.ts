import { createTheme, darken, lighten, type MantineColorsTuple } from '@mantine/core';

/** Score tier colours (score ≥ 80 success, ≥ 70 caution, ≥ 60 warning, else danger). */
export const SCORE_COLORS = {
  success: '#1db08c',
  caution: '#fed93a',
  warning: '#ff8a00',
  danger: '#ff3146',
} as const;

export const PRIMARY_COLOR = '#1f78f7';

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
  primaryShade: 6,
  autoContrast: true,
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
});
