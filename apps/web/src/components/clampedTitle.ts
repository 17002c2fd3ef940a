import type { CSSProperties } from 'react';

/**
 * A modal title that may be any length (a calendar's event title can be thousands of characters without a
 * space): wrapped anywhere and cut after three lines, so the close button beside it stays on the screen. The
 * whole title is still the dialog's accessible name.
 */
export const CLAMPED_TITLE_STYLE: CSSProperties = {
  minWidth: 0,
  overflow: 'hidden',
  overflowWrap: 'anywhere',
  display: '-webkit-box',
  WebkitLineClamp: 3,
  WebkitBoxOrient: 'vertical',
};
